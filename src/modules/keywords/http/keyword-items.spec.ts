import { AppError } from '../../../common/errors/app-error.js';
import { checkKeywordDraft } from '../keyword-rules.js';
import { keywordDraftsOf } from './keyword-items.js';

/** What POST /keywords makes of one item: read by the controller, checked by the service. */
const outcomeOf = (item: unknown) => checkKeywordDraft(keywordDraftsOf([item])[0]);

describe('a POST /keywords item', () => {
  it('keeps the mode and tracking asked for', () => {
    expect(
      outcomeOf({ text: 'acme', mode: 'broad', track_posts: false, track_comments: true }),
    ).toMatchObject({
      ok: true,
      keyword: { mode: 'broad', trackPosts: false, trackComments: true },
    });
  });

  it('keeps the query given, and has none without one', () => {
    expect(outcomeOf({ text: 'acme', query: 'acme -sub:acme' })).toMatchObject({
      ok: true,
      keyword: { query: 'acme -sub:acme' },
    });
    expect(outcomeOf({ text: 'acme' })).toMatchObject({ ok: true, keyword: { query: null } });
  });

  it.each([
    ['a string', 'acme', 'acme', 'each keyword must be an object with a text field'],
    ['an array', ['acme'], '', 'each keyword must be an object with a text field'],
    ['no text', { mode: 'exact' }, '', 'text is required and must be a string'],
    ['a text that is not a string', { text: 42 }, '', 'text is required and must be a string'],
    [
      'a track flag that is not a boolean',
      { text: 'acme', track_posts: 'yes' },
      'acme',
      'track_posts must be a boolean',
    ],
    [
      'a misspelt field',
      { text: 'acme', track_comment: false },
      'acme',
      'unknown field track_comment; allowed: text, mode, track_posts, track_comments, exclude, subreddits, exclude_subreddits, exclude_authors, query, backfill_hours',
    ],
  ])('refuses %s, naming the text and the rule', (_case, item, text, message) => {
    expect(outcomeOf(item)).toEqual({ ok: false, text, message });
  });
});

describe('keywordDraftsOf', () => {
  it('accepts { keywords: [...] }, a bare array, or a single { text } object', () => {
    const item = { text: 'acme' };
    expect(keywordDraftsOf({ keywords: [item] })).toEqual([item]);
    expect(keywordDraftsOf([item])).toEqual([item]);
    expect(keywordDraftsOf(item)).toEqual([item]);
  });

  it.each([
    [
      'null',
      null,
      'body must be { keywords: [...] }, an array of keywords, or a single { text } object',
    ],
    [
      'a string',
      'acme',
      'body must be { keywords: [...] }, an array of keywords, or a single { text } object',
    ],
    ['keywords that are not a list', { keywords: 'acme' }, 'keywords must be an array'],
  ])('refuses %s as a whole', (_case, body, message) => {
    expect(() => keywordDraftsOf(body)).toThrow(new AppError('invalid_body', message));
  });
});

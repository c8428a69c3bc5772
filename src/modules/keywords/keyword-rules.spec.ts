import {
  KEYWORDS_PER_REQUEST_MAX,
  keywordIdentity,
  keywordItemsOf,
  parseKeywordInput,
} from './keyword-rules.js';

describe('parseKeywordInput', () => {
  it('stores the text with its whitespace collapsed, and identifies it by its folded form', () => {
    expect(parseKeywordInput({ text: '  Acme \t Corp\n' })).toEqual({
      ok: true,
      keyword: {
        text: 'Acme Corp',
        normalizedText: 'acme corp',
        mode: 'exact',
        trackPosts: true,
        trackComments: true,
      },
    });
  });

  it('keeps the mode and tracking asked for', () => {
    expect(
      parseKeywordInput({ text: 'acme', mode: 'broad', track_posts: false, track_comments: true }),
    ).toMatchObject({
      ok: true,
      keyword: { mode: 'broad', trackPosts: false, trackComments: true },
    });
  });

  it.each([
    ['a string', 'acme', 'acme', 'each keyword must be an object with a text field'],
    ['an array', ['acme'], '', 'each keyword must be an object with a text field'],
    ['no text', { mode: 'exact' }, '', 'text is required and must be a string'],
    ['a text that is not a string', { text: 42 }, '', 'text is required and must be a string'],
    ['one character', { text: ' a ' }, 'a', 'text must be 2 to 80 characters'],
    ['81 characters', { text: 'x'.repeat(81) }, 'x'.repeat(81), 'text must be 2 to 80 characters'],
    ['seven words', { text: 'a b c d e f g' }, 'a b c d e f g', 'text must have at most 6 words'],
    [
      'an unknown mode',
      { text: 'acme', mode: 'fuzzy' },
      'acme',
      'mode must be one of exact, proximity, broad',
    ],
    [
      'a track flag that is not a boolean',
      { text: 'acme', track_posts: 'yes' },
      'acme',
      'track_posts must be a boolean',
    ],
    [
      'nothing to track',
      { text: 'acme', track_posts: false, track_comments: false },
      'acme',
      'at least one of track_posts and track_comments must be true',
    ],
    [
      'a misspelt field',
      { text: 'acme', track_comment: false },
      'acme',
      'unknown field track_comment; allowed: text, mode, track_posts, track_comments',
    ],
  ])('refuses %s, naming the text and the rule', (_case, item, text, message) => {
    expect(parseKeywordInput(item)).toEqual({ ok: false, text, message });
  });

  it('counts characters, not UTF-16 units, against the length limit', () => {
    expect(parseKeywordInput({ text: '🚀'.repeat(80) })).toMatchObject({ ok: true });
    expect(parseKeywordInput({ text: '🚀' })).toMatchObject({ ok: false });
  });
});

describe('keywordIdentity', () => {
  it('makes texts that differ only in case, width or spacing one keyword', () => {
    expect(keywordIdentity('ＡＣＭＥ  Corp')).toBe(keywordIdentity('acme corp'));
    expect(keywordIdentity('acme corp')).not.toBe(keywordIdentity('acme corps'));
  });
});

describe('keywordItemsOf', () => {
  it('accepts { keywords: [...] }, a bare array, or a single { text } object', () => {
    const item = { text: 'acme' };
    expect(keywordItemsOf({ keywords: [item] })).toEqual([item]);
    expect(keywordItemsOf([item])).toEqual([item]);
    expect(keywordItemsOf(item)).toEqual([item]);
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
    ['no keywords', { keywords: [] }, `keywords must hold 1 to ${KEYWORDS_PER_REQUEST_MAX} items`],
    [
      'more keywords than one request takes',
      Array.from({ length: KEYWORDS_PER_REQUEST_MAX + 1 }, (_, i) => ({ text: `k${i}` })),
      `keywords must hold 1 to ${KEYWORDS_PER_REQUEST_MAX} items`,
    ],
  ])('refuses %s as a whole', (_case, body, message) => {
    expect(keywordItemsOf(body)).toBe(message);
  });
});

import { checkKeywordDraft, keywordIdentity } from './keyword-rules.js';

describe('checkKeywordDraft', () => {
  it('stores the text with its whitespace collapsed, and identifies it by its folded form', () => {
    expect(checkKeywordDraft({ text: '  Acme \t Corp\n' })).toEqual({
      ok: true,
      keyword: {
        text: 'Acme Corp',
        normalizedText: 'acme corp',
        mode: 'exact',
        trackPosts: true,
        trackComments: true,
        filters: { exclude: [], subreddits: [], excludeSubreddits: [], excludeAuthors: [] },
        query: null,
        backfillHours: 0,
      },
    });
  });

  it('takes backfill_hours from 0 to RECENT_ITEMS_HOURS, and only 0 without a window', () => {
    expect(checkKeywordDraft({ text: 'acme', backfillHours: 24 }, 24)).toMatchObject({
      ok: true,
      keyword: { backfillHours: 24 },
    });
    expect(checkKeywordDraft({ text: 'acme', backfillHours: null }, 24)).toMatchObject({
      ok: true,
      keyword: { backfillHours: 0 },
    });
    for (const [hours, window] of [
      [25, 24],
      [-1, 24],
      [1.5, 24],
      ['2', 24],
      [1, 0],
    ] as const) {
      expect(checkKeywordDraft({ text: 'acme', backfillHours: hours }, window)).toEqual({
        ok: false,
        text: 'acme',
        message: `backfill_hours must be an integer from 0 to ${window}`,
      });
    }
  });

  it('keeps a query as written, and takes null for none', () => {
    const query = '("acme crm" OR  acmecrm) -author:AutoModerator';
    expect(checkKeywordDraft({ text: 'acme', query })).toMatchObject({
      ok: true,
      keyword: { query },
    });
    expect(checkKeywordDraft({ text: 'acme', query: null })).toMatchObject({
      ok: true,
      keyword: { query: null },
    });
  });

  it('takes the defaults for values given as null, as GraphQL sends them', () => {
    expect(
      checkKeywordDraft({ text: 'acme', mode: null, trackPosts: null, trackComments: false }),
    ).toMatchObject({
      ok: true,
      keyword: { mode: 'exact', trackPosts: true, trackComments: false },
    });
  });

  it.each([
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
      'nothing to track',
      { text: 'acme', trackPosts: false, trackComments: false },
      'acme',
      'at least one of track_posts and track_comments must be true',
    ],
    [
      'an item its transport could not read',
      { text: 'acme', unreadable: 'each keyword must be an object with a text field' },
      'acme',
      'each keyword must be an object with a text field',
    ],
    [
      'a query the parser refuses',
      { text: 'acme', query: 'acme OR price OR' },
      'acme',
      'query: expected a term after OR at character 17',
    ],
    [
      'an empty query',
      { text: 'acme', query: '' },
      'acme',
      'query: expected a term at character 1',
    ],
    [
      'a query of only negations',
      { text: 'acme', query: '-acme' },
      'acme',
      'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT (only negations match nothing) at character 1',
    ],
    [
      'a query over 1,000 characters',
      { text: 'acme', query: 'a'.repeat(1001) },
      'acme',
      'query: expected at most 1000 characters at character 1001',
    ],
    [
      'a query that is not a string',
      { text: 'acme', query: 42 },
      'acme',
      'query must be a string or null',
    ],
  ])('refuses %s, naming the text and the rule', (_case, draft, text, message) => {
    expect(checkKeywordDraft(draft)).toEqual({ ok: false, text, message });
  });

  it('counts characters, not UTF-16 units, against the length limit', () => {
    expect(checkKeywordDraft({ text: '🚀'.repeat(80) })).toMatchObject({ ok: true });
    expect(checkKeywordDraft({ text: '🚀' })).toMatchObject({ ok: false });
  });
});

describe('keywordIdentity', () => {
  it('makes texts that differ only in case, width or spacing one keyword', () => {
    expect(keywordIdentity('ＡＣＭＥ  Corp')).toBe(keywordIdentity('acme corp'));
    expect(keywordIdentity('acme corp')).not.toBe(keywordIdentity('acme corps'));
  });
});

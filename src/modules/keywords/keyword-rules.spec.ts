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
      },
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

import type { KeywordDefinition, KeywordMode } from '../keyword-definition.js';
import type { MatchInput } from '../match-input.js';
import { matchHighlights, type Highlight } from './match-highlights.js';

/*
 * Highlights (docs/matching.md, "Highlights"): the spans of raw text that made a keyword or a
 * query match an item, as the keyword preview shows them.
 */

function query(text: string, more: Partial<KeywordDefinition> = {}): KeywordDefinition {
  return {
    id: 'kw',
    accountId: 'account',
    text: 'name',
    mode: 'exact',
    trackPosts: true,
    trackComments: true,
    query: text,
    ...more,
  };
}

function keyword(text: string, mode: KeywordMode): KeywordDefinition {
  return { ...query(''), text, mode, query: null };
}

type Item = Omit<MatchInput, 'type' | 'fields'>;
const SOURCE: Item = { subreddit: 'technology', author: 'someone' };

function post(title: string, selftext = '', item: Partial<Item> = {}): MatchInput {
  return { type: 'post', fields: [title, selftext], ...SOURCE, ...item };
}

function comment(body: string, item: Partial<Item> = {}): MatchInput {
  return { type: 'comment', fields: [body], ...SOURCE, ...item };
}

/** Each highlight as its field and the raw text it covers. */
function marked(definition: KeywordDefinition, input: MatchInput): [string, string][] {
  const text = (highlight: Highlight): string => {
    const index = highlight.field === 'selftext' ? 1 : 0;
    return input.fields[index].slice(highlight.start, highlight.end);
  };
  return matchHighlights(definition, input).map((highlight) => [highlight.field, text(highlight)]);
}

describe('matchHighlights', () => {
  describe('v1 keywords', () => {
    it('exact: every occurrence of the phrase, in the field it is in', () => {
      const input = post('Acme CRM vs the rest', 'I moved to acme   crm. Acme is fine, CRM too.');
      expect(marked(keyword('acme crm', 'exact'), input)).toEqual([
        ['title', 'Acme CRM'],
        ['selftext', 'acme   crm'],
      ]);
    });

    it('exact: the symbols of the keyword are part of the span', () => {
      expect(marked(keyword('c++', 'exact'), comment('I love C++! And c++20, not abc++.'))).toEqual(
        [
          ['comment', 'C++'],
          ['comment', 'c++'],
        ],
      );
      expect(marked(keyword('.net', 'exact'), comment('ASP.NET is .net'))).toEqual([
        ['comment', '.NET'],
        ['comment', '.net'],
      ]);
    });

    it('exact: a keyword of symbols only is highlighted as its substring', () => {
      expect(marked(keyword('=>', 'exact'), comment('x => y, a=>b'))).toEqual([
        ['comment', '=>'],
        ['comment', '=>'],
      ]);
    });

    it('proximity: the words inside the window that matched, not those elsewhere', () => {
      const input = comment('price first. ' + 'filler '.repeat(10) + 'price tracking works');
      expect(marked(keyword('price tracking', 'proximity'), input)).toEqual([
        ['comment', 'price'],
        ['comment', 'tracking'],
      ]);
      expect(matchHighlights(keyword('price tracking', 'proximity'), input)[0].start).toBe(83);
    });

    it('proximity with three words: those inside a window holding all three', () => {
      const input = comment('acme alone here. ' + 'x '.repeat(12) + 'tool from acme, a crm');
      expect(marked(keyword('acme crm tool', 'proximity'), input)).toEqual([
        ['comment', 'tool'],
        ['comment', 'acme'],
        ['comment', 'crm'],
      ]);
    });

    it('broad: the words whose stems match, in the field holding them all', () => {
      const input = post('Tracking prices', 'We tracked the prices; price tracker');
      expect(marked(keyword('price tracking', 'broad'), input)).toEqual([
        ['title', 'Tracking'],
        ['title', 'prices'],
        ['selftext', 'tracked'],
        ['selftext', 'prices'],
        ['selftext', 'price'],
      ]);
      expect(marked(keyword('price tracking', 'broad'), post('price', 'tracking'))).toEqual([]);
    });

    it('nothing for an item the keyword does not match, or its filters refuse', () => {
      expect(marked(keyword('acme', 'exact'), comment('acmecorp'))).toEqual([]);
      const filtered = {
        ...keyword('acme', 'exact'),
        filters: { exclude: ['spam'], subreddits: [], excludeSubreddits: [], excludeAuthors: [] },
      };
      expect(marked(filtered, comment('acme spam'))).toEqual([]);
      expect(marked(filtered, comment('acme ham'))).toEqual([['comment', 'acme']]);
      expect(
        marked({ ...keyword('acme', 'exact'), trackComments: false }, comment('acme')),
      ).toEqual([]);
    });
  });

  describe('queries', () => {
    it('a word, a phrase, a prefix (the whole word), a case-sensitive term, a literal', () => {
      expect(marked(query('acme'), comment('Acme, acme! acmecorp'))).toEqual([
        ['comment', 'Acme'],
        ['comment', 'acme'],
      ]);
      expect(marked(query('"acme crm"'), comment('the Acme CRM, acme crms'))).toEqual([
        ['comment', 'Acme CRM'],
      ]);
      expect(marked(query('plug*'), comment('Plugins and unplug and plug'))).toEqual([
        ['comment', 'Plugins'],
        ['comment', 'plug'],
      ]);
      expect(marked(query('"switch fro*"'), comment('Switch from Jira'))).toEqual([
        ['comment', 'Switch from'],
      ]);
      expect(marked(query('{ACME}'), comment('Acme or ACME'))).toEqual([['comment', 'ACME']]);
      expect(marked(query('`c++20`'), comment('abc++2024 and C++20'))).toEqual([
        ['comment', 'c++20'],
        ['comment', 'C++20'],
      ]);
      expect(marked(query('`=> {`'), comment('x =>    { y }'))).toEqual([['comment', '=>    {']]);
    });

    it('AND: every term, across the fields of a post', () => {
      expect(marked(query('acme crm'), post('Acme is here', 'a CRM too'))).toEqual([
        ['title', 'Acme'],
        ['selftext', 'CRM'],
      ]);
    });

    it('OR: only the branches that hold', () => {
      expect(marked(query('acme OR globex'), comment('acme only'))).toEqual([['comment', 'acme']]);
      expect(marked(query('(acme crm) OR globex'), comment('acme and globex'))).toEqual([
        ['comment', 'globex'],
      ]);
      expect(marked(query('acme OR globex'), comment('globex, acme'))).toEqual([
        ['comment', 'globex'],
        ['comment', 'acme'],
      ]);
    });

    it('a branch true but for its counts is not highlighted', () => {
      const input = comment('acme and globex', { score: 3 });
      expect(marked(query('(acme score:>=25) OR globex'), input)).toEqual([['comment', 'globex']]);
    });

    it('nothing under NOT, and nothing for item fields', () => {
      expect(marked(query('acme -crm'), comment('acme without it'))).toEqual([['comment', 'acme']]);
      expect(marked(query('acme -(spam NEAR/2 eggs)'), comment('acme spam and eggs'))).toEqual([]);
      expect(marked(query('acme NOT (spam NEAR/1 eggs)'), comment('acme spam x y eggs'))).toEqual([
        ['comment', 'acme'],
      ]);
      expect(
        marked(query('acme sub:technology author:someone type:comment'), comment('hi acme')),
      ).toEqual([['comment', 'acme']]);
    });

    it('a query matched by an item field alone has no highlight', () => {
      expect(matchHighlights(query('sub:technology type:post'), post('anything'))).toEqual([]);
      expect(matchHighlights(query('acme OR sub:technology'), post('no brand'))).toEqual([]);
    });

    it('scopes: title: only in the title, body: only in the selftext', () => {
      const input = post('Acme launch', 'acme launch details');
      expect(marked(query('title:acme launch'), input)).toEqual([
        ['title', 'Acme'],
        ['title', 'launch'],
        ['selftext', 'launch'],
      ]);
      expect(marked(query('body:acme'), input)).toEqual([['selftext', 'acme']]);
      expect(marked(query('title:(globex OR launch)'), input)).toEqual([['title', 'launch']]);
    });

    it("a comment's title: looks in its post's title, which is not highlighted", () => {
      const input = comment('we use acme', { parentTitle: 'Best CRM?' });
      expect(marked(query('title:crm acme'), input)).toEqual([['comment', 'acme']]);
      expect(matchHighlights(query('title:crm'), input)).toEqual([]);
    });

    it('NEAR: the words of the pair within the distance, not a far occurrence', () => {
      const input = comment('acme first, ' + 'x '.repeat(9) + 'then acme pricing was cheap');
      expect(marked(query('acme NEAR/2 pricing'), input)).toEqual([
        ['comment', 'acme'],
        ['comment', 'pricing'],
      ]);
      expect(matchHighlights(query('acme NEAR/2 pricing'), input)[0].start).toBe(35);
    });

    it('ONEAR: only a pair in order', () => {
      const input = comment('pricing acme, and later acme x pricing');
      expect(marked(query('acme ONEAR/2 pricing'), input)).toEqual([
        ['comment', 'acme'],
        ['comment', 'pricing'],
      ]);
      expect(matchHighlights(query('acme ONEAR/2 pricing'), input)[0].start).toBe(24);
    });

    it('NEAR with groups: the terms of each side inside the stretch where it holds', () => {
      const input = comment('Alternatives to Salesforce? hubspot is far away from here, really');
      expect(
        marked(query('(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot)'), input),
      ).toEqual([
        ['comment', 'Alternatives'],
        ['comment', 'Salesforce'],
        ['comment', 'hubspot'],
      ]);
    });

    it('NEAR in one field: not a pair across title and selftext', () => {
      expect(matchHighlights(query('acme NEAR/3 crm'), post('acme', 'crm'))).toEqual([]);
    });

    it('touching and overlapping spans are merged', () => {
      expect(marked(query('"acme crm" crm'), comment('acme crm'))).toEqual([
        ['comment', 'acme crm'],
      ]);
      expect(marked(query('`acme.` `.io`'), comment('acme.io'))).toEqual([['comment', 'acme.io']]);
    });

    it('the documented examples', () => {
      expect(
        marked(
          query('("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator'),
          comment('Trying AcmeCRM at https://acme.io/x'),
        ),
      ).toEqual([['comment', 'AcmeCRM']]);
      expect(
        marked(
          query('title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)'),
          post('Recommendations for a CRM?', 'looking for a crm', { subreddit: 'startups' }),
        ),
      ).toEqual([
        ['title', 'Recommendations'],
        ['title', 'CRM'],
        ['selftext', 'crm'],
      ]);
      expect(
        marked(
          query('postgres NEAR/3 (backup OR restore) -body:"pg_dump"'),
          post('Postgres backup and restore', 'Use pg_restore'),
        ),
      ).toEqual([
        ['title', 'Postgres'],
        ['title', 'backup'],
        ['title', 'restore'],
      ]);
    });
  });

  describe('offsets in the raw text when folding changes lengths', () => {
    it.each([
      ['a ligature', 'ﬁnd', 'the ﬁnd of the year', 'ﬁnd'],
      ['a dotted capital I', 'İstanbul', 'İstanbul is big', 'İstanbul'],
      ['a word after a dotted capital I', 'acme', 'İzmir: Acme', 'Acme'],
      ['a sharp s', 'straße', 'die STRAßE hier', 'STRAßE'],
      ['full-width letters', 'acme', 'ＡＣＭＥ rocks', 'ＡＣＭＥ'],
      ['a combining mark', 'café', 'the cafe\u0301 is open', 'cafe\u0301'],
      ['emoji before it', 'acme', '🚀🚀 Acme 👍🏽', 'Acme'],
      ['a ligature inside the word', 'office', 'the Oﬃce is shut', 'Oﬃce'],
      ['a circled number before it', 'acme', '⑴ acme', 'acme'],
      ['half-width Hangul letters that compose into one', '가', 'ﾡￂ 좋아', 'ﾡￂ'],
      ['a word after them', 'acme', 'ﾡￂ acme', 'acme'],
    ])('%s', (_, term, text, expected) => {
      const highlights = matchHighlights(query(term), comment(text));
      expect(highlights).toHaveLength(1);
      const [{ start, end }] = highlights;
      expect(text.slice(start, end)).toBe(expected);
    });

    it('a case-sensitive term after text whose folding grows', () => {
      const text = 'İİ ﬁ ACME';
      const [highlight] = matchHighlights(query('{ACME}'), comment(text));
      expect(text.slice(highlight.start, highlight.end)).toBe('ACME');
    });

    it('a word spread over a character that folds into several', () => {
      // `⑴` folds to `(1)`: the word `1` is one part of it, so the whole character is marked.
      expect(marked(query('1'), comment('see ⑴ here'))).toEqual([['comment', '⑴']]);
    });
  });

  it('stays fast on a 40 KB text with a common word', () => {
    const text = 'the acme pricing of the tool is the best, '.repeat(1000);
    const started = performance.now();
    const highlights = matchHighlights(keyword('the pricing', 'proximity'), comment(text));
    const elapsed = performance.now() - started;
    expect(highlights.length).toBeGreaterThan(1000);
    expect(elapsed).toBeLessThan(2000);
  });
});

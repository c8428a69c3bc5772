import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordMatcher, type KeywordMatcherOptions } from './keyword-matcher.js';
import type { MatchInput } from './match-input.js';
import { QueryError } from './query/query-error.js';

/*
 * Queries (decisions.md section 13) through the whole matcher: filed under their anchors,
 * found by the index, decided by the evaluator or by the rule their shape compiles to.
 */

function keyword(query: string, more: Partial<KeywordDefinition> = {}): KeywordDefinition {
  return {
    id: `kw-${query}`,
    accountId: 'account',
    text: 'name',
    mode: 'exact',
    trackPosts: true,
    trackComments: true,
    query,
    ...more,
  };
}

type Item = Omit<MatchInput, 'type' | 'fields'>;
const SOURCE: Item = { subreddit: 'technology', author: 'someone' };

function post(title: string, selftext = '', item: Partial<Item> = {}): MatchInput {
  return { type: 'post', fields: [title, selftext], ...SOURCE, ...item };
}

function comment(body: string, item: Partial<Item> = {}): MatchInput {
  return { type: 'comment', fields: [body], ...SOURCE, ...item };
}

function matches(query: string, input: MatchInput, options?: KeywordMatcherOptions): boolean {
  const found = new KeywordMatcher([keyword(query)], options).match(input);
  return found.length === 1;
}

describe('KeywordMatcher with queries', () => {
  describe('terms', () => {
    it('matches a word only as a whole word', () => {
      expect(matches('raff', comment('Raff is here'))).toBe(true);
      expect(matches('raff', comment('traffic near the giraffe'))).toBe(false);
    });

    it.each([
      ['acme-crm', 'acme rocks', 'acme-crm rocks'],
      ['e-mail', 'send an e to me', 'send an e-mail'],
      ['foo.bar', 'foo is here', 'see foo.bar'],
      ["don't", 'don is here', "don't go"],
    ])('matches the word %j only whole, not on its first part alone', (word, firstPart, whole) => {
      for (const query of [word, `(${word} OR zzz)`, `${word} -zzz`, `x ${word}`]) {
        expect([query, matches(query, comment(`x ${firstPart}`))]).toEqual([query, false]);
        expect([query, matches(query, comment(`x ${whole}`))]).toEqual([query, true]);
      }
    });

    it('matches a phrase as an exact phrase inside one field', () => {
      expect(matches('"acme crm"', comment('We moved to Acme   CRM.'))).toBe(true);
      expect(matches('"acme crm"', comment('acme has a crm'))).toBe(false);
      expect(matches('"acme crm"', post('all about acme', 'crm here'))).toBe(false);
    });

    it('matches a prefix at the start of a word', () => {
      expect(matches('plug*', comment('Any plugins for this?'))).toBe(true);
      expect(matches('plug*', comment('I had to unplug it'))).toBe(false);
      expect(matches('"switch fro*"', comment('we switched from x; switch from y'))).toBe(true);
      expect(matches('"switch fro*"', comment('switch to'))).toBe(false);
    });

    it('compares a case-sensitive term without folding case', () => {
      expect(matches('{ARC} browser', comment('The ARC browser is fast'))).toBe(true);
      expect(matches('{ARC} browser', comment('an arc browser'))).toBe(false);
      expect(matches('{"Acme Corp"}', comment('Acme Corp, yes'))).toBe(true);
      expect(matches('{"Acme Corp"}', comment('ACME CORP'))).toBe(false);
    });

    it('finds a literal as a substring, symbols as written and a space for any whitespace', () => {
      expect(matches('`c++20`', comment('abc++2024 is out'))).toBe(true);
      expect(matches('`c++20`', comment('c++ 20'))).toBe(false);
      expect(matches('`=> {`', comment('x =>\n\t{ y }'))).toBe(true);
      expect(matches('`acme.IO`', comment('see ACME.io'))).toBe(true);
    });
  });

  describe('logic', () => {
    it('ANDs with a space, across a post title and selftext', () => {
      expect(matches('acme crm', post('acme', 'a crm'))).toBe(true);
      expect(matches('acme crm', post('acme', 'nothing'))).toBe(false);
    });

    it('takes OR, NOT and a leading - as operators only in capitals', () => {
      expect(matches('acme OR globex', comment('globex'))).toBe(true);
      expect(matches('acme or globex', comment('globex'))).toBe(false);
      expect(matches('acme or globex', comment('acme or globex'))).toBe(true);
      expect(matches('acme NOT spam', comment('acme spam'))).toBe(false);
      expect(matches('acme -spam', comment('acme ham'))).toBe(true);
      expect(matches('acme -spam', post('acme', 'spam'))).toBe(false);
    });

    it('binds NOT before AND before OR', () => {
      expect(matches('a1 b1 OR c1', comment('c1'))).toBe(true);
      expect(matches('a1 b1 OR c1', comment('a1'))).toBe(false);
      expect(matches('a1 (b1 OR c1)', comment('c1'))).toBe(false);
    });

    it('NEAR/n leaves at most n words between the sides, in either order', () => {
      expect(matches('acme NEAR/2 crm', comment('acme is a crm'))).toBe(true);
      expect(matches('acme NEAR/2 crm', comment('crm? the acme one'))).toBe(true);
      expect(matches('acme NEAR/2 crm', comment('acme is not a crm'))).toBe(false);
    });

    it('ONEAR/n wants the left side first', () => {
      expect(matches('acme ONEAR/2 crm', comment('acme is a crm'))).toBe(true);
      expect(matches('acme ONEAR/2 crm', comment('crm by acme'))).toBe(false);
    });

    it('takes groups as NEAR sides, inside one field', () => {
      const query = '(best OR top) NEAR/1 (crm OR "sales tool")';
      expect(matches(query, comment('the top free sales tool'))).toBe(true);
      expect(matches(query, comment('best of all, crm'))).toBe(false);
      expect(matches(query, post('the best', 'crm'))).toBe(false);
      expect(matches('(acme crm) NEAR/1 cheap', comment('crm acme cheap'))).toBe(true);
      expect(matches('(acme crm) NEAR/1 cheap', comment('acme cheap and then a crm'))).toBe(true);
      expect(matches('(acme crm) NEAR/1 cheap', comment('cheap, then far off: acme crm'))).toBe(
        false,
      );
    });
  });

  describe('scopes', () => {
    it('title: looks in a post title, body: in its selftext', () => {
      expect(matches('title:acme', post('acme', ''))).toBe(true);
      expect(matches('title:acme', post('x', 'acme'))).toBe(false);
      expect(matches('body:acme', post('x', 'acme'))).toBe(true);
      expect(matches('body:acme', post('acme', 'x'))).toBe(false);
      expect(matches('title:(acme OR globex) crm', post('globex', 'crm'))).toBe(true);
    });

    it("title: looks in a comment's parent post title, body: in the comment", () => {
      const reply = comment('what about crm', { parentTitle: 'Acme launches' });
      expect(matches('title:acme crm', reply)).toBe(true);
      expect(matches('body:acme', reply)).toBe(false);
      expect(matches('acme', reply)).toBe(false);
      expect(matches('title:acme', comment('acme'))).toBe(false);
    });

    it("never matches a keyword without a query on a comment's parent title", () => {
      const matcher = new KeywordMatcher([
        keyword('title:acme'),
        { ...keyword('plain'), query: null, text: 'acme' },
      ]);
      const found = matcher.match(comment('hello', { parentTitle: 'acme' }));
      expect(found.map(({ id }) => id)).toEqual(['kw-title:acme']);
    });
  });

  describe('item fields', () => {
    it('sub: and author: take any of the names, in any case, without r/ or u/', () => {
      expect(matches('acme sub:(Rust,r/golang)', comment('acme', { subreddit: 'golang' }))).toBe(
        true,
      );
      expect(matches('acme sub:rust', comment('acme', { subreddit: 'python' }))).toBe(false);
      expect(
        matches('acme -author:u/AutoModerator', comment('acme', { author: 'automoderator' })),
      ).toBe(false);
    });

    it("flair: compares the post's flair", () => {
      expect(matches('acme flair:"Help Wanted"', post('acme', '', { flair: 'help wanted' }))).toBe(
        true,
      );
      expect(matches('acme flair:"help"', post('acme', '', { flair: 'Help Wanted' }))).toBe(false);
      expect(matches('acme flair:help', post('acme'))).toBe(false);
    });

    it('site: takes a link post domain or a URL in the text, subdomains included', () => {
      const link = { url: 'https://blog.Acme.io/post', isSelf: false };
      expect(matches('launch site:acme.io', post('launch', '', link))).toBe(true);
      expect(matches('launch site:acme.io', post('launch', 'see http://www.acme.io/x'))).toBe(true);
      expect(matches('launch site:acme.io', post('launch', 'see notacme.io'))).toBe(false);
      expect(matches('launch site:acme.io', post('launch', 'https://acme.io.evil.com'))).toBe(
        false,
      );
    });

    it('type:, self: and nsfw: compare the item', () => {
      expect(matches('acme type:post', post('acme'))).toBe(true);
      expect(matches('acme type:post', comment('acme'))).toBe(false);
      expect(matches('acme type:comment', comment('acme'))).toBe(true);
      expect(matches('acme self:yes', post('acme', '', { isSelf: true }))).toBe(true);
      expect(matches('acme self:no', post('acme', '', { isSelf: true }))).toBe(false);
      expect(matches('acme nsfw:no', post('acme', '', { nsfw: false }))).toBe(true);
      expect(matches('acme nsfw:no', post('acme', '', { nsfw: true }))).toBe(false);
      expect(matches('acme nsfw:no', post('acme'))).toBe(false);
    });

    it('lang: asks the detector once per item, only when a candidate reaches the clause', () => {
      const asked: string[] = [];
      const detectLanguage = (text: string) => {
        asked.push(text);
        return text.includes('bonjour') ? 'fr' : 'en';
      };
      const matcher = new KeywordMatcher(
        [keyword('acme lang:fr'), keyword('(acme OR globex) lang:fr')],
        { detectLanguage },
      );
      expect(matcher.match(post('nothing here', 'at all'))).toEqual([]);
      expect(asked).toEqual([]);
      expect(matcher.match(post('acme bonjour', 'globex'))).toHaveLength(2);
      expect(asked).toEqual(['acme bonjour\nglobex']);
      expect(matcher.match(comment('acme hello'))).toEqual([]);
      expect(asked).toHaveLength(2);
    });

    it('lang: is asked last in an AND, wherever it is written', () => {
      const asked: string[] = [];
      const detectLanguage = (text: string) => {
        asked.push(text);
        return 'en';
      };
      const matcher = new KeywordMatcher([keyword('lang:en acme pricing')], { detectLanguage });
      expect(matcher.match(comment('acme is great'))).toEqual([]);
      expect(asked).toEqual([]);
      expect(matcher.match(comment('acme pricing is great'))).toHaveLength(1);
      expect(asked).toEqual(['acme pricing is great']);
    });

    it('lang: matches nothing without a detector', () => {
      expect(matches('acme lang:en', comment('acme is great'))).toBe(false);
    });

    it('score: and comments: match on the counts the item has when it is seen', () => {
      const counts = { score: 30, numComments: 10 };
      expect(matches('acme score:>=25 comments:>=10', post('acme', '', counts))).toBe(true);
      expect(matches('acme score:>30', post('acme', '', counts))).toBe(false);
      expect(matches('acme score:<=30 comments:=10', post('acme', '', counts))).toBe(true);
      expect(matches('acme comments:<10', post('acme', '', counts))).toBe(false);
    });

    it('sets apart items that hold everything but their count clauses, once filters admit them', () => {
      const matcher = new KeywordMatcher([
        keyword('acme score:>=25'),
        keyword('(acme score:>=25) OR globex'),
        keyword('acme -spam comments:>=5', {
          filters: { exclude: ['ad'], subreddits: [], excludeSubreddits: [], excludeAuthors: [] },
        }),
      ]);
      const pending: KeywordDefinition[] = [];
      const matched = matcher.match(post('acme', '', { score: 3, numComments: 0 }), pending);
      expect(matched).toEqual([]);
      expect(pending.map(({ id }) => id).sort()).toEqual(
        [
          'kw-(acme score:>=25) OR globex',
          'kw-acme -spam comments:>=5',
          'kw-acme score:>=25',
        ].sort(),
      );
      const later: KeywordDefinition[] = [];
      expect(matcher.match(post('acme globex', '', { score: 3 }), later)).toHaveLength(1);
      expect(later).toHaveLength(2);
      const spam: KeywordDefinition[] = [];
      const counted = matcher.match(post('acme spam ad', '', { score: 99, numComments: 99 }), spam);
      expect(counted.map(({ id }) => id)).not.toContain('kw-acme -spam comments:>=5');
      expect(counted).toHaveLength(2);
      expect(spam).toEqual([]);
    });

    it('decides a count clause under NOT by the counts the item has now', () => {
      const matcher = new KeywordMatcher([keyword('acme -score:>=10')]);
      const verdict = (score: number | undefined) => {
        const pending: KeywordDefinition[] = [];
        const matched = matcher.match(post('acme', '', { score }), pending);
        return matched.length > 0 ? 'match' : pending.length > 0 ? 'pending' : 'no';
      };

      expect(verdict(5)).toBe('match');
      expect(verdict(50)).toBe('pending');
      expect(verdict(undefined)).toBe('pending');
    });

    it('keeps existing callers: match() alone leaves pending items out', () => {
      expect(matches('acme score:>=25', post('acme', '', { score: 1 }))).toBe(false);
    });
  });

  describe('anchors', () => {
    it('files an OR under each branch and reports the keyword once', () => {
      const matcher = new KeywordMatcher([keyword('acme OR globex OR "initech corp"')]);
      expect(matcher.match(post('acme and globex', 'acme, Initech Corp'))).toHaveLength(1);
      expect(matcher.match(comment('initech corp'))).toHaveLength(1);
      expect(matcher.match(comment('initech'))).toHaveLength(0);
    });

    it('finds a query with no text term by its subreddit, author or site', () => {
      const matcher = new KeywordMatcher([
        keyword('sub:rust type:post'),
        keyword('author:(Alice,bob) -sub:pics'),
        keyword('site:acme.io'),
      ]);
      const ids = (input: MatchInput) => matcher.match(input).map(({ id }) => id);
      expect(ids(post('anything', '', { subreddit: 'Rust' }))).toEqual(['kw-sub:rust type:post']);
      expect(ids(comment('anything', { subreddit: 'rust' }))).toEqual([]);
      expect(ids(comment('hi', { author: 'ALICE' }))).toEqual(['kw-author:(Alice,bob) -sub:pics']);
      expect(ids(comment('hi', { author: 'bob', subreddit: 'pics' }))).toEqual([]);
      expect(ids(comment('read https://docs.acme.io/start'))).toEqual(['kw-site:acme.io']);
      expect(ids(comment('Lisez ça : https://acme.io'))).toEqual(['kw-site:acme.io']);
      expect(ids(post('Launch', 'at HTTPS://ACME.IO today'))).toEqual(['kw-site:acme.io']);
      expect(ids(post('https://acme.io is up', 'nothing else'))).toEqual(['kw-site:acme.io']);
      expect(ids(comment('time 10:30 / acme.io'))).toEqual([]);
      expect(ids(post('x', '', { url: 'https://acme.io', isSelf: false }))).toEqual([
        'kw-site:acme.io',
      ]);
    });

    it('verifies only the queries filed under what the item holds, however many there are', () => {
      const definitions = Array.from({ length: 2000 }, (_, index) => [
        keyword(`sub:sub${index} type:post`),
        keyword(`(brand${index} OR "maker ${index}") -spam`),
        keyword(`author:user${index} brand${index}`),
      ]).flat();
      const matcher = new KeywordMatcher(definitions);
      const before = matcher.candidatesVerified;
      const found = matcher.match(
        post('brand7 and Maker 7 and brand9', '', { subreddit: 'Sub7', author: 'user7' }),
      );
      expect(found.map(({ id }) => id).sort()).toEqual(
        [
          'kw-(brand7 OR "maker 7") -spam',
          'kw-(brand9 OR "maker 9") -spam',
          'kw-author:user7 brand7',
          'kw-sub:sub7 type:post',
        ].sort(),
      );
      expect(matcher.candidatesVerified - before).toBeLessThanOrEqual(6);
    });

    it('makes a prefix a candidate only where a word starts with it', () => {
      const matcher = new KeywordMatcher([keyword('recommend*'), keyword('rec*')]);
      const ids = (text: string) =>
        matcher
          .match(comment(text))
          .map(({ id }) => id)
          .sort();
      const before = matcher.candidatesVerified;
      expect(ids('recommen and recombine')).toEqual(['kw-rec*']);
      expect(matcher.candidatesVerified - before).toBe(1);
      expect(ids('a record of Recommendations')).toEqual(['kw-rec*', 'kw-recommend*']);
      expect(matcher.candidatesVerified - before).toBe(3);
      expect(ids('recommend')).toEqual(['kw-rec*', 'kw-recommend*']);
    });

    it('verifies a title: or body: query only where its anchor occurs in that field', () => {
      const queries = ['title:acme', 'body:acme', '(title:acme) OR (body:acme price)'];
      const matcher = new KeywordMatcher(queries.map((query) => keyword(query)));
      const found = (input: MatchInput) => {
        const before = matcher.candidatesVerified;
        const ids = matcher.match(input).map(({ id }) => id);
        return { ids: ids.sort(), verified: matcher.candidatesVerified - before };
      };
      expect(found(post('acme', 'nothing'))).toEqual({
        ids: ['kw-(title:acme) OR (body:acme price)', 'kw-title:acme'],
        verified: 2,
      });
      expect(found(post('nothing', 'acme'))).toEqual({ ids: ['kw-body:acme'], verified: 2 });
      expect(found(comment('acme'))).toEqual({ ids: ['kw-body:acme'], verified: 2 });
      expect(found(comment('hello', { parentTitle: 'Acme' }))).toEqual({
        ids: ['kw-(title:acme) OR (body:acme price)', 'kw-title:acme'],
        verified: 2,
      });
    });

    it('refuses a query without a positive anchor', () => {
      for (const query of ['-acme', 'flair:help type:post', 'acme OR lang:en', 'score:>=5']) {
        expect(() => new KeywordMatcher([keyword(query)])).toThrow(QueryError);
      }
    });

    it('forgets a removed query and files it again on upsert', () => {
      const matcher = new KeywordMatcher([keyword('(acme OR sub:rust) -spam')]);
      matcher.remove('kw-(acme OR sub:rust) -spam');
      expect(matcher.size).toBe(0);
      expect(matcher.match(comment('acme', { subreddit: 'rust' }))).toEqual([]);
      matcher.upsert(keyword('(acme OR sub:rust) -spam'));
      matcher.upsert(keyword('(acme OR sub:rust) -spam'));
      expect(matcher.size).toBe(1);
      expect(matcher.match(comment('hello', { subreddit: 'rust' }))).toHaveLength(1);
      expect(matcher.match(comment('acme spam'))).toHaveLength(0);
    });

    it('keeps each query its own program as queries are replaced and their programs reused', () => {
      const matcher = new KeywordMatcher([keyword('globex -cheap')]);
      const texts = ['acme -free', 'acme -paid', 'initech -free', 'acme -free'];
      for (const [round, query] of texts.entries()) {
        matcher.upsert({ ...keyword(query), id: 'changing' });
        matcher.upsert({ ...keyword(`"acme crm" -x${round}`), id: `added-${round}` });
        const found = (text: string) =>
          matcher
            .match(comment(text))
            .map(({ id }) => id)
            .sort();
        const changing = query.startsWith('acme') ? ['changing'] : [];
        expect(found('acme crm and globex')).toEqual([
          ...Array.from({ length: round + 1 }, (_, added) => `added-${added}`),
          ...changing,
          'kw-globex -cheap',
        ]);
        expect(found('acme free, globex cheap')).toEqual(
          query === 'acme -paid' ? ['changing'] : [],
        );
      }
    });

    it('applies the track flags and the filter lists beside a query', () => {
      const postsOnly = keyword('acme OR globex', { trackComments: false });
      expect(new KeywordMatcher([postsOnly]).match(comment('acme'))).toEqual([]);
      expect(new KeywordMatcher([postsOnly]).match(post('acme'))).toHaveLength(1);
      const filtered = keyword('acme OR globex', {
        filters: { exclude: [], subreddits: [], excludeSubreddits: ['pics'], excludeAuthors: [] },
      });
      expect(new KeywordMatcher([filtered]).match(comment('acme', { subreddit: 'Pics' }))).toEqual(
        [],
      );
    });

    it('matches a query of a keyword shape as the keyword would, whatever its mode', () => {
      const phrase = keyword('"acme corp"', { mode: 'broad' });
      expect(new KeywordMatcher([phrase]).match(comment('corp of acme'))).toEqual([]);
      expect(new KeywordMatcher([phrase]).match(comment('Acme Corp!'))).toHaveLength(1);
    });
  });

  describe('the examples of decisions.md section 13', () => {
    it.each<[string, MatchInput, boolean]>([
      [
        '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator',
        comment('try acmecrm'),
        true,
      ],
      [
        '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator',
        comment('see https://acme.io', { author: 'AutoModerator' }),
        false,
      ],
      [
        '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator',
        post('link', '', { url: 'https://app.acme.io/a', isSelf: false }),
        true,
      ],
      [
        '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
        post('Alternatives to HubSpot?'),
        true,
      ],
      [
        '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
        post('We want to switch from our old tool, which is Salesforce'),
        true,
      ],
      [
        '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
        comment('alternatives to hubspot'),
        false,
      ],
      [
        '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
        post('switch from a b c d e f g salesforce'),
        false,
      ],
      [
        'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
        post('Recommendations?', 'which crm', { subreddit: 'startups' }),
        true,
      ],
      [
        'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
        post('Help', 'recommend a crm', { subreddit: 'startups' }),
        false,
      ],
      [
        'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
        post('Looking for a CRM', '', { subreddit: 'sales' }),
        false,
      ],
      ['{ARC} browser -sub:(arc,ArcBrowser)', post('Is ARC the best browser?'), true],
      [
        '{ARC} browser -sub:(arc,ArcBrowser)',
        post('Is ARC the best browser?', '', { subreddit: 'arcbrowser' }),
        false,
      ],
      ['{ARC} browser -sub:(arc,ArcBrowser)', post('an arc of a browser'), false],
      ['`C++20` modules', comment('Modules in c++20 finally'), true],
      ['`C++20` modules', comment('c++ modules'), false],
      [
        'acme type:post score:>=25 comments:>=10',
        post('acme', '', { score: 25, numComments: 10 }),
        true,
      ],
      [
        'acme type:post score:>=25 comments:>=10',
        post('acme', '', { score: 25, numComments: 9 }),
        false,
      ],
      [
        '"data breach" ONEAR/4 acme -flair:Meme nsfw:no',
        post('Data breach at big acme', '', { nsfw: false }),
        true,
      ],
      [
        '"data breach" ONEAR/4 acme -flair:Meme nsfw:no',
        post('acme data breach', '', { nsfw: false }),
        false,
      ],
      [
        '"data breach" ONEAR/4 acme -flair:Meme nsfw:no',
        post('data breach: acme', '', { nsfw: false, flair: 'meme' }),
        false,
      ],
      ['(pricing OR price*) (acme OR globex) lang:en', comment('Globex prices went up'), true],
      [
        '(pricing OR price*) (acme OR globex) lang:en',
        comment('Les prix de Globex, bonjour'),
        false,
      ],
      [
        'sub:rust type:post -title:"weekly thread"',
        post('Announcing Rust 2.0', '', { subreddit: 'rust' }),
        true,
      ],
      [
        'sub:rust type:post -title:"weekly thread"',
        post('Weekly Thread: questions', '', { subreddit: 'rust' }),
        false,
      ],
      [
        'postgres NEAR/3 (backup OR restore) -body:"pg_dump"',
        post('Postgres point in time restore'),
        true,
      ],
      [
        'postgres NEAR/3 (backup OR restore) -body:"pg_dump"',
        post('postgres backup', 'use pg_dump'),
        false,
      ],
      [
        'postgres NEAR/3 (backup OR restore) -body:"pg_dump"',
        post('postgres is slow, and about backup'),
        false,
      ],
    ])('%s on %j: %s', (query, input, expected) => {
      const detectLanguage = (text: string) => (text.includes('bonjour') ? 'fr' : 'en');
      expect(matches(query, input, { detectLanguage })).toBe(expected);
    });
  });
});

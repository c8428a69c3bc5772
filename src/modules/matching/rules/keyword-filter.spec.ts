import type { KeywordDefinition, KeywordFilters, KeywordMode } from '../keyword-definition.js';
import { KeywordMatcher, type MatchInput } from '../keyword-matcher.js';

const NONE: KeywordFilters = {
  exclude: [],
  subreddits: [],
  excludeSubreddits: [],
  excludeAuthors: [],
};

function keyword(
  text: string,
  filters: Partial<KeywordFilters>,
  mode: KeywordMode = 'exact',
): KeywordDefinition {
  return {
    id: `kw-${text}`,
    accountId: 'account',
    text,
    mode,
    trackPosts: true,
    trackComments: true,
    filters: { ...NONE, ...filters },
  };
}

interface Source {
  subreddit?: string;
  author?: string;
}

function post(title: string, selftext: string, source: Source = {}): MatchInput {
  return { type: 'post', fields: [title, selftext], subreddit: 'tech', author: 'alice', ...source };
}

function comment(body: string, source: Source = {}): MatchInput {
  return { type: 'comment', fields: [body], subreddit: 'tech', author: 'alice', ...source };
}

function matches(definition: KeywordDefinition, input: MatchInput): boolean {
  return new KeywordMatcher([definition]).match(input).length === 1;
}

describe('keyword filters', () => {
  describe('exclude', () => {
    const acme = keyword('acme', { exclude: ['free trial', 'c++'] });

    it('drops a match when a field holds an exclusion phrase', () => {
      expect(matches(acme, comment('acme has a free trial'))).toBe(false);
      expect(matches(acme, comment('acme pricing'))).toBe(true);
    });

    it('drops a post matched by its selftext when the phrase is in its title, and the reverse', () => {
      expect(matches(acme, post('Free trial ending', 'I use acme daily'))).toBe(false);
      expect(matches(acme, post('acme review', 'the free trial was short'))).toBe(false);
      expect(matches(acme, post('acme review', 'worth it'))).toBe(true);
    });

    it('compares after NFKC and lower-casing, on both sides', () => {
      expect(matches(acme, comment('acme ＦＲＥＥ　ＴＲＩＡＬ'))).toBe(false);
      const fullWidth = keyword('acme', { exclude: ['ＦＲＥＥ Trial'] });
      expect(matches(fullWidth, comment('ACME free trial'))).toBe(false);
    });

    it('keeps the word boundaries of exact keywords', () => {
      expect(matches(acme, comment('acme freetrial'))).toBe(true);
      expect(matches(acme, comment('acme free trials'))).toBe(true);
      expect(matches(acme, comment('acme free, trial'))).toBe(true);
      expect(matches(acme, comment('acme free\n trial!'))).toBe(false);
      expect(matches(acme, comment('acme in c++!'))).toBe(false);
      expect(matches(acme, comment('acme in c'))).toBe(true);
    });

    it('applies to every mode', () => {
      for (const mode of ['exact', 'proximity', 'broad'] as const) {
        const definition = keyword('price tracking', { exclude: ['spam'] }, mode);
        expect(matches(definition, comment('price tracking for spam'))).toBe(false);
        expect(matches(definition, comment('price tracking for you'))).toBe(true);
      }
    });
  });

  describe('subreddits', () => {
    const acme = keyword('acme', { subreddits: ['AskReddit', 'tech'] });

    it('matches only items from the listed subreddits, in any case', () => {
      expect(matches(acme, comment('acme', { subreddit: 'askreddit' }))).toBe(true);
      expect(matches(acme, comment('acme', { subreddit: 'TECH' }))).toBe(true);
      expect(matches(acme, comment('acme', { subreddit: 'pics' }))).toBe(false);
    });
  });

  describe('exclude_subreddits', () => {
    it('never matches items from the listed subreddits, in any case', () => {
      const acme = keyword('acme', { excludeSubreddits: ['Pics'] });
      expect(matches(acme, post('acme', '', { subreddit: 'pics' }))).toBe(false);
      expect(matches(acme, post('acme', '', { subreddit: 'news' }))).toBe(true);
    });
  });

  describe('exclude_authors', () => {
    it('never matches items by the listed authors, in any case', () => {
      const acme = keyword('acme', { excludeAuthors: ['AutoModerator'] });
      expect(matches(acme, comment('acme', { author: 'automoderator' }))).toBe(false);
      expect(matches(acme, comment('acme', { author: 'bob' }))).toBe(true);
    });
  });

  describe('combined', () => {
    const acme = keyword('acme', {
      exclude: ['giveaway'],
      subreddits: ['tech', 'news'],
      excludeSubreddits: ['news'],
      excludeAuthors: ['spammer'],
    });

    it('matches only when every filter admits the item', () => {
      expect(matches(acme, comment('acme launch'))).toBe(true);
      expect(matches(acme, comment('acme giveaway'))).toBe(false);
      expect(matches(acme, comment('acme launch', { subreddit: 'pics' }))).toBe(false);
      expect(matches(acme, comment('acme launch', { subreddit: 'news' }))).toBe(false);
      expect(matches(acme, comment('acme launch', { author: 'Spammer' }))).toBe(false);
    });
  });

  describe('in the index', () => {
    it('filters one keyword without touching another matching the same item', () => {
      const filtered = keyword('acme', { exclude: ['widget'] });
      const plain = { ...keyword('acme widget', {}), filters: undefined };
      const matcher = new KeywordMatcher([filtered, plain]);
      expect(matcher.match(comment('acme widget')).map((k) => k.id)).toEqual([plain.id]);
    });

    it('applies changed filters on upsert and none once they are cleared', () => {
      const matcher = new KeywordMatcher([keyword('acme', { exclude: ['widget'] })]);
      expect(matcher.match(comment('acme widget'))).toHaveLength(0);
      matcher.upsert(keyword('acme', {}));
      expect(matcher.match(comment('acme widget'))).toHaveLength(1);
      matcher.upsert(keyword('acme', { excludeAuthors: ['alice'] }));
      expect(matcher.match(comment('acme widget'))).toHaveLength(0);
    });

    it('keeps a name for the keywords still using it when another one goes', () => {
      const kept = keyword('acme', { subreddits: ['Pics'] });
      const gone = keyword('acme corp', { excludeSubreddits: ['pics'] });
      const matcher = new KeywordMatcher([gone, kept]);
      matcher.remove(gone.id);
      expect(matcher.match(comment('acme', { subreddit: 'pics' }))).toEqual([kept]);
      expect(matcher.match(comment('acme', { subreddit: 'news' }))).toEqual([]);
    });

    it('matches a keyword on a word that only excluded before, and excludes it again once it goes', () => {
      const filtered = keyword('acme', { exclude: ['zeta'] });
      const matcher = new KeywordMatcher([filtered]);
      const zeta = keyword('zeta', {});
      matcher.upsert(zeta);
      expect(matcher.match(comment('acme zeta')).map((k) => k.id)).toEqual([zeta.id]);
      matcher.remove(zeta.id);
      expect(matcher.match(comment('acme zeta'))).toEqual([]);
      expect(matcher.match(comment('acme alone'))).toEqual([filtered]);
    });

    it('keeps finding an exclusion phrase whose words no keyword uses after other keywords go', () => {
      const matcher = new KeywordMatcher([
        keyword('acme', { exclude: ['zeta omega'] }),
        keyword('zeta omega', {}),
      ]);
      matcher.remove('kw-zeta omega');
      expect(matcher.match(comment('acme zeta omega'))).toHaveLength(0);
    });
  });
});

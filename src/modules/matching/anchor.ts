import { tokenRarity } from './common-words.js';
import type { TermKind } from './term.js';

/**
 * What a keyword is indexed under: the matcher verifies a keyword only where its anchor occurs
 * in the text, so the anchor should be rare in text and shared by few keywords. A phrase
 * anchor (a token and the token that must follow it, as in "best vpn") is far rarer than
 * either token alone, which keeps phrases of common words ("how to", "the best") from being
 * verified on every item.
 *
 * Rarity in text is estimated in bits from English word frequencies (common-words.ts). The
 * cost of an anchor is how often it occurs times the keywords filed under it, so each doubling
 * of the keywords already there costs one bit: a popular brand stops attracting every new
 * keyword that mentions it, but a rare one still beats a common word.
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

export function chooseAnchor(
  options: readonly Anchor[],
  keywordsSharing: (anchor: Anchor) => number,
): Anchor {
  if (options.length === 1) return options[0];
  const score = (anchor: Anchor): number =>
    tokenRarity(anchor.token) +
    (anchor.nextKey === null ? 0 : tokenRarity(anchor.nextKey)) -
    Math.log2(1 + keywordsSharing(anchor));
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

import { tokenRarity } from '../text/common-words.js';
import type { TermKind } from './term.js';

/**
 * What a keyword is indexed under: it is verified only where its anchor occurs, so the anchor
 * should be rare in text and shared by few keywords. A phrase anchor ("best vpn") is far rarer
 * than either token alone; rarity is in bits (common-words.ts), and each doubling of the keywords
 * already filed under an anchor costs one bit (docs/matching.md).
 */
export interface Anchor {
  readonly kind: TermKind;
  readonly key: string;
  /** The token that must follow `key` in the text, or null for a single-token anchor. */
  readonly nextKey: string | null;
  /** Position of the anchor's (first) token in the keyword phrase (exact mode verifies from there). */
  readonly tokenOffset: number;
  /**
   * How rare the anchor is in text, in bits (common-words.ts): its tokens' rarities added; for
   * a stem, the rarity of the keyword token it was taken from.
   */
  readonly rarity: number;
}

export function tokenAnchor(key: string, nextKey: string | null, tokenOffset: number): Anchor {
  const rarity = tokenRarity(key) + (nextKey === null ? 0 : tokenRarity(nextKey));
  return { kind: 'token', key, nextKey, tokenOffset, rarity };
}

/** `keywordsSharing`: how many keywords are already filed under an option (given with its index). */
export function chooseAnchor(
  options: readonly Anchor[],
  keywordsSharing: (anchor: Anchor, index: number) => number,
): Anchor {
  if (options.length === 1) return options[0];
  let best = options[0];
  let bestScore = best.rarity - Math.log2(1 + keywordsSharing(best, 0));
  for (let index = 1; index < options.length; index++) {
    const option = options[index];
    const score = option.rarity - Math.log2(1 + keywordsSharing(option, index));
    if (score > bestScore) {
      best = option;
      bestScore = score;
    }
  }
  return best;
}

/**
 * What a keyword is indexed under: the matcher verifies a keyword only where its anchor occurs
 * in the text, so the anchor should be as rare as possible. A phrase anchor (a token and the
 * token that must follow it, as in "best vpn") is far rarer than either token alone, which
 * keeps phrases of common words ("how to", "the best") from being verified on every item.
 *
 * Without corpus statistics, rarity is estimated: common English function words count least,
 * longer tokens more (word frequency falls steeply with length); ties go to the anchor shared
 * by the fewest keywords already indexed.
 */
export interface Anchor {
  /** 'token': the text token itself; 'stem': the Porter stem of the text token. */
  readonly index: 'token' | 'stem';
  readonly key: string;
  /** The token that must follow `key` in the text, or null for a single-token anchor. */
  readonly nextKey: string | null;
  /** The keyword token `key` comes from (itself, or the token a stem was taken from). */
  readonly token: string;
  /** Which word of the keyword (for rules that match word by word) and which token of it. */
  readonly wordIndex: number;
  readonly tokenOffset: number;
}

export type AnchorChooser = (options: readonly Anchor[]) => Anchor;

const FUNCTION_WORDS = new Set(
  (
    'a an and are as at be but by do for from has have he how i if in is it its me my no not ' +
    'of on or our so that the their them they this to was we what when who why will with you your'
  ).split(' '),
);

const CONTENT_WORD_WEIGHT = 10;

function tokenWeight(token: string): number {
  return FUNCTION_WORDS.has(token) ? 1 : CONTENT_WORD_WEIGHT + token.length;
}

function rarity(anchor: Anchor): number {
  const following = anchor.nextKey === null ? 0 : tokenWeight(anchor.nextKey);
  return tokenWeight(anchor.token) + following;
}

export function chooseAnchor(
  options: readonly Anchor[],
  keywordsSharing: (anchor: Anchor) => number,
): Anchor {
  let best = options[0];
  for (const option of options.slice(1)) {
    const difference = rarity(option) - rarity(best);
    if (difference > 0 || (difference === 0 && keywordsSharing(option) < keywordsSharing(best))) {
      best = option;
    }
  }
  return best;
}

/**
 * The one token (or stem) under which a keyword is indexed: the matcher only verifies a
 * keyword when its anchor occurs in the text, so the anchor should be the keyword's rarest
 * token. Without corpus statistics, rarity is estimated: common English function words
 * last, then longer tokens first (word frequency falls steeply with length), then the
 * token shared by the fewest keywords already indexed.
 */
export interface Anchor {
  /** 'token': the text token itself; 'stem': the Porter stem of the text token. */
  readonly index: 'token' | 'stem';
  readonly key: string;
  /** The keyword token the key comes from. */
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

function rarityRank(anchor: Anchor): number {
  return FUNCTION_WORDS.has(anchor.token) ? 0 : 1;
}

export function chooseAnchor(
  options: readonly Anchor[],
  keywordsSharing: (anchor: Anchor) => number,
): Anchor {
  let best = options[0];
  for (const option of options.slice(1)) {
    const byRank = rarityRank(option) - rarityRank(best);
    const byLength = option.token.length - best.token.length;
    if (byRank > 0 || (byRank === 0 && byLength > 0)) best = option;
    else if (byRank === 0 && byLength === 0 && keywordsSharing(option) < keywordsSharing(best)) {
      best = option;
    }
  }
  return best;
}

const NON_ASCII = /[^\x00-\x7f]/;
const WORD_OR_MARK = /[\p{L}\p{N}\p{M}]/u;
const MAX_CACHED_ASTRAL = 10_000;

/** The one comparison form for keywords and Reddit text: Unicode NFKC, then lower-case. */
export function foldCase(text: string): string {
  return (NON_ASCII.test(text) ? text.normalize('NFKC') : text).toLowerCase();
}

/**
 * Whether folding the text only lower-cases its ASCII letters: true for ASCII text, and for
 * text whose other characters are inert (emoji, curly quotes, most punctuation), which lets
 * the matcher read such text in place instead of copying it twice.
 */
export function foldsLikeAscii(text: string): boolean {
  const firstNonAscii = text.search(NON_ASCII);
  if (firstNonAscii < 0) return true;
  for (let index = firstNonAscii; index < text.length; index++) {
    const codePoint = text.codePointAt(index) as number;
    if (codePoint < 0x80) continue;
    if (codePoint > 0xffff) index++;
    if (!isInert(codePoint)) return false;
  }
  return true;
}

const UNKNOWN = 0;
const INERT = 1;
const NOT_INERT = 2;
const bmpInertness = new Uint8Array(0x10000);
const astralInertness = new Map<number, boolean>();

/**
 * Neither a letter, digit nor mark (so never part of a token, and no mark composes with its
 * neighbours), unchanged by NFKC and without case. Surrounded by ASCII and other inert
 * characters, it leaves NFKC and lower-casing to act on the ASCII letters alone.
 */
function isInert(codePoint: number): boolean {
  if (codePoint <= 0xffff) {
    if (bmpInertness[codePoint] === UNKNOWN) {
      bmpInertness[codePoint] = computeInertness(codePoint) ? INERT : NOT_INERT;
    }
    return bmpInertness[codePoint] === INERT;
  }
  let inert = astralInertness.get(codePoint);
  if (inert === undefined) {
    inert = computeInertness(codePoint);
    if (astralInertness.size < MAX_CACHED_ASTRAL) astralInertness.set(codePoint, inert);
  }
  return inert;
}

function computeInertness(codePoint: number): boolean {
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  const character = String.fromCodePoint(codePoint);
  return (
    !WORD_OR_MARK.test(character) &&
    character.normalize('NFKC') === character &&
    character.toLowerCase() === character
  );
}

/**
 * Word characters are Unicode letters and digits, plus combining marks so that scripts
 * written with vowel signs or diacritics (Devanagari, Thai, decomposed Latin…) stay one word.
 * Everything else (punctuation, symbols, emoji, whitespace) separates words.
 */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;

const UNKNOWN = 0;
const WORD = 1;
const NOT_WORD = 2;

/** Lazily filled classification of every BMP code unit; surrogates stay NOT_WORD. */
const bmpClasses = new Uint8Array(0x10000);

function classify(codePoint: number): number {
  return WORD_CHARACTER.test(String.fromCodePoint(codePoint)) ? WORD : NOT_WORD;
}

export function isWordCodePoint(codePoint: number): boolean {
  if (codePoint > 0xffff) return classify(codePoint) === WORD;
  let known = bmpClasses[codePoint];
  if (known === UNKNOWN) {
    known = codePoint >= 0xd800 && codePoint <= 0xdfff ? NOT_WORD : classify(codePoint);
    bmpClasses[codePoint] = known;
  }
  return known === WORD;
}

/** The characters JavaScript's `\s` matches. */
export function isWhitespaceCode(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

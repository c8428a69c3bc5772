/**
 * Word characters are Unicode letters and digits, plus combining marks so that scripts
 * written with vowel signs or diacritics (Devanagari, Thai, decomposed Latin…) stay one word.
 * Everything else (punctuation, symbols, emoji, whitespace) separates words.
 *
 * The helpers take character codes, not strings: V8 specialises each string access for the
 * string representations it has seen, so the hot loops read their own characters.
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

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isAsciiWordCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a)
  );
}

/**
 * UTF-16 length of the word character whose first code unit is `code` (2 for a surrogate
 * pair completed by `next`), or 0 when it is not a word character.
 */
export function wordCharLength(code: number, next: number): number {
  if (code < 0x80) return isAsciiWordCode(code) ? 1 : 0;
  if (isHighSurrogate(code)) {
    if (!isLowSurrogate(next)) return 0;
    const codePoint = (code - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
    return classify(codePoint) === WORD ? 2 : 0;
  }
  let known = bmpClasses[code];
  if (known === UNKNOWN) {
    known = isLowSurrogate(code) ? NOT_WORD : classify(code);
    bmpClasses[code] = known;
  }
  return known === WORD ? 1 : 0;
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

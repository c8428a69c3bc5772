const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as both databases can store it: U+0000, which PostgreSQL refuses in text and a reader never
 * sees, is removed; a lone UTF-16 surrogate, which has no UTF-8 form, becomes U+FFFD.
 */
export function storableText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

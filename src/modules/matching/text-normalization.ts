const NON_ASCII = /[^\x00-\x7f]/;

/** ASCII text is already NFKC, and lower-casing it only maps A-Z to a-z. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** The one comparison form for keywords and Reddit text: Unicode NFKC, then lower-case. */
export function foldCase(text: string): string {
  return (isAscii(text) ? text : text.normalize('NFKC')).toLowerCase();
}

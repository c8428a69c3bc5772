const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * The one comparison form for keywords and Reddit text: Unicode NFKC, then lower-case.
 * ASCII text is already NFKC, so it skips the (comparatively slow) normalisation call.
 */
export function foldCase(text: string): string {
  const normalized = ASCII_ONLY.test(text) ? text : text.normalize('NFKC');
  return normalized.toLowerCase();
}

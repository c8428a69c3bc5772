/**
 * A URL's host as queries' `site:` reads it: after `http://` or `https://` at a word boundary,
 * past any user information, up to the first character that ends a host.
 */
const URL_HOST_AT = /\bhttps?:\/\/(?:[^\s/?#@]*@)?([^\s/?#:<>()[\]"'`*]+)/iuy;
const SCHEME_END = '://';
/** `https` and `http` end right before `://`: the only two places a URL can start. */
const SCHEME_LENGTHS = [5, 4];

/**
 * Each URL host in the text, in order, as the global form of URL_HOST_AT would find them. The
 * pattern is tried only where a `://` could end a scheme, so the text is searched for `://` at
 * string speed instead of being run through the pattern character by character.
 */
export function forEachUrlHost(text: string, visit: (host: string) => void): void {
  let searchedTo = 0;
  let at = text.indexOf(SCHEME_END);
  while (at >= 0) {
    for (const schemeLength of SCHEME_LENGTHS) {
      const start = at - schemeLength;
      if (start < searchedTo) continue;
      URL_HOST_AT.lastIndex = start;
      const match = URL_HOST_AT.exec(text);
      if (match === null) continue;
      visit(match[1]);
      searchedTo = URL_HOST_AT.lastIndex;
      break;
    }
    at = text.indexOf(SCHEME_END, Math.max(at + 1, searchedTo));
  }
}

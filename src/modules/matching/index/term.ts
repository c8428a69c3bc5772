export type TermKind = 'token' | 'stem' | 'prefix';

/**
 * Code points the prefix terms hold, shortest first: the least a query prefix has (`plu*`), and
 * longer ones. A query prefix is filed under the longest it fills: under its first three
 * letters, `recommend*` would be a candidate wherever "record" or "recent" occurs.
 */
export const PREFIX_KEY_LENGTHS = [3, 4, 5] as const;
export const PREFIX_KEY_LENGTH = PREFIX_KEY_LENGTHS[0];

/**
 * The key of the prefix term of `length` code points a token is filed under: its first `length`
 * code points, or null for a shorter token, which no prefix of that term can match.
 */
export function prefixKey(token: string, length: number = PREFIX_KEY_LENGTH): string | null {
  let end = 0;
  for (let count = 0; count < length; count++) {
    if (end >= token.length) return null;
    const code = token.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return token.slice(0, end);
}

/** The key a query prefix (of at least PREFIX_KEY_LENGTH code points) is filed under. */
export function queryPrefixKey(prefix: string): string {
  for (let tier = PREFIX_KEY_LENGTHS.length - 1; tier > 0; tier--) {
    const key = prefixKey(prefix, PREFIX_KEY_LENGTHS[tier]);
    if (key !== null) return key;
  }
  return prefixKey(prefix) as string;
}

/**
 * A token, an English stem, or the start of a token (a query's prefix) that some keyword uses. Text tokens resolve to term ids once,
 * so rules compare and locate words by id, and the index files keywords by id.
 */
export class Term {
  /** How many times keywords hold the term (as anchor, in their rule, or in an exclusion). */
  users = 0;
  /** Those of `users` that need to know where the term occurs: all but exclusion phrases. */
  notedUsers = 0;

  constructor(
    /** Positive, unique among live terms. */
    readonly id: number,
    readonly kind: TermKind,
    readonly key: string,
  ) {}
}

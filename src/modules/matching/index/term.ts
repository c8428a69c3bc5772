export type TermKind = 'token' | 'stem' | 'prefix';

/** Code points a prefix term holds: the least a query prefix has (`plu*`). */
export const PREFIX_KEY_LENGTH = 3;

/**
 * The key of the prefix term a token is filed under: its first PREFIX_KEY_LENGTH code points, or
 * null for a shorter token, which no prefix can match.
 */
export function prefixKey(token: string): string | null {
  let end = 0;
  for (let count = 0; count < PREFIX_KEY_LENGTH; count++) {
    if (end >= token.length) return null;
    const code = token.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return token.slice(0, end);
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

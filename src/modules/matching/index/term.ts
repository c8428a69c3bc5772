export type TermKind = 'token' | 'stem' | 'prefix';

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

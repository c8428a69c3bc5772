import { compileExclusion, type CompileContext } from './compile-keyword.js';
import type { FieldView } from '../text/field-view.js';
import type { KeywordFilters } from '../keyword-definition.js';
import type { NameTable } from '../index/name-table.js';
import { phraseFoundIn, type PhrasePattern } from './phrase-pattern.js';

const UNRESOLVED = -1;

/**
 * The item being matched, as filters read it: its scanned fields, and its subreddit and author
 * as NameTable ids, looked up on the first filter check of the item (most items have none).
 */
export class FilterTarget {
  private subreddit = '';
  private author = '';
  private cachedSubredditId = UNRESOLVED;
  private cachedAuthorId = UNRESOLVED;

  constructor(
    private readonly names: NameTable,
    /** The item's non-empty fields, scanned (kept by the matcher). */
    readonly fields: readonly FieldView[],
  ) {}

  reset(subreddit: string, author: string): void {
    this.subreddit = subreddit;
    this.author = author;
    this.cachedSubredditId = UNRESOLVED;
    this.cachedAuthorId = UNRESOLVED;
  }

  subredditId(): number {
    if (this.cachedSubredditId === UNRESOLVED) {
      this.cachedSubredditId = this.names.idOf(this.subreddit.toLowerCase());
    }
    return this.cachedSubredditId;
  }

  authorId(): number {
    if (this.cachedAuthorId === UNRESOLVED) {
      this.cachedAuthorId = this.names.idOf(this.author.toLowerCase());
    }
    return this.cachedAuthorId;
  }
}

/** Lists are short: a plain scan. */
function holds(ids: Int32Array, id: number): boolean {
  for (let index = 0; index < ids.length; index++) if (ids[index] === id) return true;
  return false;
}

/**
 * A keyword's filters, compiled once with the keyword and checked only when the index has found
 * the keyword in an item. Names are NameTable ids. Exclusion phrases are exact patterns over the
 * token terms every field is already scanned into: whether a phrase's first token occurs in a
 * field is read from its token ids once per field, and only where it does is the phrase looked
 * for along them, so no text is read again and no expression runs per keyword. Terms only
 * exclusions use are UNNOTED. An empty name list is null.
 */
export class KeywordFilter {
  /** The term id of each exclusion's first token, read without touching the patterns. */
  private readonly exclusionStarts: Int32Array;

  constructor(
    private readonly exclusions: readonly PhrasePattern[],
    /** Subreddits to keep; null: any. */
    private readonly subreddits: Int32Array | null,
    private readonly excludedSubreddits: Int32Array | null,
    private readonly excludedAuthors: Int32Array | null,
  ) {
    this.exclusionStarts = Int32Array.from(exclusions, (pattern) => pattern.termIds[0]);
  }

  admits(target: FilterTarget): boolean {
    if (this.subreddits !== null && !holds(this.subreddits, target.subredditId())) return false;
    if (this.excludedSubreddits !== null && holds(this.excludedSubreddits, target.subredditId())) {
      return false;
    }
    if (this.excludedAuthors !== null && holds(this.excludedAuthors, target.authorId())) {
      return false;
    }
    const starts = this.exclusionStarts;
    for (const field of target.fields) {
      for (let index = 0; index < starts.length; index++) {
        if (field.occursIn(starts[index]) && phraseFoundIn(field, this.exclusions[index])) {
          return false;
        }
      }
    }
    return true;
  }
}

/** The compiled filter, or null when the keyword has none (the matcher then skips the check). */
export function compileFilter(
  filters: KeywordFilters | undefined,
  context: CompileContext,
): KeywordFilter | null {
  if (filters === undefined) return null;
  const { exclude, subreddits, excludeSubreddits, excludeAuthors } = filters;
  if (exclude.length + subreddits.length + excludeSubreddits.length + excludeAuthors.length === 0) {
    return null;
  }
  const exclusions: PhrasePattern[] = [];
  for (const phrase of exclude) {
    const pattern = compileExclusion(phrase, context);
    if (pattern !== null) exclusions.push(pattern);
  }
  const ids = (names: readonly string[]) =>
    names.length === 0
      ? null
      : Int32Array.from(names, (name) => context.acquireName(name.toLowerCase()));
  return new KeywordFilter(
    exclusions,
    ids(subreddits),
    ids(excludeSubreddits),
    ids(excludeAuthors),
  );
}

import { compileExclusion, type CompileContext } from './compile-keyword.js';
import type { FieldView } from './field-view.js';
import type { KeywordFilters } from './keyword-definition.js';
import { phraseOccursIn, type PhrasePattern } from './phrase-pattern.js';

/** The item a filter is checked against: subreddit and author lower-cased, every scanned field. */
export interface FilterTarget {
  readonly subreddit: string;
  readonly author: string;
  readonly fields: readonly FieldView[];
}

/**
 * A keyword's filters, compiled once with the keyword and checked only when the index has found
 * the keyword in an item. Exclusion phrases are exact patterns over the token terms every field
 * is already scanned into, so a check looks up where the phrase's first token occurs: no text is
 * read again and no expression runs per keyword.
 */
export class KeywordFilter {
  constructor(
    private readonly exclusions: readonly PhrasePattern[],
    /** null: any subreddit. */
    private readonly subreddits: ReadonlySet<string> | null,
    private readonly excludedSubreddits: ReadonlySet<string>,
    private readonly excludedAuthors: ReadonlySet<string>,
  ) {}

  admits(target: FilterTarget): boolean {
    if (this.subreddits !== null && !this.subreddits.has(target.subreddit)) return false;
    if (this.excludedSubreddits.has(target.subreddit)) return false;
    if (this.excludedAuthors.has(target.author)) return false;
    for (const exclusion of this.exclusions) {
      for (const field of target.fields) if (phraseOccursIn(field, exclusion)) return false;
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
  return new KeywordFilter(
    exclusions,
    subreddits.length === 0 ? null : lowerCased(subreddits),
    lowerCased(excludeSubreddits),
    lowerCased(excludeAuthors),
  );
}

function lowerCased(names: readonly string[]): ReadonlySet<string> {
  return new Set(names.map((name) => name.toLowerCase()));
}

import type { KeywordListField } from './keyword-fields.js';

export type KeywordMode = 'exact' | 'proximity' | 'broad';

/**
 * What narrows a keyword's matches, as stored: exclusion phrases as written (whitespace
 * collapsed), subreddit and author names without their r/ and u/ prefixes, in any case; one list
 * per list field of KEYWORD_FIELDS.
 */
export type KeywordFilters = Record<KeywordListField, readonly string[]>;

export interface KeywordDefinition {
  id: string;
  accountId: string;
  /** The keyword text as the user wrote it, whitespace collapsed. */
  text: string;
  mode: KeywordMode;
  trackPosts: boolean;
  trackComments: boolean;
  /** Absent when the keyword has no filter. */
  filters?: KeywordFilters;
  /**
   * The query as stored (decisions.md section 13): what must occur, `mode` then playing no part.
   * Absent or null: the keyword matches as its mode says.
   */
  query?: string | null;
}

export type KeywordMode = 'exact' | 'proximity' | 'broad';

/** What the matcher needs to know about one active keyword. */
export interface KeywordDefinition {
  id: string;
  accountId: string;
  /** The keyword text as the user wrote it, whitespace collapsed. */
  text: string;
  mode: KeywordMode;
  trackPosts: boolean;
  trackComments: boolean;
}

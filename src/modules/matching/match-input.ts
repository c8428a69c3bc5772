/**
 * An item as the matcher reads it. A post is matched on [title, selftext], a comment on [body];
 * each field on its own. Keyword filters read the subreddit, the author and every field. The
 * optional rest is read only by queries (decisions.md section 13); a field left out is unknown:
 * the clauses on it do not hold (`score:` and `comments:` leave the item pending).
 */
export interface MatchInput {
  type: 'post' | 'comment';
  fields: readonly string[];
  subreddit: string;
  author: string;
  /** A comment's parent post title, where its `title:` looks. */
  parentTitle?: string | null;
  /** The post's link flair text (for a comment, its post's). */
  flair?: string | null;
  /** A link post's URL: `site:` looks at its domain (and at URLs in the text). */
  url?: string | null;
  /** Text post (true) or link post (false); for a comment, its post's. */
  isSelf?: boolean | null;
  nsfw?: boolean | null;
  /** The post's or the comment's own score. */
  score?: number | null;
  /** The post's comment count (for a comment, its post's). */
  numComments?: number | null;
}

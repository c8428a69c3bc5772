/**
 * The normalised shape every source (Reddit poller, dump ingest) produces.
 * Nothing downstream of normalisation knows where an item came from.
 */
export interface RedditPost {
  type: 'post';
  /** Reddit's base-36 id without the t3_ prefix, e.g. "1abc2d". */
  id: string;
  subreddit: string;
  author: string;
  title: string;
  selftext: string;
  /** Path beginning with "/r/…", as Reddit's `permalink` field. */
  permalink: string;
  /** Unix seconds (integer). */
  createdUtc: number;
  score: number;
  numComments: number;
}

export interface RedditComment {
  type: 'comment';
  /** Reddit's base-36 id without the t1_ prefix. */
  id: string;
  /** The parent post's base-36 id (link_id without t3_). */
  postId: string;
  subreddit: string;
  author: string;
  body: string;
  permalink: string;
  createdUtc: number;
  score: number;
  /** The listing's own link_title, when the source carried one. */
  linkTitle: string | null;
}

export type RedditItem = RedditPost | RedditComment;

/** The fields of a comment alert that come from its parent post. */
export interface ParentPostFields {
  title: string;
  selftext: string;
  score: number;
  numComments: number;
}

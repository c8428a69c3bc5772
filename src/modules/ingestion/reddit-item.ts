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
  /** The link flair's text (`link_flair_text`); null without one. */
  flair: string | null;
  /** A link post's target (`url`); null for a text post. */
  url: string | null;
  /** A link post's domain, lower case (`domain`, else the URL's host); null for a text post. */
  domain: string | null;
  /** `over_18`. */
  nsfw: boolean;
  /** A text post (`is_self`) rather than a link post. */
  isSelf: boolean;
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

/** The fields of a comment alert, and of the queries it is matched on, that come from its post. */
export interface ParentPostFields {
  title: string;
  selftext: string;
  score: number;
  numComments: number;
  flair: string | null;
  nsfw: boolean;
  isSelf: boolean;
}

/** A text post's link fields, without flair and not NSFW: what tests and simulated posts start from. */
export const PLAIN_TEXT_POST: Pick<RedditPost, 'flair' | 'url' | 'domain' | 'nsfw' | 'isSelf'> =
  Object.freeze({ flair: null, url: null, domain: null, nsfw: false, isSelf: true });

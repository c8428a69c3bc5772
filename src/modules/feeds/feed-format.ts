export type FeedFormat = 'rss' | 'atom';

export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/** The file name at the end of the public feed path. */
export const FEED_FILES: Readonly<Record<FeedFormat, string>> = {
  rss: 'alerts.rss',
  atom: 'alerts.atom',
};

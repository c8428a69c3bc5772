import type { RedditItem } from '../../ingestion/reddit-item.js';

export type InboxItemType = 'seo' | 'realtime' | 'comment';

export const INBOX_ITEM_TYPES: readonly InboxItemType[] = ['seo', 'realtime', 'comment'];

/** A post already this engaged when first seen is a thread people keep finding later (search engines). */
export const SEO_MIN_SCORE = 50;
export const SEO_MIN_COMMENTS = 20;

export function inboxItemType(item: RedditItem): InboxItemType {
  if (item.type === 'comment') return 'comment';
  return item.score >= SEO_MIN_SCORE || item.numComments >= SEO_MIN_COMMENTS ? 'seo' : 'realtime';
}

import { FEED_FILES, type FeedFormat } from './feed-format.js';

export function feedUrl(
  baseUrl: string,
  token: string,
  format: FeedFormat,
  keywordId: string | null = null,
): string {
  const url = new URL(`/feeds/${encodeURIComponent(token)}/${FEED_FILES[format]}`, baseUrl);
  if (keywordId !== null) url.searchParams.set('keyword_id', keywordId);
  return url.href;
}

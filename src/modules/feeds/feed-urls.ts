import type { Request } from 'express';
import { publicBaseUrl } from '../../common/http/public-base-url.js';
import type { PublicUrlSettings } from '../../config/app-config.js';
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

/** The URLs a newly issued token opens, as REST's token response and GraphQL's Feeds give them. */
export function issuedFeedUrls(
  request: Request,
  settings: PublicUrlSettings,
  token: string,
): { rssUrl: string; atomUrl: string } {
  const baseUrl = publicBaseUrl(request, settings);
  return { rssUrl: feedUrl(baseUrl, token, 'rss'), atomUrl: feedUrl(baseUrl, token, 'atom') };
}

import type { Request } from 'express';
import type { PublicUrlSettings } from '../../config/app-config.js';
import { FEED_FILES, type FeedFormat } from './feed-format.js';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstHeaderValue(request: Request, name: string): string | undefined {
  return request.get(name)?.split(',')[0]?.trim();
}

/**
 * The scheme and host clients reach the service at: PUBLIC_BASE_URL when set; else the request's
 * own scheme and Host, X-Forwarded-Proto/-Host taking their place only under TRUST_PROXY (a header
 * anyone can send must not put another host into the links we hand out).
 */
export function publicBaseUrl(request: Request, settings: PublicUrlSettings): string {
  if (settings.baseUrl !== null) return settings.baseUrl;
  const forwarded = (name: string) =>
    settings.trustProxy ? firstHeaderValue(request, name) : undefined;
  const forwardedProto = forwarded('x-forwarded-proto')?.toLowerCase();
  const proto =
    forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : request.protocol;
  const host = [forwarded('x-forwarded-host'), request.get('host')].find(
    (candidate) => candidate !== undefined && HOST.test(candidate),
  );
  return `${proto}://${host ?? 'localhost'}`;
}

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

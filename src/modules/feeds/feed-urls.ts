import type { Request } from 'express';
import { FEED_FILES, type FeedFormat } from './feed-format.js';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstHeaderValue(request: Request, name: string): string | undefined {
  return request.get(name)?.split(',')[0]?.trim();
}

/**
 * The scheme and host clients reach the service at, from X-Forwarded-Proto/-Host when a proxy
 * sets them. Only the caller's own response carries the result, so a forged header misleads no
 * one else; feed responses are marked private so no shared cache keeps one.
 */
export function publicBaseUrl(request: Request): string {
  const forwardedProto = firstHeaderValue(request, 'x-forwarded-proto')?.toLowerCase();
  const proto =
    forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : request.protocol;
  const host = [firstHeaderValue(request, 'x-forwarded-host'), request.get('host')].find(
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

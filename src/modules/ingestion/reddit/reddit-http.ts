import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'undici';
import type { ExponentialBackoff } from '../../../common/time/backoff.js';
import type { RedditBackoffError } from './reddit-errors.js';
import { RedditRateLimitedError, RedditUnavailableError } from './reddit-errors.js';
import { readRateLimitResetMs, readRetryAfterMs } from './rate-limit.js';

export interface RedditHttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Answers longer than this are cut off and count as Reddit being unavailable. */
  maxResponseBytes?: number;
}

/** 100 items with Reddit's longest texts, JSON-escaped, stay well below this. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface RedditHttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when the body was not JSON (Reddit's HTML error pages). */
  body: unknown;
}

/** Never hammer Reddit right after a 429, even when it says Retry-After: 0. */
const MIN_RATE_LIMIT_WAIT_MS = 1_000;

/** Sends one request; an unreachable Reddit becomes a RedditUnavailableError. */
export async function sendRedditRequest(
  {
    url,
    method,
    headers,
    body,
    timeoutMs,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  }: RedditHttpRequest,
  backoff: ExponentialBackoff,
): Promise<RedditHttpResponse> {
  try {
    const response = await request(url, {
      method,
      headers,
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await readCapped(response.body, maxResponseBytes);
    return { status: response.statusCode, headers: response.headers, body: parseJson(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RedditUnavailableError(`Reddit unreachable: ${reason}`, backoff.nextDelayMs(), null);
  }
}

/** The error a 429 or 5xx answer stands for, with how long to wait; null for other answers. */
export function backoffErrorFor(
  response: RedditHttpResponse,
  backoff: ExponentialBackoff,
  now: number,
  what: string,
): RedditBackoffError | null {
  const { status, headers } = response;
  if (status === 429) {
    const waitMs =
      readRetryAfterMs(headers, now) ?? readRateLimitResetMs(headers) ?? backoff.nextDelayMs();
    return new RedditRateLimitedError(
      `${what}: rate limited by Reddit`,
      Math.max(MIN_RATE_LIMIT_WAIT_MS, waitMs),
    );
  }
  if (status >= 500) {
    const waitMs = readRetryAfterMs(headers, now) ?? backoff.nextDelayMs();
    return new RedditUnavailableError(`${what}: Reddit answered ${status}`, waitMs, status);
  }
  return null;
}

async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.length;
    if (length > maxBytes) throw new Error(`answer longer than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

import type { IncomingHttpHeaders } from 'node:http';

/** What Reddit's X-Ratelimit-* headers last said about one credential. */
export interface RateLimitStatus {
  remaining: number | null;
  used: number | null;
  /** Epoch ms when Reddit's window resets (X-Ratelimit-Reset is relative seconds). */
  resetAt: number | null;
  /** Epoch ms until which a 429 told us to stay away. */
  blockedUntil: number | null;
}

/** X-Ratelimit-Reset is whole seconds: the window may end up to a second after it says. */
export const RESET_GRACE_MS = 1_000;

export class RateLimitTracker {
  private status: RateLimitStatus = {
    remaining: null,
    used: null,
    resetAt: null,
    blockedUntil: null,
  };

  snapshot(): RateLimitStatus {
    return { ...this.status };
  }

  update(headers: IncomingHttpHeaders, now: number): void {
    const remaining = readNumberHeader(headers, 'x-ratelimit-remaining');
    const used = readNumberHeader(headers, 'x-ratelimit-used');
    const resetSeconds = readNumberHeader(headers, 'x-ratelimit-reset');
    if (remaining === null && used === null && resetSeconds === null) return;
    this.status = {
      ...this.status,
      remaining,
      used,
      resetAt: resetSeconds === null ? null : now + resetSeconds * 1_000,
    };
  }

  block(until: number): void {
    this.status = { ...this.status, blockedUntil: until };
  }

  /** Requests this credential may still send; Infinity while Reddit has not said. */
  remainingAt(now: number): number {
    const { remaining, resetAt, blockedUntil } = this.status;
    if (blockedUntil !== null && now < blockedUntil) return 0;
    if (remaining === null || (resetAt !== null && now >= resetAt + RESET_GRACE_MS))
      return Infinity;
    return remaining;
  }

  availableAt(now: number): number {
    const { remaining, resetAt, blockedUntil } = this.status;
    const unblockedAt = blockedUntil !== null && now < blockedUntil ? blockedUntil : now;
    const windowEnd = resetAt === null ? null : resetAt + RESET_GRACE_MS;
    const exhausted = remaining !== null && remaining < 1 && windowEnd !== null && now < windowEnd;
    return exhausted ? Math.max(unblockedAt, windowEnd) : unblockedAt;
  }
}

/** Retry-After (seconds or an HTTP date) as a delay in ms. */
export function readRetryAfterMs(headers: IncomingHttpHeaders, now: number): number | null {
  const retryAfter = readHeader(headers, 'retry-after');
  if (retryAfter === undefined || retryAfter.trim() === '') return null;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(retryAfter);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** X-Ratelimit-Reset (seconds until Reddit's window resets) as a delay in ms. */
export function readRateLimitResetMs(headers: IncomingHttpHeaders): number | null {
  const resetSeconds = readNumberHeader(headers, 'x-ratelimit-reset');
  return resetSeconds === null ? null : Math.max(0, resetSeconds * 1_000);
}

function readNumberHeader(headers: IncomingHttpHeaders, name: string): number | null {
  const value = readHeader(headers, name);
  if (value === undefined || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function readHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

import type { RateLimitTracker } from './rate-limit.js';
import { RESET_GRACE_MS } from './rate-limit.js';

export interface PacerOptions {
  /** Reddit's nominal allowance per OAuth client. */
  requestsPerMinute: number;
  /** Requests that may go out back to back after a quiet spell. */
  burst: number;
  /** Requests left unspent in Reddit's window (a 401 retry may need one). */
  reserve: number;
}

export const DEFAULT_PACER_OPTIONS: PacerOptions = { requestsPerMinute: 100, burst: 4, reserve: 2 };

/**
 * Spreads one credential's requests evenly: a token bucket refilled at Reddit's nominal rate, or
 * slower when X-Ratelimit-Remaining over X-Ratelimit-Reset says the window has less left. It
 * never lets a request out while Reddit reports no more than the reserve remaining.
 */
export class RequestPacer {
  private tokens: number;
  private refilledAt: number | null = null;

  constructor(
    private readonly rateLimit: RateLimitTracker,
    private readonly options: PacerOptions = DEFAULT_PACER_OPTIONS,
  ) {
    this.tokens = options.burst;
  }

  get requestsPerMinute(): number {
    return this.options.requestsPerMinute;
  }

  available(now: number): number {
    this.refill(now);
    if (this.rateLimit.remainingAt(now) < 1 + this.options.reserve) return 0;
    return Math.floor(this.tokens);
  }

  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }

  /** Earliest epoch ms at which `available` turns positive (an estimate: Reddit may say more). */
  nextAt(now: number): number {
    this.refill(now);
    const blockedUntil = this.rateLimit.availableAt(now);
    if (blockedUntil > now) return blockedUntil;
    const { resetAt } = this.rateLimit.snapshot();
    if (this.rateLimit.remainingAt(now) < 1 + this.options.reserve && resetAt !== null) {
      return Math.max(now, resetAt + RESET_GRACE_MS);
    }
    if (this.tokens >= 1) return now;
    const perMs = this.ratePerMs(now);
    return perMs > 0 ? now + Math.ceil((1 - this.tokens) / perMs) : now + 1_000;
  }

  private refill(now: number): void {
    if (this.refilledAt !== null && now > this.refilledAt) {
      this.tokens = Math.min(
        this.options.burst,
        this.tokens + (now - this.refilledAt) * this.ratePerMs(now),
      );
    }
    this.refilledAt = Math.max(now, this.refilledAt ?? now);
  }

  private ratePerMs(now: number): number {
    const nominal = this.options.requestsPerMinute / 60_000;
    const remaining = this.rateLimit.remainingAt(now);
    const { resetAt } = this.rateLimit.snapshot();
    if (!Number.isFinite(remaining) || resetAt === null) return nominal;
    const spendable = Math.max(0, remaining - this.options.reserve);
    return Math.min(nominal, spendable / Math.max(1_000, resetAt - now));
  }
}

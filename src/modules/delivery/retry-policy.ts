/**
 * decisions.md section 16: automatic retries are opt-in per webhook. `none` is the spec's single
 * attempt; `standard` tries a failed delivery again on the schedule below.
 */
export const RETRY_POLICIES = ['none', 'standard'] as const;

export type RetryPolicy = (typeof RETRY_POLICIES)[number];

export const DEFAULT_RETRY_POLICY: RetryPolicy = 'none';

/** The waits after attempts 1–5 of `standard`: 6 attempts in all. */
export const RETRY_DELAYS_MS = [5_000, 60_000, 600_000, 3_600_000, 21_600_000] as const;

/** Each scheduled wait is moved by up to this fraction either way, so retries do not bunch up. */
export const RETRY_JITTER = 0.2;

/** A 429 or 503 whose Retry-After asks for at most this long sets the next wait instead. */
export const RETRY_AFTER_MAX_MS = 21_600_000;

/**
 * Why a row is in the outbox, and so which attempt it is about to make: the automatic one, a
 * scheduled retry, or one asked for by redelivery (which no retry follows).
 */
export const ATTEMPT_TRIGGERS = ['automatic', 'retry', 'redelivery'] as const;

export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

/** What of a failed attempt decides whether it is tried again. */
export interface FailedAttempt {
  status: number | null;
  /** The URL was refused before sending (the URL rules): no retry can change that. */
  refused: boolean;
  /** A 429 or 503's Retry-After, in ms from the answer; null when absent or unreadable. */
  retryAfterMs: number | null;
}

/** 4xx answers a receiver may give while it is briefly unable to take the delivery. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 409, 425, 429]);

/** A failure no retry can help: a refused URL, or a 4xx other than the transient ones. */
export function isFinalFailure({ status, refused }: FailedAttempt): boolean {
  if (refused) return true;
  return status !== null && status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status);
}

export interface RetryQuestion {
  policy: RetryPolicy;
  trigger: AttemptTrigger;
  /** Retries already scheduled for this delivery by the automatic series. */
  retries: number;
  failure: FailedAttempt;
  attemptedAt: number;
  /** A number in [0, 1) (Math.random), which places the jitter. */
  random: number;
}

/** When a failed attempt is tried again, or null when it is final. */
export function nextRetryAt(question: RetryQuestion): number | null {
  const { policy, trigger, retries, failure, attemptedAt, random } = question;
  if (policy !== 'standard' || trigger === 'redelivery') return null;
  if (retries >= RETRY_DELAYS_MS.length || isFinalFailure(failure)) return null;
  const asked = failure.retryAfterMs;
  if (asked !== null && (failure.status === 429 || failure.status === 503)) {
    if (asked <= RETRY_AFTER_MAX_MS) return attemptedAt + asked;
  }
  const delay = RETRY_DELAYS_MS[retries];
  return attemptedAt + Math.round(delay * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

/**
 * Retry-After as seconds or an HTTP date (RFC 9110 section 10.2.3), in ms from `nowMs`; null when
 * absent or unreadable. A date in the past means now.
 */
export function retryAfterMs(header: unknown, nowMs: number): number | null {
  if (typeof header !== 'string') return null;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1000;
  if (!/[A-Za-z]/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

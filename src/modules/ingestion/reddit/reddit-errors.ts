/** Reddit answered 429 (or every credential is out of budget): wait `retryAfterMs`, then retry. */
export class RedditRateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RedditRateLimitedError';
  }
}

/** Reddit answered 5xx, non-JSON, or could not be reached: wait `retryAfterMs`, then retry. */
export class RedditUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'RedditUnavailableError';
  }
}

/** Any other refusal (rejected credentials, 403, 404…): retrying will not help. */
export class RedditApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RedditApiError';
  }
}

export type RedditBackoffError = RedditRateLimitedError | RedditUnavailableError;

export function isRedditBackoffError(error: unknown): error is RedditBackoffError {
  return error instanceof RedditRateLimitedError || error instanceof RedditUnavailableError;
}

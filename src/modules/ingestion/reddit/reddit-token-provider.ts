import type { Clock } from '../../../common/time/clock.js';
import { ExponentialBackoff } from '../../../common/time/backoff.js';
import type { RedditCredentials } from './reddit-api.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './reddit-api.js';
import { RedditApiError } from './reddit-errors.js';
import { backoffErrorFor, sendRedditRequest } from './reddit-http.js';

export interface AccessTokenSource {
  getToken(): Promise<string>;
  /** Forgets the cached token, e.g. after the API answered 401. */
  invalidate(): void;
  /** Epoch ms at which the cached token expires; null while none is held. */
  readonly expiresAt?: number | null;
}

export interface RedditTokenProviderOptions {
  authBase: string;
  userAgent: string;
  credentials: RedditCredentials;
  clock: Clock;
  /** Renew this long before Reddit's expiry (at most half the token's lifetime). */
  renewBeforeMs?: number;
  requestTimeoutMs?: number;
}

interface CachedToken {
  value: string;
  renewAt: number;
  expiresAt: number;
}

const DEFAULT_RENEW_BEFORE_MS = 60_000;

/** OAuth2 client-credentials ("application only") tokens for one Reddit app. */
export class RedditTokenProvider implements AccessTokenSource {
  private cached: CachedToken | null = null;
  private inFlight: Promise<string> | null = null;
  private readonly backoff = new ExponentialBackoff();

  constructor(private readonly options: RedditTokenProviderOptions) {}

  getToken(): Promise<string> {
    if (this.cached !== null && this.options.clock.nowMs() < this.cached.renewAt) {
      return Promise.resolve(this.cached.value);
    }
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  invalidate(): void {
    this.cached = null;
  }

  get expiresAt(): number | null {
    return this.cached?.expiresAt ?? null;
  }

  private async fetchToken(): Promise<string> {
    const { authBase, userAgent, credentials, clock } = this.options;
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
      'base64',
    );
    const response = await sendRedditRequest(
      {
        url: `${authBase.replace(/\/+$/, '')}/api/v1/access_token`,
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'user-agent': userAgent,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        timeoutMs: this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      },
      this.backoff,
    );
    const backoffError = backoffErrorFor(response, this.backoff, clock.nowMs(), 'access token');
    if (backoffError !== null) throw backoffError;
    const token = readToken(response.body);
    if (response.status !== 200 || token === null) {
      throw new RedditApiError(
        `Reddit refused an access token for client ${maskedClientId(credentials.clientId)} (${response.status}${describeError(response.body)})`,
        response.status,
      );
    }
    this.backoff.reset();
    const lifetimeMs = token.expiresInSeconds * 1_000;
    const renewBeforeMs = Math.min(
      this.options.renewBeforeMs ?? DEFAULT_RENEW_BEFORE_MS,
      lifetimeMs / 2,
    );
    const expiresAt = clock.nowMs() + lifetimeMs;
    this.cached = { value: token.value, renewAt: expiresAt - renewBeforeMs, expiresAt };
    return token.value;
  }
}

function readToken(body: unknown): { value: string; expiresInSeconds: number } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { access_token: value, expires_in: expiresIn } = body as Record<string, unknown>;
  if (typeof value !== 'string' || value === '') return null;
  if (typeof expiresIn !== 'number' || !(expiresIn > 0)) return null;
  return { value, expiresInSeconds: expiresIn };
}

/** Enough of a client id to tell credentials apart in a log, not enough to use it. */
export function maskedClientId(clientId: string): string {
  return `${clientId.slice(0, 4)}…`;
}

/** Reddit reports some refusals as 200 `{ "error": "unsupported_grant_type" }`. */
function describeError(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { error, message } = body as Record<string, unknown>;
  const detail = [error, message].filter(
    (part) => typeof part === 'string' || typeof part === 'number',
  );
  return detail.length > 0 ? `: ${detail.join(' ')}` : '';
}

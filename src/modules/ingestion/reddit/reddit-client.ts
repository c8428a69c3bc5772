import type { Clock } from '../../../common/time/clock.js';
import type { RedditItem } from '../reddit-item.js';
import { ExponentialBackoff } from '../../../common/time/backoff.js';
import { normalizeListing } from './normalize.js';
import type { RateLimitStatus } from './rate-limit.js';
import { RateLimitTracker } from './rate-limit.js';
import type { ListNewOptions, RedditApi, RedditListingPage } from './reddit-api.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, MAX_PAGE_SIZE, toInfoBatches } from './reddit-api.js';
import { RedditApiError, RedditRateLimitedError, RedditUnavailableError } from './reddit-errors.js';
import { backoffErrorFor, sendRedditRequest } from './reddit-http.js';
import type { ListingKind } from './reddit-id.js';
import type { AccessTokenSource } from './reddit-token-provider.js';
import type { PacerOptions } from './request-pacer.js';
import { RequestPacer } from './request-pacer.js';

export interface RedditClientOptions {
  apiBase: string;
  userAgent: string;
  tokens: AccessTokenSource;
  clock: Clock;
  requestTimeoutMs?: number;
  maxResponseBytes?: number;
  pacer?: PacerOptions;
}

/** What one credential has done since the process started, and what it may do. */
export interface CredentialUsage {
  /** Requests sent with it (a 401 retry counts twice). */
  requests: number;
  /** Of those, answered 429. */
  rateLimited: number;
  budgetPerMinute: number;
  /** Epoch ms at which its access token expires; null while it holds none. */
  tokenExpiresAt: number | null;
}

const LISTING_PATHS: Record<ListingKind, string> = {
  posts: '/r/all/new',
  comments: '/r/all/comments',
};

/** Reddit's API for one credential: its own token, its own rate-limit budget. */
export class RedditClient implements RedditApi {
  private readonly rateLimitTracker = new RateLimitTracker();
  private readonly pacer: RequestPacer;
  private readonly backoff = new ExponentialBackoff();
  private readonly apiBase: string;
  private requestsSent = 0;
  private rateLimitedAnswers = 0;

  constructor(private readonly options: RedditClientOptions) {
    this.apiBase = options.apiBase.replace(/\/+$/, '');
    this.pacer = new RequestPacer(this.rateLimitTracker, options.pacer);
  }

  async listNew(kind: ListingKind, options: ListNewOptions = {}): Promise<RedditListingPage> {
    const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, options.limit ?? MAX_PAGE_SIZE));
    const query = new URLSearchParams({ limit: String(limit), raw_json: '1' });
    if (options.before !== undefined) query.set('before', options.before);
    if (options.after !== undefined) query.set('after', options.after);
    const body = await this.get(LISTING_PATHS[kind], query);
    return { items: normalizeListing(body), ...readCursors(body) };
  }

  async info(fullnames: readonly string[]): Promise<RedditItem[]> {
    const items: RedditItem[] = [];
    for (const batch of toInfoBatches(fullnames)) {
      const body = await this.get(
        '/api/info',
        new URLSearchParams({ id: batch.join(','), raw_json: '1' }),
      );
      items.push(...normalizeListing(body));
    }
    return items;
  }

  rateLimit(): RateLimitStatus {
    return this.rateLimitTracker.snapshot();
  }

  availableRequests(now: number): number {
    return this.pacer.available(now);
  }

  nextRequestAt(now: number): number {
    return this.pacer.nextAt(now);
  }

  get requestsPerMinute(): number {
    return this.pacer.requestsPerMinute;
  }

  usage(): CredentialUsage {
    return {
      requests: this.requestsSent,
      rateLimited: this.rateLimitedAnswers,
      budgetPerMinute: this.pacer.requestsPerMinute,
      tokenExpiresAt: this.options.tokens.expiresAt ?? null,
    };
  }

  private async get(path: string, query: URLSearchParams): Promise<unknown> {
    const { clock, tokens } = this.options;
    const what = `GET ${path}`;
    for (let attempt = 1; ; attempt += 1) {
      this.assertBudgetLeft(what);
      const token = await tokens.getToken();
      this.pacer.take(clock.nowMs());
      this.requestsSent += 1;
      const response = await sendRedditRequest(
        {
          url: `${this.apiBase}${path}?${query.toString()}`,
          method: 'GET',
          headers: {
            authorization: `bearer ${token}`,
            'user-agent': this.options.userAgent,
            accept: 'application/json',
          },
          timeoutMs: this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
          maxResponseBytes: this.options.maxResponseBytes,
        },
        this.backoff,
      );
      const now = clock.nowMs();
      this.rateLimitTracker.update(response.headers, now);
      if (response.status === 429) this.rateLimitedAnswers += 1;
      if (response.status === 401 && attempt === 1) {
        tokens.invalidate();
        continue;
      }
      const backoffError = backoffErrorFor(response, this.backoff, now, what);
      if (backoffError instanceof RedditRateLimitedError) {
        this.rateLimitTracker.block(now + backoffError.retryAfterMs);
      }
      if (backoffError !== null) throw backoffError;
      if (response.status !== 200) {
        throw new RedditApiError(`${what}: Reddit answered ${response.status}`, response.status);
      }
      if (response.body === undefined) {
        throw new RedditUnavailableError(
          `${what}: answer was not JSON`,
          this.backoff.nextDelayMs(),
          200,
        );
      }
      this.backoff.reset();
      return response.body;
    }
  }

  private assertBudgetLeft(what: string): void {
    const now = this.options.clock.nowMs();
    if (this.rateLimitTracker.remainingAt(now) >= 1) return;
    throw new RedditRateLimitedError(
      `${what}: no rate-limit budget left`,
      this.rateLimitTracker.availableAt(now) - now,
    );
  }
}

function readCursors(body: unknown): Pick<RedditListingPage, 'after' | 'before'> {
  const data =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).data : undefined;
  if (typeof data !== 'object' || data === null) return { after: null, before: null };
  const { after, before } = data as Record<string, unknown>;
  return {
    after: typeof after === 'string' ? after : null,
    before: typeof before === 'string' ? before : null,
  };
}

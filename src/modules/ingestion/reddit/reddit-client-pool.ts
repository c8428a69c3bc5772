import type { RedditItem } from '../reddit-item.js';
import type { Clock } from './clock.js';
import type { RateLimitStatus } from './rate-limit.js';
import type {
  ListNewOptions,
  RedditApi,
  RedditApiSettings,
  RedditListingPage,
} from './reddit-api.js';
import { toInfoBatches } from './reddit-api.js';
import { RedditClient } from './reddit-client.js';
import { RedditRateLimitedError } from './reddit-errors.js';
import type { ListingKind } from './reddit-id.js';
import { RedditTokenProvider } from './reddit-token-provider.js';

/**
 * Spreads calls over several credentials: each call goes to the credential with the most
 * rate-limit budget left (least recently used on a tie); a credential that gets a 429 is skipped
 * until its wait is over.
 */
export class RedditClientPool implements RedditApi {
  private readonly lastUsed: number[];
  private calls = 0;

  constructor(
    private readonly clients: readonly RedditClient[],
    private readonly clock: Clock,
  ) {
    if (clients.length === 0) throw new Error('RedditClientPool needs at least one client');
    this.lastUsed = clients.map(() => 0);
  }

  static fromSettings(settings: RedditApiSettings, clock: Clock): RedditClientPool {
    const { apiBase, authBase, userAgent, requestTimeoutMs } = settings;
    const clients = settings.credentials.map(
      (credentials) =>
        new RedditClient({
          apiBase,
          userAgent,
          clock,
          requestTimeoutMs,
          tokens: new RedditTokenProvider({
            authBase,
            userAgent,
            credentials,
            clock,
            requestTimeoutMs,
          }),
        }),
    );
    return new RedditClientPool(clients, clock);
  }

  listNew(kind: ListingKind, options?: ListNewOptions): Promise<RedditListingPage> {
    return this.withClient((client) => client.listNew(kind, options));
  }

  async info(fullnames: readonly string[]): Promise<RedditItem[]> {
    const items: RedditItem[] = [];
    for (const batch of toInfoBatches(fullnames)) {
      items.push(...(await this.withClient((client) => client.info(batch))));
    }
    return items;
  }

  /** One entry per credential, in the order they were given. */
  rateLimits(): RateLimitStatus[] {
    return this.clients.map((client) => client.rateLimit());
  }

  private async withClient<T>(call: (client: RedditClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = this.pickClient();
      try {
        return await call(client);
      } catch (error) {
        const anotherMayServe = attempt < this.clients.length;
        if (!(error instanceof RedditRateLimitedError) || !anotherMayServe) throw error;
      }
    }
  }

  private pickClient(): RedditClient {
    const now = this.clock.now();
    let bestIndex = -1;
    let bestRemaining = 0;
    for (const [index, client] of this.clients.entries()) {
      const remaining = client.remainingRequests(now);
      if (remaining < 1) continue;
      const better =
        bestIndex === -1 ||
        remaining > bestRemaining ||
        (remaining === bestRemaining && this.lastUsed[index] < this.lastUsed[bestIndex]);
      if (better) {
        bestIndex = index;
        bestRemaining = remaining;
      }
    }
    if (bestIndex === -1) {
      const availableAt = Math.min(...this.clients.map((client) => client.availableAt(now)));
      throw new RedditRateLimitedError(
        'every Reddit credential is out of rate-limit budget',
        Math.max(0, availableAt - now),
      );
    }
    this.calls += 1;
    this.lastUsed[bestIndex] = this.calls;
    return this.clients[bestIndex];
  }
}

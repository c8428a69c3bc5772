import type { Clock } from '../../../common/time/clock.js';
import type { RedditItem } from '../reddit-item.js';
import type { RateLimitStatus } from './rate-limit.js';
import type {
  ListNewOptions,
  RedditApi,
  RedditApiSettings,
  RedditListingPage,
} from './reddit-api.js';
import { toInfoBatches } from './reddit-api.js';
import { RedditClient, type CredentialUsage } from './reddit-client.js';
import { RedditRateLimitedError } from './reddit-errors.js';
import type { ListingKind } from './reddit-id.js';
import { maskedClientId, RedditTokenProvider } from './reddit-token-provider.js';

/** A credential's usage under a name that tells it apart without revealing it. */
export interface LabelledCredentialUsage extends CredentialUsage {
  label: string;
}

/**
 * Spreads calls over several credentials, whose allowances add up: each call goes to the
 * credential whose pacer has the most requests ready (least recently used on a tie); a credential
 * that got a 429, or whose window Reddit reports spent, is skipped until it may send again.
 */
export class RedditClientPool implements RedditApi {
  private readonly lastUsed: number[];
  private calls = 0;

  constructor(
    private readonly clients: readonly RedditClient[],
    private readonly clock: Clock,
    private readonly labels: readonly string[] = clients.map((_, index) => `#${index + 1}`),
  ) {
    if (clients.length === 0) throw new Error('RedditClientPool needs at least one client');
    this.lastUsed = clients.map(() => 0);
  }

  static fromSettings(settings: RedditApiSettings, clock: Clock): RedditClientPool {
    const { apiBase, authBase, userAgent, requestTimeoutMs, maxResponseBytes } = settings;
    const clients = settings.credentials.map(
      (credentials) =>
        new RedditClient({
          apiBase,
          userAgent,
          clock,
          requestTimeoutMs,
          maxResponseBytes,
          tokens: new RedditTokenProvider({
            authBase,
            userAgent,
            credentials,
            clock,
            requestTimeoutMs,
          }),
        }),
    );
    const labels = settings.credentials.map(
      ({ clientId }, index) => `#${index + 1} ${maskedClientId(clientId)}`,
    );
    return new RedditClientPool(clients, clock, labels);
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

  availableRequests(now: number): number {
    return this.clients.reduce((total, client) => total + client.availableRequests(now), 0);
  }

  nextRequestAt(now: number): number {
    return Math.min(...this.clients.map((client) => client.nextRequestAt(now)));
  }

  get requestsPerMinute(): number {
    return this.clients.reduce((total, client) => total + client.requestsPerMinute, 0);
  }

  /** One entry per credential, in the order they were given. */
  rateLimits(): RateLimitStatus[] {
    return this.clients.map((client) => client.rateLimit());
  }

  /** One entry per credential, in the order they were given. */
  usage(): LabelledCredentialUsage[] {
    return this.clients.map((client, index) => ({ label: this.labels[index], ...client.usage() }));
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
    const now = this.clock.nowMs();
    let bestIndex = -1;
    let bestRemaining = 0;
    for (const [index, client] of this.clients.entries()) {
      const remaining = client.availableRequests(now);
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
      throw new RedditRateLimitedError(
        'every Reddit credential is out of rate-limit budget',
        Math.max(0, this.nextRequestAt(now) - now),
      );
    }
    this.calls += 1;
    this.lastUsed[bestIndex] = this.calls;
    return this.clients[bestIndex];
  }
}

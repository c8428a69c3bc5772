import type { RedditComment, RedditItem } from '../reddit-item.js';
import type { Clock } from './clock.js';
import { PollCycle } from './poll-cycle.js';
import type { CoverageCounters, PollerStateStore } from './poller-state.js';
import { emptyPollerState } from './poller-state.js';
import type { RedditApi } from './reddit-api.js';
import { MAX_PAGE_SIZE } from './reddit-api.js';
import type { RequestBudget } from './request-budget.js';

export type { Clock } from './clock.js';
export type { CoverageCounters, PollerState, PollerStateStore } from './poller-state.js';

/** The ingestion pipeline. Items arrive in ascending id order, posts of a cycle before comments. */
export interface ItemSink {
  process(items: RedditItem[]): Promise<void>;
}

/**
 * Runs before a cycle's comments reach the sink (after its posts did). Makes the parent posts it
 * can available to the pipeline, e.g. through ParentPostLookup, taking one unit of `budget` per
 * Reddit request.
 */
export interface ParentPostPrefetcher {
  prefetch(comments: readonly RedditComment[], budget: RequestBudget): Promise<void>;
}

export interface PollSummary {
  posts: number;
  comments: number;
  pagesFetched: number;
  holesFound: number;
  holesFilled: number;
  requestsUsed: number;
  /** Epoch ms before which the poller makes no request (after a 429, 5xx or empty budget). */
  rateLimitedUntil?: number;
}

export interface RedditPollerOptions {
  /** Requests one cycle may spend on listing pages, hole lookups and parent lookups together. */
  maxRequestsPerCycle: number;
  /** Pages per listing and cycle, the newest included; Reddit lists about 1,000 items deep. */
  maxPagesPerListing: number;
  pageSize: number;
  /** Holes kept per listing for later lookups; beyond that the oldest are given up. */
  maxPendingHoles: number;
  /** Requests that hole filling leaves to the parent-post hook. */
  parentLookupReserve: number;
}

/** Sized for one credential polled every 2 s; see requestBudgetPerCycle for other set-ups. */
export const DEFAULT_POLLER_OPTIONS: RedditPollerOptions = {
  maxRequestsPerCycle: 3,
  maxPagesPerListing: 10,
  pageSize: MAX_PAGE_SIZE,
  maxPendingHoles: 5_000,
  parentLookupReserve: 1,
};

/** Reddit allows each OAuth client about 100 requests a minute. */
export function requestBudgetPerCycle(
  credentialCount: number,
  pollIntervalMs: number,
  requestsPerMinutePerCredential = 100,
): number {
  const affordable = Math.floor(
    (credentialCount * requestsPerMinutePerCredential * pollIntervalMs) / 60_000,
  );
  return Math.max(PollCycle.minimumRequests, affordable);
}

export interface RedditPollerDeps {
  api: RedditApi;
  stateStore: PollerStateStore;
  sink: ItemSink;
  clock: Clock;
  parentPosts?: ParentPostPrefetcher;
  options?: Partial<RedditPollerOptions>;
}

/**
 * Follows /r/all/new and /r/all/comments: one call of pollOnce is one cycle. Free of Nest and of
 * the database; a scheduler calls pollOnce, and must not overlap two calls.
 */
export class RedditPoller {
  private readonly options: RedditPollerOptions;
  private rateLimitedUntil: number | null = null;
  private lastCoverage: CoverageCounters = emptyPollerState().coverage;

  constructor(private readonly deps: RedditPollerDeps) {
    this.options = { ...DEFAULT_POLLER_OPTIONS, ...deps.options };
    if (this.options.maxRequestsPerCycle < PollCycle.minimumRequests) {
      throw new Error(`maxRequestsPerCycle must be at least ${PollCycle.minimumRequests}`);
    }
  }

  /** Running totals as persisted by the last cycle. */
  coverage(): CoverageCounters {
    return { ...this.lastCoverage };
  }

  async pollOnce(): Promise<PollSummary> {
    if (this.rateLimitedUntil !== null && this.deps.clock.now() < this.rateLimitedUntil) {
      return { ...PollCycle.emptySummary(), rateLimitedUntil: this.rateLimitedUntil };
    }
    const cycle = new PollCycle(this.deps, this.options, await this.deps.stateStore.load());
    const summary = await cycle.run();
    this.rateLimitedUntil = summary.rateLimitedUntil ?? null;
    this.lastCoverage = cycle.coverage();
    return summary;
  }
}

import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Registry } from 'prom-client';
import type { CoverageCounters } from '../reddit/poller-state.js';

const COVERAGE_METRICS: Record<keyof CoverageCounters, { name: string; help: string }> = {
  itemsSeen: {
    name: 'alerts_reddit_items_seen_total',
    help: 'Reddit posts and comments the poller handed to the ingestion pipeline',
  },
  pagesFetched: {
    name: 'alerts_reddit_listing_pages_total',
    help: 'Listing pages fetched from /r/all/new and /r/all/comments',
  },
  holesFound: {
    name: 'alerts_reddit_holes_found_total',
    help: 'Ids missing from the listings between the high-water mark and the newest item',
  },
  holesFilled: {
    name: 'alerts_reddit_holes_filled_total',
    help: 'Missing ids recovered, by a later listing page or an /api/info lookup',
  },
  holesUnfilled: {
    name: 'alerts_reddit_holes_unfilled_total',
    help: 'Missing ids looked up that Reddit no longer shows (removed, spam, private)',
  },
  holesDropped: {
    name: 'alerts_reddit_holes_dropped_total',
    help: 'Missing ids given up without a lookup because too many were pending',
  },
  requestsUsed: {
    name: 'alerts_reddit_requests_total',
    help: 'Reddit API requests spent by poll cycles (listings, hole and parent lookups)',
  },
  rateLimitedCount: {
    name: 'alerts_reddit_rate_limited_total',
    help: 'Poll cycles cut short by a 429 or an exhausted rate-limit budget',
  },
  unavailableCount: {
    name: 'alerts_reddit_unavailable_total',
    help: 'Poll cycles cut short by a 5xx or an unreachable Reddit',
  },
};

/** The poller's coverage on GET /metrics; counters count what this process did. */
@Injectable()
export class PollerMetrics {
  private readonly coverage: Record<keyof CoverageCounters, Counter>;
  private readonly lastSuccess: Gauge;
  private readonly leader: Gauge;

  constructor(registry: Registry) {
    const entries = Object.entries(COVERAGE_METRICS) as [
      keyof CoverageCounters,
      { name: string; help: string },
    ][];
    this.coverage = Object.fromEntries(
      entries.map(([key, { name, help }]) => [
        key,
        new Counter({ name, help, registers: [registry] }),
      ]),
    ) as Record<keyof CoverageCounters, Counter>;
    this.lastSuccess = new Gauge({
      name: 'alerts_reddit_last_successful_poll_seconds',
      help: 'Unix time of the last poll cycle that completed without a back-off',
      registers: [registry],
    });
    this.leader = new Gauge({
      name: 'alerts_reddit_poller_leader',
      help: '1 while this instance holds the poller lease, else 0',
      registers: [registry],
    });
  }

  addCoverage(delta: CoverageCounters): void {
    for (const key of Object.keys(this.coverage) as (keyof CoverageCounters)[]) {
      if (delta[key] > 0) this.coverage[key].inc(delta[key]);
    }
  }

  pollSucceeded(atMs: number): void {
    this.lastSuccess.set(atMs / 1_000);
  }

  setLeader(leader: boolean): void {
    this.leader.set(leader ? 1 : 0);
  }
}

import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Registry } from 'prom-client';
import type { CoverageCounters } from '../reddit/poller-state.js';
import type { WalkStatus } from '../reddit/poller/reddit-poller.js';

type PlainCounter = Exclude<keyof CoverageCounters, 'listingRequests' | 'infoRequests'>;

const COVERAGE_METRICS: Record<PlainCounter, { name: string; help: string }> = {
  itemsSeen: {
    name: 'alerts_reddit_items_seen_total',
    help: 'Reddit posts and comments the poller handed to the ingestion pipeline',
  },
  itemsFromListings: {
    name: 'alerts_reddit_items_from_listings_total',
    help: 'New items first met in /r/all/new or /r/all/comments',
  },
  itemsFromInfo: {
    name: 'alerts_reddit_items_from_info_total',
    help: 'New items first met through the id walk on /api/info',
  },
  idsAsked: {
    name: 'alerts_reddit_ids_asked_total',
    help: 'Walk ids sent to /api/info (first asks, second asks, backfill)',
  },
  idsAskedAhead: {
    name: 'alerts_reddit_ids_asked_ahead_total',
    help: 'Ids too new for the walk sent to /api/info in room a request had left, to meet new items early',
  },
  idsAbsentOnce: {
    name: 'alerts_reddit_ids_absent_once_total',
    help: 'Ids /api/info did not return at their first ask (asked once more later)',
  },
  idsGivenUp: {
    name: 'alerts_reddit_ids_given_up_total',
    help: 'Ids absent at two asks at least 30 s apart: taken for never visible',
  },
  idsDropped: {
    name: 'alerts_reddit_ids_dropped_total',
    help: 'Ids given up without being asked, because the backlog outgrew its limit',
  },
  parentsAsked: {
    name: 'alerts_reddit_parents_asked_total',
    help: 'Parent posts asked on /api/info for comments whose post was not cached',
  },
  parentsFound: {
    name: 'alerts_reddit_parents_found_total',
    help: 'Parent posts /api/info returned',
  },
  rateLimitedCount: {
    name: 'alerts_reddit_rate_limited_total',
    help: 'Requests answered 429, or refused because every credential was spent',
  },
  unavailableCount: {
    name: 'alerts_reddit_unavailable_total',
    help: 'Requests that met a 5xx or an unreachable Reddit',
  },
};

/** The poller's coverage on GET /metrics; counters count what this process did. */
@Injectable()
export class PollerMetrics {
  private readonly coverage: Record<PlainCounter, Counter>;
  private readonly requests: Counter<'endpoint'>;
  private readonly idsBehind: Gauge<'kind'>;
  private readonly lagSeconds: Gauge<'kind'>;
  private readonly lastSuccess: Gauge;
  private readonly leader: Gauge;
  private readonly sinceProgress: Gauge;
  private readonly stalled: Gauge;

  constructor(registry: Registry) {
    const entries = Object.entries(COVERAGE_METRICS) as [
      PlainCounter,
      { name: string; help: string },
    ][];
    this.coverage = Object.fromEntries(
      entries.map(([key, { name, help }]) => [
        key,
        new Counter({ name, help, registers: [registry] }),
      ]),
    ) as Record<PlainCounter, Counter>;
    this.requests = new Counter({
      name: 'alerts_reddit_requests_total',
      help: 'Reddit API requests by endpoint: listing (/r/all/new, /r/all/comments) or info (/api/info)',
      labelNames: ['endpoint'],
      registers: [registry],
    });
    this.idsBehind = new Gauge({
      name: 'alerts_reddit_ids_behind',
      help: 'Ids between the oldest one not asked yet and the newest known, by kind',
      labelNames: ['kind'],
      registers: [registry],
    });
    this.lagSeconds = new Gauge({
      name: 'alerts_reddit_lag_seconds',
      help: 'Age of the oldest id not asked yet, by kind',
      labelNames: ['kind'],
      registers: [registry],
    });
    this.lastSuccess = new Gauge({
      name: 'alerts_reddit_last_successful_poll_seconds',
      help: 'Unix time of the last poll that completed without a back-off',
      registers: [registry],
    });
    this.leader = new Gauge({
      name: 'alerts_reddit_poller_leader',
      help: '1 while this instance holds the poller lease, else 0',
      registers: [registry],
    });
    this.sinceProgress = new Gauge({
      name: 'alerts_reddit_seconds_since_progress',
      help: 'While this instance polls: seconds since a Reddit answer was last handed to the pipeline and the walk stored (0 otherwise)',
      registers: [registry],
    });
    this.stalled = new Gauge({
      name: 'alerts_reddit_poller_stalled',
      help: '1 while this instance polls but has made no progress for INGEST_STALL_MS, else 0',
      registers: [registry],
    });
  }

  addCoverage(delta: CoverageCounters): void {
    for (const key of Object.keys(this.coverage) as PlainCounter[]) {
      if (delta[key] > 0) this.coverage[key].inc(delta[key]);
    }
    if (delta.listingRequests > 0)
      this.requests.inc({ endpoint: 'listing' }, delta.listingRequests);
    if (delta.infoRequests > 0) this.requests.inc({ endpoint: 'info' }, delta.infoRequests);
  }

  setWalkStatus(status: readonly WalkStatus[]): void {
    for (const { kind, idsBehind, lagSeconds } of status) {
      this.idsBehind.set({ kind }, idsBehind);
      this.lagSeconds.set({ kind }, Math.round(lagSeconds * 10) / 10);
    }
  }

  pollSucceeded(atMs: number): void {
    this.lastSuccess.set(atMs / 1_000);
  }

  setLeader(leader: boolean): void {
    this.leader.set(leader ? 1 : 0);
  }

  setProgress(secondsSince: number, stalled: boolean): void {
    this.sinceProgress.set(Math.round(secondsSince * 10) / 10);
    this.stalled.set(stalled ? 1 : 0);
  }
}

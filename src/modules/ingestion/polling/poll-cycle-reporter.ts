import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../../../common/time/clock.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import type { CoverageCounters } from '../reddit/poller-state.js';
import type { PollSummary, WalkStatus } from '../reddit/poller/reddit-poller.js';
import { coverageDelta } from './metered-poller-state.store.js';
import { PollerMetrics } from './poller-metrics.js';

const REPORT_EVERY_MS = 60_000;
/** Behind by more than this (or ids dropped), the poller says it needs more credentials. */
const OVERLOAD_LAG_SECONDS = 60;

export interface PollerCapacity {
  requestsPerMinute: number;
  credentials: number;
}

/**
 * Coverage in the logs and metrics: a debug line per poll that sent requests; once a minute an
 * info line with what the last minute did (requests by endpoint, useful ids per request, how far
 * behind each kind is), and a warning naming the credentials needed while the poller falls behind.
 */
@Injectable()
export class PollCycleReporter {
  private readonly logger: Logger;
  private reportedAt: number | null = null;
  private reportedTotals: CoverageCounters | null = null;

  constructor(
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    private readonly clock: Clock,
    private readonly metrics: PollerMetrics,
  ) {
    this.logger = rootLogger.child({ context: 'RedditPoller' });
  }

  cycleDone(
    summary: PollSummary,
    totals: CoverageCounters,
    status: readonly WalkStatus[],
    capacity: PollerCapacity,
  ): void {
    const now = this.clock.nowMs();
    if (summary.rateLimitedUntil === undefined) this.metrics.pollSucceeded(now);
    this.metrics.setWalkStatus(status);
    if (summary.requestsUsed > 0) this.logger.debug({ poll: summary }, 'reddit poll');
    if (this.reportedAt === null || this.reportedTotals === null) {
      this.reportedAt = now;
      this.reportedTotals = { ...totals };
      return;
    }
    const elapsedMs = now - this.reportedAt;
    if (elapsedMs < REPORT_EVERY_MS) return;
    this.report(coverageDelta(totals, this.reportedTotals), elapsedMs, totals, status, capacity);
    this.reportedAt = now;
    this.reportedTotals = { ...totals };
  }

  private report(
    recent: CoverageCounters,
    elapsedMs: number,
    totals: CoverageCounters,
    status: readonly WalkStatus[],
    capacity: PollerCapacity,
  ): void {
    const perMinute = (count: number) => Math.round((count * 60_000 * 10) / elapsedMs) / 10;
    const requests = recent.listingRequests + recent.infoRequests;
    const handledIds = recent.itemsFromListings + recent.idsAsked + recent.parentsAsked;
    const usefulIds = recent.itemsSeen + recent.parentsFound;
    const offeredIdsPerSecond = status.reduce((sum, kind) => sum + (kind.idsPerSecond ?? 0), 0);
    const neededPerMinute =
      handledIds > 0 ? (offeredIdsPerSecond * 60 * requests) / handledIds : null;
    const perCredential = capacity.requestsPerMinute / Math.max(1, capacity.credentials);
    const credentialsNeeded =
      neededPerMinute === null ? null : Math.max(1, Math.ceil(neededPerMinute / perCredential));
    const kinds = Object.fromEntries(
      status.map(({ kind, idsPerSecond, idsBehind, lagSeconds }) => [
        kind,
        {
          idsPerSecond: idsPerSecond === null ? null : Math.round(idsPerSecond * 10) / 10,
          idsBehind,
          lagSeconds: Math.round(lagSeconds),
        },
      ]),
    );
    const lastMinute = {
      listingRequestsPerMinute: perMinute(recent.listingRequests),
      infoRequestsPerMinute: perMinute(recent.infoRequests),
      usefulIdsPerRequest: requests > 0 ? Math.round((usefulIds / requests) * 10) / 10 : null,
      itemsPerMinute: perMinute(recent.itemsSeen),
      idsGivenUp: recent.idsGivenUp,
      idsDropped: recent.idsDropped,
      rateLimited: recent.rateLimitedCount,
      unavailable: recent.unavailableCount,
    };
    this.logger.info({ lastMinute, kinds, totals }, 'reddit poller coverage');
    const behind = status.some((kind) => kind.lagSeconds > OVERLOAD_LAG_SECONDS);
    if ((behind || recent.idsDropped > 0) && recent.unavailableCount === 0) {
      this.logger.warn(
        {
          offeredIdsPerSecond: Math.round(offeredIdsPerSecond),
          requestsPerMinuteNeeded: neededPerMinute === null ? null : Math.round(neededPerMinute),
          credentials: capacity.credentials,
          credentialsNeeded,
          kinds,
        },
        `Reddit poller falls behind: the observed rate needs ${credentialsNeeded ?? 'more'} credentials, ${capacity.credentials} configured`,
      );
    }
  }
}

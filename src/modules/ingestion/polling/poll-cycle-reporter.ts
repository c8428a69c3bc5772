import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../../../common/time/clock.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import type { CoverageCounters } from '../reddit/poller-state.js';
import type { PollSummary } from '../reddit/reddit-poller.js';
import { PollerMetrics } from './poller-metrics.js';

const INFO_EVERY_MS = 60_000;

interface CycleTotals {
  cycles: number;
  posts: number;
  comments: number;
  pagesFetched: number;
  holesFound: number;
  holesFilled: number;
  requestsUsed: number;
}

const noCycles = (): CycleTotals => ({
  cycles: 0,
  posts: 0,
  comments: 0,
  pagesFetched: 0,
  holesFound: 0,
  holesFilled: 0,
  requestsUsed: 0,
});

/**
 * Coverage in the logs: one debug line per cycle, and an info line at most once a minute with the
 * cycles since the previous one and the running totals since the poller's state was created.
 */
@Injectable()
export class PollCycleReporter {
  private readonly logger: Logger;
  private sinceInfo = noCycles();
  private lastInfoAt: number | null = null;

  constructor(
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    private readonly clock: Clock,
    private readonly metrics: PollerMetrics,
  ) {
    this.logger = rootLogger.child({ context: 'RedditPoller' });
  }

  cycleDone(summary: PollSummary, coverage: CoverageCounters): void {
    const now = this.clock.nowMs();
    if (summary.rateLimitedUntil === undefined) this.metrics.pollSucceeded(now);
    this.add(summary);
    this.logger.debug({ cycle: summary }, 'reddit poll cycle');
    if (this.lastInfoAt !== null && now - this.lastInfoAt < INFO_EVERY_MS) return;
    this.logger.info({ recent: this.sinceInfo, coverage }, 'reddit poller coverage');
    this.lastInfoAt = now;
    this.sinceInfo = noCycles();
  }

  private add(summary: PollSummary): void {
    const totals = this.sinceInfo;
    totals.cycles += 1;
    totals.posts += summary.posts;
    totals.comments += summary.comments;
    totals.pagesFetched += summary.pagesFetched;
    totals.holesFound += summary.holesFound;
    totals.holesFilled += summary.holesFilled;
    totals.requestsUsed += summary.requestsUsed;
  }
}

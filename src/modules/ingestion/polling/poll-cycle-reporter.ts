import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../../../common/time/clock.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import type { CoverageCounters } from '../reddit/poller-state.js';
import { PollCycle } from '../reddit/poll-cycle.js';
import type { PollSummary } from '../reddit/reddit-poller.js';
import { PollerMetrics } from './poller-metrics.js';

const INFO_EVERY_MS = 60_000;

/** The counters of a cycle's summary, added up over cycles. */
const COUNTERS = [
  'posts',
  'comments',
  'pagesFetched',
  'holesFound',
  'holesFilled',
  'requestsUsed',
] as const;

type CycleTotals = { cycles: number } & Pick<PollSummary, (typeof COUNTERS)[number]>;

const noCycles = (): CycleTotals => ({ cycles: 0, ...PollCycle.emptySummary() });

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
    for (const counter of COUNTERS) totals[counter] += summary[counter];
  }
}

import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { BackgroundLoop } from '../../../common/background/background-loop.js';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import { backoffDelayMs } from '../../../common/time/backoff.js';
import type { PollSummary, RedditPoller } from '../reddit/poller/reddit-poller.js';
import type { LabelledCredentialUsage } from '../reddit/reddit-client-pool.js';
import type { CountRechecker } from '../rechecks/count-rechecker.js';
import { PollCycleReporter } from './poll-cycle-reporter.js';
import { PollerLease } from './poller-lease.js';
import { PollerMetrics } from './poller-metrics.js';
import { PollerStallWatch } from './poller-stall-watch.js';
import { RedditPollerFactory } from './reddit-poller.factory.js';

export type PollSkipReason = 'poller-off' | 'another-instance-polls';

/** What this process's poller is doing, for the operator console's samples. */
export interface PollerRunStatus {
  configured: boolean;
  /** This instance holds the poller lease. */
  leading: boolean;
  credentials: LabelledCredentialUsage[];
}

export type PollResult =
  ({ status: 'polled' } & PollSummary) | { status: 'skipped'; reason: PollSkipReason };

/** Shortest and longest sleep between two polls: the pacers decide within these bounds. */
const MIN_SLEEP_MS = 50;
const MAX_SLEEP_MS = 1_000;

/**
 * Runs the Reddit poller in this process while background jobs are on: one poll at a time, each
 * sending what the credentials' pacers allow, then sleeping until the next request may go out;
 * only while this instance holds the poller lease.
 */
@Injectable()
export class RedditPollingWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly poller: RedditPoller | null;
  private readonly rechecker: CountRechecker | null;
  private readonly credentials: (() => LabelledCredentialUsage[]) | null;
  private readonly stallWatch: PollerStallWatch | null;
  private readonly loop: BackgroundLoop | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    factory: RedditPollerFactory,
    lease: PollerLease,
    private readonly metrics: PollerMetrics,
    private readonly reporter: PollCycleReporter,
    private readonly clock: Clock,
  ) {
    this.logger = rootLogger.child({ context: 'RedditPoller' });
    const assembled = factory.create();
    const poller = assembled?.poller ?? null;
    this.poller = poller;
    this.rechecker = assembled?.rechecker ?? null;
    this.credentials = assembled === null ? null : () => assembled.credentials.usage();
    this.stallWatch =
      poller === null
        ? null
        : new PollerStallWatch({
            stallMs: config.reddit.stallMs,
            clock,
            logger: this.logger,
            metrics,
            lastProgressAt: () => poller.lastProgressAt,
          });
    const { pollMs } = config.reddit;
    this.loop =
      poller === null
        ? null
        : new BackgroundLoop({
            name: 'Reddit poller',
            logger: this.logger,
            idleMs: pollMs,
            turn: async () => {
              await this.cycle(poller);
              return this.sleepMs(poller);
            },
            retryMs: (failuresInARow) => Math.max(pollMs, backoffDelayMs(failuresInARow)),
            lease: { lease, changed: (leading) => this.leadingChanged(leading) },
            drain: () => poller.drain(),
          });
  }

  onApplicationBootstrap(): void {
    if (this.loop === null) {
      this.logger.info('Reddit poller off: REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET are not set');
      return;
    }
    if (!this.config.backgroundJobs) {
      this.logger.info({ role: this.config.role }, 'Reddit poller not started in this role');
      return;
    }
    const { pollMs, credentials } = this.config.reddit;
    this.loop.start({ pollMs, credentials: credentials.length });
    this.stallWatch?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stallWatch?.stop();
    await this.loop?.stop();
  }

  /**
   * One cycle, unless one is running (then after it), and its items handed to the pipeline: what
   * tests call. The loop does not wait for the hand-offs, so the next request goes out meanwhile.
   */
  async pollOnce(): Promise<PollResult> {
    const poller = this.poller;
    if (this.loop === null || poller === null) return { status: 'skipped', reason: 'poller-off' };
    const polled = await this.loop.runTurn(async () => {
      const summary = await this.cycle(poller);
      await poller.drain();
      return summary;
    });
    return polled === null
      ? { status: 'skipped', reason: 'another-instance-polls' }
      : { status: 'polled', ...polled };
  }

  runStatus(): PollerRunStatus {
    return {
      configured: this.poller !== null,
      leading: this.loop?.holdsLease ?? false,
      credentials: this.credentials?.() ?? [],
    };
  }

  private sleepMs(poller: RedditPoller): number {
    const now = this.clock.nowMs();
    const wait = poller.nextPollAt(now) - now;
    return Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, wait));
  }

  /**
   * Due re-checks first, within their share of the credentials; the poll spends the rest. A
   * re-check that fails (its rows stay due) is logged and never holds the poll back.
   */
  private async cycle(poller: RedditPoller): Promise<PollSummary> {
    await this.rechecker?.runDue().catch((error: unknown) => {
      this.logger.error(
        { err: error },
        're-checks of score: and comments: failed; polling goes on',
      );
    });
    const summary = await poller.pollOnce();
    this.stallWatch?.check();
    this.reporter.cycleDone(summary, poller.coverage(), poller.status(this.clock.nowMs()), {
      requestsPerMinute: poller.requestsPerMinute,
      credentials: this.config.reddit.credentials.length,
    });
    return summary;
  }

  private async leadingChanged(leading: boolean): Promise<void> {
    // Another instance may have walked meanwhile: start again from the stored state.
    await this.poller?.drain().catch(() => undefined);
    this.poller?.forget();
    this.stallWatch?.setExpected(leading);
    this.metrics.setLeader(leading);
  }
}

import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Mutex } from 'async-mutex';
import type { Logger } from 'pino';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import type { PollSummary, RedditPoller } from '../reddit/poller/reddit-poller.js';
import type { LabelledCredentialUsage } from '../reddit/reddit-client-pool.js';
import { PollCycleReporter } from './poll-cycle-reporter.js';
import { PollerLease } from './poller-lease.js';
import { PollerMetrics } from './poller-metrics.js';
import { PollerStallWatch } from './poller-stall-watch.js';
import { RedditPollerFactory } from './reddit-poller.factory.js';
import { RepeatingTask } from './repeating-task.js';

export type PollSkipReason = 'poller-off' | 'another-instance-polls';

/** What this process's poller is doing, for the operator console's samples. */
export interface PollerRunStatus {
  /** Reddit credentials are configured. */
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
export class RedditPollingService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private readonly poller: RedditPoller | null;
  private readonly credentials: (() => LabelledCredentialUsage[]) | null;
  private readonly stallWatch: PollerStallWatch | null;
  private readonly cycles = new Mutex();
  private loop: RepeatingTask | null = null;
  private leading = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    factory: RedditPollerFactory,
    private readonly lease: PollerLease,
    private readonly metrics: PollerMetrics,
    private readonly reporter: PollCycleReporter,
    private readonly clock: Clock,
  ) {
    this.logger = rootLogger.child({ context: 'RedditPoller' });
    const assembled = factory.create();
    const poller = assembled?.poller ?? null;
    this.poller = poller;
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
  }

  onApplicationBootstrap(): void {
    if (this.poller === null) {
      this.logger.info('Reddit poller off: REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET are not set');
      return;
    }
    if (!this.config.backgroundJobs) {
      this.logger.info({ role: this.config.role }, 'Reddit poller not started in this role');
      return;
    }
    const { pollMs, credentials } = this.config.reddit;
    this.loop = new RepeatingTask(
      async () => {
        await this.cycles.runExclusive(() => this.cycle());
        return this.sleepMs();
      },
      {
        intervalMs: pollMs,
        onError: (error) => this.logger.error({ err: error }, 'Reddit poll cycle failed'),
      },
    );
    this.loop.start();
    this.stallWatch?.start();
    this.logger.info({ pollMs, credentials: credentials.length }, 'Reddit poller started');
  }

  async onModuleDestroy(): Promise<void> {
    this.stallWatch?.stop();
    await this.loop?.stop();
    await this.cycles.runExclusive(async () => {
      await this.poller?.drain().catch((error: unknown) => {
        this.logger.error({ err: error }, 'Reddit items not handed to the pipeline before shutdown');
      });
      await this.lease.release();
      await this.setLeading(false);
    });
  }

  /**
   * One cycle, unless one is running (then after it), and its items handed to the pipeline: what
   * tests call. The loop does not wait for the hand-offs, so the next request goes out meanwhile.
   */
  pollOnce(): Promise<PollResult> {
    return this.cycles.runExclusive(async () => {
      const result = await this.cycle();
      await this.poller?.drain();
      return result;
    });
  }

  runStatus(): PollerRunStatus {
    return {
      configured: this.poller !== null,
      leading: this.leading,
      credentials: this.credentials?.() ?? [],
    };
  }

  private sleepMs(): number {
    if (this.poller === null || !this.leading) return this.config.reddit.pollMs;
    const now = this.clock.nowMs();
    const wait = this.poller.nextPollAt(now) - now;
    return Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, wait));
  }

  private async cycle(): Promise<PollResult> {
    if (this.poller === null) return { status: 'skipped', reason: 'poller-off' };
    await this.setLeading(await this.lease.acquire());
    if (!this.leading) return { status: 'skipped', reason: 'another-instance-polls' };
    const summary = await this.poller.pollOnce();
    this.stallWatch?.check();
    this.reporter.cycleDone(
      summary,
      this.poller.coverage(),
      this.poller.status(this.clock.nowMs()),
      {
        requestsPerMinute: this.poller.requestsPerMinute,
        credentials: this.config.reddit.credentials.length,
      },
    );
    return { status: 'polled', ...summary };
  }

  private async setLeading(leading: boolean): Promise<void> {
    if (leading !== this.leading) {
      this.logger.info(
        leading ? 'took the poller lease: this instance polls Reddit' : 'gave up the poller lease',
      );
      // Another instance may have walked meanwhile: start again from the stored state.
      await this.poller?.drain().catch(() => undefined);
      this.poller?.forget();
      this.stallWatch?.setExpected(leading);
    }
    this.leading = leading;
    this.metrics.setLeader(leading);
  }
}

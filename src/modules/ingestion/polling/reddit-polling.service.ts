import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Mutex } from 'async-mutex';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import type { PollSummary, RedditPoller } from '../reddit/reddit-poller.js';
import { PollCycleReporter } from './poll-cycle-reporter.js';
import { PollerLease } from './poller-lease.js';
import { PollerMetrics } from './poller-metrics.js';
import { RedditPollerFactory } from './reddit-poller.factory.js';
import { RepeatingTask } from './repeating-task.js';

export type PollSkipReason = 'poller-off' | 'another-instance-polls';

export type PollResult =
  ({ status: 'polled' } & PollSummary) | { status: 'skipped'; reason: PollSkipReason };

/**
 * Runs the Reddit poller in this process: every INGEST_POLL_MS while background jobs are on,
 * one cycle at a time, and only while this instance holds the poller lease.
 */
@Injectable()
export class RedditPollingService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private readonly poller: RedditPoller | null;
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
  ) {
    this.logger = rootLogger.child({ context: 'RedditPoller' });
    this.poller = factory.create();
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
        await this.pollOnce();
      },
      {
        intervalMs: pollMs,
        onError: (error) => this.logger.error({ err: error }, 'Reddit poll cycle failed'),
      },
    );
    this.loop.start();
    this.logger.info({ pollMs, credentials: credentials.length }, 'Reddit poller started');
  }

  async onModuleDestroy(): Promise<void> {
    await this.loop?.stop();
    await this.cycles.runExclusive(async () => {
      await this.lease.release();
      this.setLeading(false);
    });
  }

  /** One cycle, unless one is running (then after it): what the loop runs, and what tests call. */
  pollOnce(): Promise<PollResult> {
    return this.cycles.runExclusive(() => this.cycle());
  }

  private async cycle(): Promise<PollResult> {
    if (this.poller === null) return { status: 'skipped', reason: 'poller-off' };
    this.setLeading(await this.lease.acquire());
    if (!this.leading) return { status: 'skipped', reason: 'another-instance-polls' };
    const summary = await this.poller.pollOnce();
    this.reporter.cycleDone(summary, this.poller.coverage());
    return { status: 'polled', ...summary };
  }

  private setLeading(leading: boolean): void {
    if (leading !== this.leading) {
      this.logger.info(
        leading ? 'took the poller lease: this instance polls Reddit' : 'gave up the poller lease',
      );
    }
    this.leading = leading;
    this.metrics.setLeader(leading);
  }
}

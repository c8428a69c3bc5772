import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { RecentWindow } from './recent-window.service.js';

/** Every 5 minutes, at second 41: the window holds at most 5 minutes more than it says. */
const EVERY_FIVE_MINUTES = '41 */5 * * * *';

/** Prunes the recent window in processes that run background jobs (several may, at once). */
@Injectable()
export class RecentItemsPruner implements OnModuleDestroy {
  private readonly logger: Logger;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    private readonly window: RecentWindow,
  ) {
    this.logger = rootLogger.child({ context: 'RecentItems' });
  }

  @Cron(EVERY_FIVE_MINUTES, { name: 'recent-items-prune', waitForCompletion: true })
  async prune(): Promise<void> {
    if (!this.config.backgroundJobs || this.config.recentItemsHours === 0) return;
    this.running = this.window.prune().then(
      (deleted) => {
        if (deleted > 0) this.logger.info({ deleted }, 'recent window pruned');
      },
      (error: unknown) => this.logger.error({ err: error }, 'recent window pruning failed'),
    );
    await this.running;
    this.running = null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.running;
  }
}

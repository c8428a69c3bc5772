import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { RetentionService } from './retention.service.js';

/** Minute 17 of every hour, on the wall clock, so frequent restarts cannot postpone it forever. */
const HOURLY = '0 17 * * * *';

/** Triggers the retention run hourly in processes that run background jobs. */
@Injectable()
export class RetentionScheduler implements OnModuleDestroy {
  private readonly logger: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    private readonly retention: RetentionService,
  ) {
    this.logger = rootLogger.child({ context: 'Retention' });
  }

  @Cron(HOURLY, { name: 'retention', waitForCompletion: true })
  async hourly(): Promise<void> {
    if (!this.config.backgroundJobs) return;
    try {
      const deleted = await this.retention.runOnce();
      this.logger.info({ deleted }, 'retention run finished');
    } catch (error) {
      this.logger.error({ err: error }, 'retention run failed');
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.retention.settled();
  }
}

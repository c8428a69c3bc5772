import { Inject, Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import type { DigestFrequency } from '../subscriptions/email-subscription.entity.js';
import { DigestService } from './digest.service.js';

/** Hourly digests on the hour, daily ones at 00:00 UTC, in processes that run background jobs. */
@Injectable()
export class DigestScheduler {
  private readonly logger: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    private readonly digests: DigestService,
  ) {
    this.logger = rootLogger.child({ context: 'Digests' });
  }

  @Cron('0 0 * * * *', { name: 'hourly-digests', waitForCompletion: true, timeZone: 'UTC' })
  hourly(): Promise<void> {
    return this.run('hourly');
  }

  @Cron('0 0 0 * * *', { name: 'daily-digests', waitForCompletion: true, timeZone: 'UTC' })
  daily(): Promise<void> {
    return this.run('daily');
  }

  private async run(frequency: DigestFrequency): Promise<void> {
    if (!this.config.backgroundJobs || this.config.email === null) return;
    try {
      const { sent } = await this.digests.sendDigests(frequency);
      this.logger.info({ frequency, sent }, 'digests sent');
    } catch (error) {
      this.logger.error({ err: error, frequency }, 'digests failed');
    }
  }
}

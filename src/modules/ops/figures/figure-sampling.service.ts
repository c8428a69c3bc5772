import { Inject, Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import { FigureReadings } from './figure-readings.js';
import { INSTANCE_ID } from './instance-id.js';
import { MinuteSampler } from './minute-sampler.js';
import { OperationSampleStore } from './operation-sample.store.js';
import { MINUTE_MS, minuteStart } from './sampled-figures.js';

export interface SamplingReport {
  minute: number;
  /** Rows written, earlier minutes a failed write left included; 0 when the write failed. */
  written: number;
  failed: boolean;
}

/**
 * Once a minute, in processes that run background jobs, writes this instance's figures for the
 * minute just ended. A write that fails is logged and its rows go with the next minute's.
 */
@Injectable()
export class FigureSamplingService {
  private readonly logger: Logger;
  private readonly sampler: MinuteSampler;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    @Inject(INSTANCE_ID) instanceId: string,
    private readonly readings: FigureReadings,
    private readonly store: OperationSampleStore,
    private readonly clock: Clock,
  ) {
    this.logger = rootLogger.child({ context: 'OpsFigures' });
    this.sampler = new MinuteSampler(instanceId);
  }

  @Cron('0 * * * * *', { name: 'ops-figures', waitForCompletion: true })
  async everyMinute(): Promise<void> {
    if (!this.config.backgroundJobs) return;
    await this.sampleMinute(minuteStart(this.clock.nowMs()) - MINUTE_MS);
  }

  /** Samples the minute starting at `minute` and writes what is unwritten; never throws. */
  async sampleMinute(minute: number): Promise<SamplingReport> {
    try {
      const samples = this.sampler.sample(minute, await this.readings.read(minute));
      await this.store.write(samples);
      this.sampler.written();
      return { minute, written: samples.length, failed: false };
    } catch (error) {
      this.logger.error(
        { err: error, minute },
        'operation samples not written; retried next minute',
      );
      return { minute, written: 0, failed: true };
    }
  }
}

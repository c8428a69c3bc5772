import { Module } from '@nestjs/common';
import { Database } from '../../../database/database.js';
import { MetricsModule } from '../../metrics/metrics.module.js';
import { IngestionModule } from '../ingestion.module.js';
import { RecheckMetrics } from '../rechecks/recheck-metrics.js';
import { DatabasePollerStateStore } from './database-poller-state.store.js';
import { PollCycleReporter } from './poll-cycle-reporter.js';
import { PollerLease, PostgresAdvisoryLease, SingleProcessLease } from './poller-lease.js';
import { PollerMetrics } from './poller-metrics.js';
import { RedditPollerFactory } from './reddit-poller.factory.js';
import { RedditPollingWorker } from './reddit-polling.worker.js';

/** The live door into the ingestion pipeline: /r/all/new and /r/all/comments. */
@Module({
  imports: [IngestionModule, MetricsModule],
  providers: [
    DatabasePollerStateStore,
    PollerMetrics,
    RecheckMetrics,
    PollCycleReporter,
    RedditPollerFactory,
    RedditPollingWorker,
    {
      provide: PollerLease,
      inject: [Database],
      useFactory: (database: Database): PollerLease =>
        database.kind === 'postgres'
          ? new PostgresAdvisoryLease(database.dataSource)
          : new SingleProcessLease(),
    },
  ],
  exports: [RedditPollingWorker],
})
export class RedditPollingModule {}

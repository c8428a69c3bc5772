import { Module, type DynamicModule } from '@nestjs/common';
import type { ExportedProvider } from '../../common/nest/exported-provider.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { DumpImportService } from './dump/dump-import.service.js';
import { IngestionPipeline } from './ingestion-pipeline.service.js';
import { IngestionSinks, type NewItemsSink, type StoredAlertsSink } from './ingestion-sinks.js';
import { PostCacheStore } from './post-cache.store.js';
import { CountRecheckStore } from './rechecks/count-recheck.store.js';
import { SeenItemsStore } from './seen-items.store.js';
import { UnstorableItems } from './unstorable-items.js';

export interface IngestionOptions {
  sinks: {
    newItems: ExportedProvider<NewItemsSink>[];
    storedAlerts: ExportedProvider<StoredAlertsSink>[];
  };
}

/** Connects the sinks a root module lists to the one IngestionModule of the app. */
@Module({})
class IngestionSinksModule {}

const SINKS_CONNECTED = Symbol('SINKS_CONNECTED');

/**
 * The pipeline, the dump import and the stores they share, imported by the modules that feed it
 * or prune its tables; each root module also imports IngestionModule.forRoot({ sinks }).
 */
@Module({
  imports: [MatchingModule, UsageModule, AlertsModule, MetricsModule],
  providers: [
    IngestionPipeline,
    IngestionSinks,
    DumpImportService,
    SeenItemsStore,
    PostCacheStore,
    UnstorableItems,
    CountRecheckStore,
  ],
  exports: [
    IngestionPipeline,
    IngestionSinks,
    DumpImportService,
    SeenItemsStore,
    PostCacheStore,
    CountRecheckStore,
  ],
})
export class IngestionModule {
  static forRoot({ sinks }: IngestionOptions): DynamicModule {
    const listed = [...sinks.newItems, ...sinks.storedAlerts];
    return {
      module: IngestionSinksModule,
      imports: [IngestionModule, ...new Set(listed.map((sink) => sink.module))],
      providers: [
        {
          provide: SINKS_CONNECTED,
          inject: [IngestionSinks, ...listed.map((sink) => sink.provider)],
          useFactory: (registry: IngestionSinks, ...instances: unknown[]) => {
            registry.connect({
              newItems: instances.slice(0, sinks.newItems.length) as NewItemsSink[],
              storedAlerts: instances.slice(sinks.newItems.length) as StoredAlertsSink[],
            });
            return true;
          },
        },
      ],
    };
  }
}

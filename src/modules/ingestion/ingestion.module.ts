import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { DumpImportService } from './dump/dump-import.service.js';
import { IngestionPipeline } from './ingestion-pipeline.service.js';
import { PostCacheStore } from './post-cache.store.js';
import { SeenItemsStore } from './seen-items.store.js';
import { UnstorableItems } from './unstorable-items.js';

@Module({
  imports: [MatchingModule, UsageModule, AlertsModule],
  providers: [
    IngestionPipeline,
    DumpImportService,
    SeenItemsStore,
    PostCacheStore,
    UnstorableItems,
  ],
  exports: [IngestionPipeline, DumpImportService, SeenItemsStore, PostCacheStore],
})
export class IngestionModule {}

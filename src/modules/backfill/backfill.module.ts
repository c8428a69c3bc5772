import { Module } from '@nestjs/common';
import { IngestionModule } from '../ingestion/ingestion.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { RecentItemsModule } from '../recent-items/recent-items.module.js';
import { BackfillFiler } from './backfill-filer.js';
import { BackfillStore } from './backfill.store.js';
import { BackfillWorker } from './backfill.worker.js';
import { KeywordBackfiller } from './keyword-backfiller.js';

/**
 * Backfills (decisions.md section 14): a keyword created or restored with `backfill_hours` alerts
 * on its matches in that part of the recent window, through the live alert path. Filed by
 * BackfillFiler, which the keywords module tells of each creation in its transaction.
 */
@Module({
  imports: [IngestionModule, KeywordsModule, RecentItemsModule],
  providers: [BackfillStore, BackfillFiler, KeywordBackfiller, BackfillWorker],
  exports: [BackfillWorker],
})
export class BackfillModule {}

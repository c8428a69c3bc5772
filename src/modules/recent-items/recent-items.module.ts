import { Module } from '@nestjs/common';
import { RecentItemStore } from './recent-item.store.js';
import { RecentItemsPruner } from './recent-items.pruner.js';
import { RecentItemsWriter } from './recent-items.writer.js';
import { RecentWindow } from './recent-window.service.js';

/**
 * The recent window (decisions.md section 14): every ingested item for RECENT_ITEMS_HOURS in a
 * full-text index, written by the pipeline (RecentItemsWriter, listed in PIPELINE_SINKS), pruned
 * on a schedule, and searched by keyword anchors (RecentWindow) for preview and backfill.
 */
@Module({
  providers: [RecentItemStore, RecentItemsWriter, RecentWindow, RecentItemsPruner],
  exports: [RecentItemsWriter, RecentWindow],
})
export class RecentItemsModule {}

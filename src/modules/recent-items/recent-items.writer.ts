import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { NewItem, NewItemsSink } from '../ingestion/ingestion-sinks.js';
import { RecentItemStore } from './recent-item.store.js';

/**
 * The ingestion pipeline's sink that fills the recent window: every first-seen item, in the
 * batch's own transaction, so a crash loses none that was marked seen. Nothing with
 * RECENT_ITEMS_HOURS=0.
 */
@Injectable()
export class RecentItemsWriter implements NewItemsSink {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: RecentItemStore,
  ) {}

  async onNewItems(manager: EntityManager, items: NewItem[], now: number): Promise<void> {
    if (this.config.recentItemsHours === 0) return;
    await this.store.write(manager, items, now);
  }
}

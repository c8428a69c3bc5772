import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module.js';
import { InboxCollector } from './collecting/inbox-collector.service.js';
import { LiveSearchMatcher } from './collecting/live-search-matcher.service.js';
import { LiveSearchStore } from './collecting/live-search.store.js';
import { InboxController } from './items/http/inbox.controller.js';
import { InboxItemStore } from './items/inbox-item.store.js';
import { InboxService } from './items/inbox.service.js';
import { SearchesController } from './searches/http/searches.controller.js';
import { SearchStore } from './searches/search.store.js';
import { SearchesService } from './searches/searches.service.js';

/** The App product: searches, their inbox, and the collector that fills it (a pipeline sink). */
@Module({
  imports: [MetricsModule],
  controllers: [SearchesController, InboxController],
  providers: [
    SearchStore,
    SearchesService,
    InboxItemStore,
    InboxService,
    LiveSearchStore,
    LiveSearchMatcher,
    InboxCollector,
  ],
  exports: [InboxCollector, InboxService, SearchesService],
})
export class InboxModule {}

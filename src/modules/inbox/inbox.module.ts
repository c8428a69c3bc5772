import { Global, Module } from '@nestjs/common';
import { NEW_ITEMS_HOOK } from '../ingestion/ingestion-pipeline.service.js';
import { InboxCollector } from './collecting/inbox-collector.service.js';
import { LiveSearchMatcher } from './collecting/live-search-matcher.service.js';
import { InboxController } from './items/http/inbox.controller.js';
import { InboxService } from './items/inbox.service.js';
import { SearchesController } from './searches/http/searches.controller.js';
import { SearchesService } from './searches/searches.service.js';

/**
 * The App product: searches, their inbox, and the collector that fills it. Global so that
 * IngestionModule's pipeline resolves the optional NEW_ITEMS_HOOK without importing this module.
 */
@Global()
@Module({
  controllers: [SearchesController, InboxController],
  providers: [
    SearchesService,
    InboxService,
    LiveSearchMatcher,
    InboxCollector,
    { provide: NEW_ITEMS_HOOK, useExisting: InboxCollector },
  ],
  exports: [NEW_ITEMS_HOOK],
})
export class InboxModule {}

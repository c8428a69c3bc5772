import type { IngestionOptions } from './modules/ingestion/ingestion.module.js';
import { InboxCollector } from './modules/inbox/collecting/inbox-collector.service.js';
import { InboxModule } from './modules/inbox/inbox.module.js';
import { RecentItemsModule } from './modules/recent-items/recent-items.module.js';
import { RecentItemsWriter } from './modules/recent-items/recent-items.writer.js';
import { EmailModule } from './modules/email/email.module.js';
import { InstantMailOutbox } from './modules/email/sending/instant-mail.outbox.js';
import { DeliveryOutbox } from './modules/delivery/delivery.outbox.js';
import { DeliveryToWebhooksModule } from './modules/webhooks/delivery-to-webhooks.module.js';

/**
 * Where ingested items go, for every root module that runs the pipeline (the server, the admin
 * command): first-seen items into the recent window and the App inbox, stored alerts into the webhook and instant-mail
 * outboxes.
 */
export const PIPELINE_SINKS: IngestionOptions['sinks'] = {
  newItems: [
    { module: RecentItemsModule, provider: RecentItemsWriter },
    { module: InboxModule, provider: InboxCollector },
  ],
  storedAlerts: [
    { module: DeliveryToWebhooksModule, provider: DeliveryOutbox },
    { module: EmailModule, provider: InstantMailOutbox },
  ],
};

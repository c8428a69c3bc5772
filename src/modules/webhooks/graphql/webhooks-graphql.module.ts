import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks.module.js';
import { WebhookHealthLoader } from './webhook-health.loader.js';
import { WebhookHealthResolver } from './webhook-health.resolver.js';
import { LongFailingWebhooksResolver } from './long-failing-webhooks.resolver.js';
import { WebhooksResolver } from './webhooks.resolver.js';

/** Webhooks over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [WebhooksModule],
  providers: [
    WebhooksResolver,
    WebhookHealthResolver,
    WebhookHealthLoader,
    LongFailingWebhooksResolver,
  ],
})
export class WebhooksGraphqlModule {}

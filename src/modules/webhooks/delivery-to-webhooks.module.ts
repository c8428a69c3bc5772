import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { WebhookTargetsStore } from './targets/webhook-targets.store.js';
import { WebhookTargetsModule } from './targets/webhook-targets.module.js';

const DELIVERY_TO_WEBHOOKS = DeliveryModule.forTargets({
  module: WebhookTargetsModule,
  provider: WebhookTargetsStore,
});

/**
 * Delivery wired to this module's webhooks. Root modules and WebhooksModule import this, never
 * DeliveryModule itself, so there is one outbox, one worker and one sender per app.
 */
@Module({ imports: [DELIVERY_TO_WEBHOOKS], exports: [DELIVERY_TO_WEBHOOKS] })
export class DeliveryToWebhooksModule {}

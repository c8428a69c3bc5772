import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { WebhookDeliveryState } from './delivery-state/webhook-delivery-state.js';
import { WebhookDeliveryStateModule } from './delivery-state/webhook-delivery-state.module.js';

const WEBHOOK_DELIVERY = DeliveryModule.forTargets({
  module: WebhookDeliveryStateModule,
  provider: WebhookDeliveryState,
});

/**
 * Delivery wired to this module's webhooks. Root modules and WebhooksModule import this, never
 * DeliveryModule itself, so there is one outbox, one worker and one sender per app.
 */
@Module({ imports: [WEBHOOK_DELIVERY], exports: [WEBHOOK_DELIVERY] })
export class WebhookDeliveryModule {}

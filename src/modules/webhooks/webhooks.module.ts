import { Module } from '@nestjs/common';
import { DeliveryLogService } from './deliveries/delivery-log.service.js';
import { WebhookDeliveriesController } from './http/webhook-deliveries.controller.js';
import { WebhooksController } from './http/webhooks.controller.js';
import { PrivateTargetsWarning } from './private-targets-warning.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  controllers: [WebhooksController, WebhookDeliveriesController],
  providers: [WebhooksService, DeliveryLogService, PrivateTargetsWarning],
  exports: [WebhooksService, DeliveryLogService],
})
export class WebhooksModule {}

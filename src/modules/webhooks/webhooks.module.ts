import { Module } from '@nestjs/common';
import { DeliveryLogService } from './deliveries/delivery-log.service.js';
import { WebhookDeliveriesController } from './http/webhook-deliveries.controller.js';
import { WebhooksController } from './http/webhooks.controller.js';
import { PrivateTargetsWarning } from './private-targets-warning.js';
import { WebhookSecretsModule } from './secrets/webhook-secrets.module.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [WebhookSecretsModule],
  controllers: [WebhooksController, WebhookDeliveriesController],
  providers: [WebhooksService, DeliveryLogService, PrivateTargetsWarning],
  exports: [WebhooksService, DeliveryLogService],
})
export class WebhooksModule {}

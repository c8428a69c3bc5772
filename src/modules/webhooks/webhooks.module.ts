import { Module } from '@nestjs/common';
import { DeliveryLogService } from './deliveries/delivery-log.service.js';
import { RedeliveryBudget } from './deliveries/redelivery-budget.js';
import { WebhookHealthService } from './deliveries/webhook-health.service.js';
import { WebhookDeliveryStateModule } from './delivery-state/webhook-delivery-state.module.js';
import { WebhookDeliveriesController } from './http/webhook-deliveries.controller.js';
import { WebhooksController } from './http/webhooks.controller.js';
import { PrivateTargetsWarning } from './private-targets-warning.js';
import { WebhookSecretSealer } from './secrets/webhook-secret-sealer.service.js';
import { WebhookSecretsModule } from './secrets/webhook-secrets.module.js';
import { WebhookTester } from './test-delivery/webhook-tester.service.js';
import { WebhookDeliveryModule } from './webhook-delivery.module.js';
import { WebhookStore } from './webhook.store.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [WebhookSecretsModule, WebhookDeliveryStateModule, WebhookDeliveryModule],
  controllers: [WebhooksController, WebhookDeliveriesController],
  providers: [
    WebhookStore,
    WebhooksService,
    DeliveryLogService,
    RedeliveryBudget,
    WebhookTester,
    PrivateTargetsWarning,
    WebhookSecretSealer,
    WebhookHealthService,
  ],
  exports: [WebhooksService, WebhookStore, DeliveryLogService, WebhookTester, WebhookHealthService],
})
export class WebhooksModule {}

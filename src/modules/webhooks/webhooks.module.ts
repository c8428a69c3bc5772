import { Module } from '@nestjs/common';
import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { DeliveryLogService } from './delivery-log/delivery-log.service.js';
import { RedeliveryBudget } from './delivery-log/redelivery-budget.store.js';
import { WebhookHealthService } from './delivery-log/webhook-health.service.js';
import { WebhookTargetsModule } from './targets/webhook-targets.module.js';
import { WebhookDeliveriesController } from './http/webhook-deliveries.controller.js';
import { WebhooksController } from './http/webhooks.controller.js';
import { PrivateTargetsWarning } from './private-targets-warning.js';
import { WebhookSecretSealer } from './secrets/webhook-secret-sealer.service.js';
import { WebhookSecretsModule } from './secrets/webhook-secrets.module.js';
import { WebhookTester } from './tester/webhook-tester.service.js';
import { DeliveryToWebhooksModule } from './delivery-to-webhooks.module.js';
import { LongFailingWebhooksService } from './long-failing-webhooks.service.js';
import { WebhookStore } from './webhook.store.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [
    WebhookSecretsModule,
    WebhookTargetsModule,
    DeliveryToWebhooksModule,
    AccountAuditModule,
  ],
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
    LongFailingWebhooksService,
  ],
  exports: [
    WebhooksService,
    WebhookStore,
    DeliveryLogService,
    WebhookTester,
    WebhookHealthService,
    LongFailingWebhooksService,
  ],
})
export class WebhooksModule {}

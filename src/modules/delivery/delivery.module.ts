import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { WebhookSecretsModule } from '../webhooks/secrets/webhook-secrets.module.js';
import { ALERT_STORED_HOOK } from '../ingestion/ingestion-pipeline.service.js';
import { DeliveryMetrics } from './delivery.metrics.js';
import { DeliveryOutbox } from './delivery-outbox.service.js';
import { DeliveryStore } from './delivery.store.js';
import { DeliveryWakeups } from './delivery-wakeups.service.js';
import { DeliveryWorker } from './delivery-worker.service.js';
import { OutboxMetrics } from './outbox.metrics.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookTester } from './webhook-tester.service.js';

/**
 * Webhook delivery: the outbox written with each alert, the worker that drains it, and test
 * deliveries. Global so that the ingestion pipeline (its optional ALERT_STORED_HOOK) and the
 * webhooks controller (the tester) see it without importing it, which would close a cycle.
 */
@Global()
@Module({
  imports: [WebhookSecretsModule],
  providers: [
    {
      provide: WebhookSender,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new WebhookSender({
          timeoutMs: config.webhooks.timeoutMs,
          allowPrivate: config.webhooks.allowPrivate,
          maxConnections: config.webhooks.concurrency,
        }),
    },
    DeliveryStore,
    DeliveryWakeups,
    DeliveryMetrics,
    OutboxMetrics,
    DeliveryOutbox,
    { provide: ALERT_STORED_HOOK, useExisting: DeliveryOutbox },
    DeliveryWorker,
    WebhookTester,
  ],
  exports: [ALERT_STORED_HOOK, WebhookTester, DeliveryWakeups],
})
export class DeliveryModule implements OnApplicationShutdown {
  constructor(private readonly sender: WebhookSender) {}

  /** After the worker has let its attempts finish (beforeApplicationShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.sender.close();
  }
}

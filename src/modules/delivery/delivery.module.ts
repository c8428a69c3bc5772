import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { ExportedProvider } from '../../common/nest/exported-provider.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { DeliveryAttemptLog } from './delivery-attempt-log.js';
import { DeliveryMetrics } from './delivery.metrics.js';
import { DeliveryOutbox } from './delivery.outbox.js';
import { DeliveryStore } from './delivery.store.js';
import { DeliveryWorker } from './delivery.worker.js';
import { OutboxMetrics } from './outbox.metrics.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookTargets } from './webhook-targets.js';

/**
 * Webhook delivery: the outbox written with each alert (a sink of the ingestion pipeline), the
 * worker that drains it, and the sender. It reads and updates the webhooks only through the
 * WebhookTargets it is given (the webhooks module's DeliveryToWebhooksModule gives it).
 */
@Module({})
export class DeliveryModule implements OnApplicationShutdown {
  constructor(private readonly sender: WebhookSender) {}

  static forTargets(targets: ExportedProvider<WebhookTargets>): DynamicModule {
    return {
      module: DeliveryModule,
      imports: [MetricsModule, AlertsModule, targets.module],
      providers: [
        { provide: WebhookTargets, useExisting: targets.provider },
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
        DeliveryAttemptLog,
        DeliveryStore,
        DeliveryMetrics,
        OutboxMetrics,
        DeliveryOutbox,
        DeliveryWorker,
      ],
      exports: [DeliveryOutbox, DeliveryStore, WebhookSender, DeliveryWorker],
    };
  }

  /** After the worker has let its attempts finish (beforeApplicationShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.sender.close();
  }
}

import { Module } from '@nestjs/common';
import { AlertsModule } from '../../alerts/alerts.module.js';
import { IngestionModule } from '../../ingestion/ingestion.module.js';
import { RedditPollingModule } from '../../ingestion/polling/reddit-polling.module.js';
import { MetricsModule } from '../../metrics/metrics.module.js';
import { DeliveryToWebhooksModule } from '../../webhooks/delivery-to-webhooks.module.js';
import { WebhooksModule } from '../../webhooks/webhooks.module.js';
import { DeliveryFiguresService } from './delivery-figures.service.js';
import { FigureReadings } from './figure-readings.js';
import { FigureSamplingService } from './figure-sampling.service.js';
import { IngestionFiguresService } from './ingestion-figures.service.js';
import { INSTANCE_ID, newInstanceId } from './instance-id.js';
import { OperationSamplesModule } from './operation-samples.module.js';

/**
 * The console's Ingestion and Delivery figures: each instance with background jobs samples its
 * counters once a minute into operation_samples; the pages read the sums and the tables.
 */
@Module({
  imports: [
    MetricsModule,
    AlertsModule,
    IngestionModule,
    RedditPollingModule,
    DeliveryToWebhooksModule,
    WebhooksModule,
    OperationSamplesModule,
  ],
  providers: [
    { provide: INSTANCE_ID, useFactory: newInstanceId },
    FigureReadings,
    FigureSamplingService,
    IngestionFiguresService,
    DeliveryFiguresService,
  ],
  exports: [IngestionFiguresService, DeliveryFiguresService, FigureSamplingService, INSTANCE_ID],
})
export class FiguresModule {}

import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { LiveIndexMetrics } from './live-index.metrics.js';
import { MetricsController } from './metrics.controller.js';
import { PipelineStageMetrics } from './pipeline-stage.metrics.js';
import { createMetricsRegistry } from './metrics.registry.js';

/** Inject `Registry` and register counters/gauges on it; GET /metrics exposes them. */
@Module({
  controllers: [MetricsController],
  providers: [
    { provide: Registry, useFactory: createMetricsRegistry },
    LiveIndexMetrics,
    PipelineStageMetrics,
  ],
  exports: [Registry, LiveIndexMetrics, PipelineStageMetrics],
})
export class MetricsModule {}

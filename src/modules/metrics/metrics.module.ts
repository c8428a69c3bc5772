import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { LiveIndexMetrics } from './live-index.metrics.js';
import { MetricsController } from './metrics.controller.js';
import { createMetricsRegistry } from './metrics.registry.js';

/** Inject `Registry` and register counters/gauges on it; GET /metrics exposes them. */
@Module({
  controllers: [MetricsController],
  providers: [{ provide: Registry, useFactory: createMetricsRegistry }, LiveIndexMetrics],
  exports: [Registry, LiveIndexMetrics],
})
export class MetricsModule {}

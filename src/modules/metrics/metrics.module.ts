import { Global, Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { MetricsController } from './metrics.controller.js';
import { createMetricsRegistry } from './metrics.registry.js';

/** Inject `Registry` and register counters/gauges on it; GET /metrics exposes them. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [{ provide: Registry, useFactory: createMetricsRegistry }],
  exports: [Registry],
})
export class MetricsModule {}

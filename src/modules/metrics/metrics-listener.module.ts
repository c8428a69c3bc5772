import { Module } from '@nestjs/common';
import { MetricsListener } from './metrics-listener.js';
import { MetricsModule } from './metrics.module.js';

/** The METRICS_PORT listener: the server's only, never the admin command's (which shares MetricsModule). */
@Module({ imports: [MetricsModule], providers: [MetricsListener], exports: [MetricsListener] })
export class MetricsListenerModule {}

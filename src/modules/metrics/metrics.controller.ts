import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { Registry } from 'prom-client';
import { Public } from '../auth/auth.decorators.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';

/** Prometheus scrape endpoint on the public port, outside /api/v1: no API key, METRICS_TOKEN only. */
@Public()
@UseGuards(MetricsTokenGuard)
@Controller('metrics')
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}

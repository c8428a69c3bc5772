import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry } from 'prom-client';

export type DeliveryOutcome = 'succeeded' | 'failed' | 'canceled';

@Injectable()
export class DeliveryMetrics {
  private readonly deliveries: Counter<'outcome'>;
  private readonly latency: Histogram<'outcome'>;

  constructor(registry: Registry) {
    this.deliveries = new Counter({
      name: 'alerts_webhook_deliveries_total',
      help: 'Webhook deliveries by outcome (one attempt each; canceled: webhook paused or deleted)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.latency = new Histogram({
      name: 'alerts_webhook_delivery_latency_seconds',
      help: 'From the alert being stored to the receiver answering (or the attempt failing)',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [registry],
    });
  }

  recordOutcome(outcome: DeliveryOutcome): void {
    this.deliveries.inc({ outcome });
  }

  /** From the alert being stored to the receiver's answer (or the attempt failing). */
  recordLatency(ok: boolean, latencyMs: number): void {
    this.latency.observe({ outcome: ok ? 'succeeded' : 'failed' }, Math.max(0, latencyMs) / 1000);
  }
}

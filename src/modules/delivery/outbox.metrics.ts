import { Injectable } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { Clock } from '../../common/time/clock.js';
import { DeliveryStore } from './delivery.store.js';

/** How far the outbox is behind, read from the database at each scrape (every instance sees all rows). */
@Injectable()
export class OutboxMetrics {
  constructor(registry: Registry, store: DeliveryStore, clock: Clock) {
    new Gauge({
      name: 'alerts_outbox_pending_deliveries',
      help: 'Deliveries waiting in the outbox or being attempted',
      registers: [registry],
      async collect() {
        this.set((await store.backlog()).depth);
      },
    });
    new Gauge({
      name: 'alerts_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest delivery still waiting or being attempted (0 when none)',
      registers: [registry],
      async collect() {
        const { oldestCreatedAt } = await store.backlog();
        this.set(
          oldestCreatedAt === null ? 0 : Math.max(0, clock.nowMs() - oldestCreatedAt) / 1000,
        );
      },
    });
  }
}

import { Injectable } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { Clock } from '../../common/time/clock.js';
import { Database } from '../../database/database.js';
import { OPEN_ROWS } from './delivery.store.js';

interface Backlog {
  depth: number;
  oldestCreatedAt: number | null;
}

/** How far the outbox is behind, read from the database at each scrape (every instance sees all rows). */
@Injectable()
export class OutboxMetrics {
  constructor(registry: Registry, database: Database, clock: Clock) {
    const backlog = async (): Promise<Backlog> => {
      const [row] = await database.query<{
        depth: string | number;
        oldest: string | number | null;
      }>(
        database.manager,
        `SELECT COUNT(*) AS depth, MIN(created_at) AS oldest FROM deliveries WHERE ${OPEN_ROWS}`,
      );
      return {
        depth: Number(row.depth),
        oldestCreatedAt: row.oldest === null ? null : Number(row.oldest),
      };
    };
    new Gauge({
      name: 'alerts_outbox_pending_deliveries',
      help: 'Deliveries waiting in the outbox or being attempted',
      registers: [registry],
      async collect() {
        this.set((await backlog()).depth);
      },
    });
    new Gauge({
      name: 'alerts_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest delivery still waiting or being attempted (0 when none)',
      registers: [registry],
      async collect() {
        const { oldestCreatedAt } = await backlog();
        this.set(
          oldestCreatedAt === null ? 0 : Math.max(0, clock.nowMs() - oldestCreatedAt) / 1000,
        );
      },
    });
  }
}

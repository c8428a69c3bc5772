import { Injectable } from '@nestjs/common';
import { Database } from '../../../database/database.js';
import { OPEN_ROWS } from '../../delivery/delivery.store.js';
import { nearestRankIndex } from './figure-math.js';

export interface OutboxBacklog {
  depth: number;
  oldestCreatedAt: number | null;
}

export interface FailingWebhookRow {
  webhookId: string;
  accountId: string;
  url: string;
  consecutiveFailures: number;
  lastError: string | null;
  lastDeliveryAt: number | null;
}

export interface LagPercentiles {
  alerts: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** Failing webhooks listed at most, the worst first. */
const FAILING_WEBHOOKS_SHOWN = 200;

/** The console's figures that the database already holds: outbox, webhooks, alerts. */
@Injectable()
export class OpsFiguresStore {
  constructor(private readonly database: Database) {}

  async outboxBacklog(): Promise<OutboxBacklog> {
    const [row] = await this.database.query<{
      depth: string | number;
      oldest: string | number | null;
    }>(
      this.database.manager,
      `SELECT COUNT(*) AS depth, MIN(created_at) AS oldest FROM deliveries WHERE ${OPEN_ROWS}`,
    );
    return {
      depth: Number(row.depth),
      oldestCreatedAt: row.oldest === null ? null : Number(row.oldest),
    };
  }

  /** Active webhooks whose latest attempts failed (consecutive failures > 0), the worst first. */
  async failingWebhooks(): Promise<FailingWebhookRow[]> {
    const rows = await this.database.query<{
      id: string;
      account_id: string;
      url: string;
      consecutive_failures: string | number;
      last_error: string | null;
      last_delivery_at: string | number | null;
    }>(
      this.database.manager,
      `SELECT id, account_id, url, consecutive_failures, last_error, last_delivery_at
       FROM webhooks
       WHERE consecutive_failures > 0 AND active = :active AND deleted_at IS NULL
       ORDER BY consecutive_failures DESC, id
       LIMIT :limit`,
      { active: true, limit: FAILING_WEBHOOKS_SHOWN },
    );
    return rows.map((row) => ({
      webhookId: row.id,
      accountId: row.account_id,
      url: row.url,
      consecutiveFailures: Number(row.consecutive_failures),
      lastError: row.last_error,
      lastDeliveryAt: row.last_delivery_at === null ? null : Number(row.last_delivery_at),
    }));
  }

  /**
   * From Reddit's created_utc (whole seconds, as Reddit gives it) to the alert being stored, over
   * the alerts stored since `since`.
   */
  async storedAlertLag(since: number): Promise<LagPercentiles> {
    const [{ count }] = await this.database.query<{ count: string | number }>(
      this.database.manager,
      'SELECT COUNT(*) AS count FROM alerts WHERE matched_at >= :since',
      { since },
    );
    const alerts = Number(count);
    if (alerts === 0) return { alerts, p50Ms: null, p95Ms: null };
    const at = async (percentile: number): Promise<number | null> => {
      const [row] = await this.database.query<{ lag: string | number }>(
        this.database.manager,
        `SELECT matched_at - created_utc * 1000 AS lag FROM alerts WHERE matched_at >= :since
         ORDER BY lag LIMIT 1 OFFSET :offset`,
        { since, offset: nearestRankIndex(alerts, percentile) },
      );
      return row === undefined ? null : Number(row.lag);
    };
    return { alerts, p50Ms: await at(50), p95Ms: await at(95) };
  }
}

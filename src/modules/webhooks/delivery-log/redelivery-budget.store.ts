import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../../common/errors/app-error.js';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Database } from '../../../database/database.js';

const HOUR_MS = 3_600_000;

/**
 * REDELIVERY_ROWS_PER_HOUR: how many deliveries an account's redeliveries may queue in a clock
 * hour (UTC). Counted in the database, in the transaction that queues them, so every instance
 * shares one count and a call refused rolls back whatever it had queued.
 */
@Injectable()
export class RedeliveryBudget {
  private readonly limit: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.webhooks.redeliveryRowsPerHour;
  }

  /**
   * Counts `rows` more against the account's hour, or throws 429 `rate_limited` (with
   * Retry-After: the seconds left in the hour) when they would pass the limit. One statement:
   * concurrent calls on PostgreSQL wait for each other on the account's row.
   */
  async spend(manager: EntityManager, accountId: string, rows: number): Promise<void> {
    if (rows === 0) return;
    const now = this.clock.nowMs();
    const hourStart = now - (now % HOUR_MS);
    const counted = rows > this.limit ? [] : await this.count(manager, accountId, hourStart, rows);
    if (counted.length > 0) return;
    const retryAfter = Math.max(1, Math.ceil((hourStart + HOUR_MS - now) / 1000));
    throw new AppError(
      'rate_limited',
      `Redelivery would queue ${rows} deliveries, past this account's ${this.limit} per hour`,
      { 'Retry-After': String(retryAfter) },
    );
  }

  /** The account's new count for the hour; no row when it would pass the limit. */
  private count(
    manager: EntityManager,
    accountId: string,
    hourStart: number,
    rows: number,
  ): Promise<unknown[]> {
    return this.database.query(
      manager,
      `INSERT INTO redelivery_budgets (account_id, hour_start, queued)
       VALUES (:accountId, :hourStart, :rows)
       ON CONFLICT (account_id) DO UPDATE SET
         queued = CASE WHEN redelivery_budgets.hour_start = excluded.hour_start
                       THEN redelivery_budgets.queued + excluded.queued ELSE excluded.queued END,
         hour_start = excluded.hour_start
       WHERE redelivery_budgets.hour_start <> excluded.hour_start
          OR redelivery_budgets.queued + excluded.queued <= :limit
       RETURNING queued`,
      { accountId, hourStart, rows, limit: this.limit },
    );
  }
}

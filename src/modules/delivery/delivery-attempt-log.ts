import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { DeliverySql } from './delivery-sql.js';
import type { AttemptTrigger } from './retry-policy.js';

/** One attempt of a delivery: its number (1 is the first), what made it, how it went. */
export interface DeliveryAttemptRow {
  deliveryId: string;
  attempt: number;
  trigger: AttemptTrigger;
  attemptedAt: number;
  httpStatus: number | null;
  error: string | null;
  durationMs: number | null;
  /** When the failed attempt is tried again; null after a success or a final failure. */
  retryAt: number | null;
}

interface StoredAttempt {
  delivery_id: string;
  attempt: number | string;
  attempt_trigger: AttemptTrigger;
  attempted_at: number | string;
  http_status: number | null;
  error: string | null;
  duration_ms: number | null;
  retry_at: number | string | null;
}

/** The attempts of each delivery, one row apiece, written in the transaction that settles them. */
@Injectable()
export class DeliveryAttemptLog {
  private readonly sql: DeliverySql;

  constructor(private readonly database: Database) {
    this.sql = new DeliverySql(database.kind);
  }

  /** One statement however many attempts there are. */
  async append(manager: EntityManager, attempts: readonly DeliveryAttemptRow[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.database.query(
      manager,
      `INSERT INTO delivery_attempts
         (delivery_id, attempt, attempt_trigger, attempted_at, http_status, error, duration_ms,
          retry_at)
       SELECT v.delivery_id, v.attempt, v.attempt_trigger, v.attempted_at, v.http_status, v.error,
              v.duration_ms, v.retry_at
       FROM ${this.sql.jsonRows('attempts', {
         delivery_id: 'varchar',
         attempt: 'integer',
         attempt_trigger: 'varchar',
         attempted_at: 'bigint',
         http_status: 'integer',
         error: 'varchar',
         duration_ms: 'integer',
         retry_at: 'bigint',
       })}`,
      {
        attempts: JSON.stringify(
          attempts.map((row) => ({
            delivery_id: row.deliveryId,
            attempt: row.attempt,
            attempt_trigger: row.trigger,
            attempted_at: row.attemptedAt,
            http_status: row.httpStatus,
            error: row.error,
            duration_ms: row.durationMs,
            retry_at: row.retryAt,
          })),
        ),
      },
    );
  }

  async of(deliveryId: string): Promise<DeliveryAttemptRow[]> {
    const rows = await this.database.query<StoredAttempt>(
      this.database.manager,
      `SELECT delivery_id, attempt, attempt_trigger, attempted_at, http_status, error, duration_ms,
              retry_at
         FROM delivery_attempts WHERE delivery_id = :deliveryId ORDER BY attempt`,
      { deliveryId },
    );
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      attempt: Number(row.attempt),
      trigger: row.attempt_trigger,
      attemptedAt: Number(row.attempted_at),
      httpStatus: row.http_status,
      error: row.error,
      durationMs: row.duration_ms,
      retryAt: row.retry_at === null ? null : Number(row.retry_at),
    }));
  }
}

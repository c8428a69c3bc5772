import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';
import type { AttemptTrigger } from './retry-policy.js';

/**
 * pending → sending (claimed, under a lease) → succeeded | failed | retrying (a retry waits for
 * `retryAt`, then is claimed as sending again); canceled when the webhook was paused or deleted
 * before the attempt.
 */
export type DeliveryStatus =
  'pending' | 'sending' | 'retrying' | 'succeeded' | 'failed' | 'canceled';

/** One outbox row per (alert, webhook); its id is the X-Webhook-Delivery header. */
@Entity('deliveries')
export class DeliveryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'alert_id', type: 'varchar', length: 36 })
  alertId: string;

  @Column({ name: 'webhook_id', type: 'varchar', length: 36 })
  webhookId: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  /** End of the current claim's lease; a sending row past it is claimed again. */
  @Column({ name: 'claimed_until', type: 'bigint', nullable: true, transformer: epochMillis })
  claimedUntil: number | null;

  @Column({ name: 'attempted_at', type: 'bigint', nullable: true, transformer: epochMillis })
  attemptedAt: number | null;

  @Column({ name: 'http_status', type: 'integer', nullable: true })
  httpStatus: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs: number | null;

  /** Attempts made: the automatic one, its retries, one per redelivery (canceled rows count none). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** When the waiting retry falls due (status retrying); null otherwise. */
  @Column({ name: 'retry_at', type: 'bigint', nullable: true, transformer: epochMillis })
  retryAt: number | null;

  /** Retries the automatic series has scheduled so far (retry-policy.ts). */
  @Column({ type: 'integer', default: 0 })
  retries: number;

  /** Why the row is in the outbox: which attempt it makes next. */
  @Column({ name: 'attempt_trigger', type: 'varchar', length: 16, default: 'automatic' })
  attemptTrigger: AttemptTrigger;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';
import type { WebhookFormat } from '../delivery/formats/webhook-format.js';
import type { RetryPolicy } from '../delivery/retry-policy.js';

@Entity('webhooks')
export class WebhookEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index()
  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 16 })
  format: WebhookFormat;

  /** none (one attempt, the spec's) or standard (retries on a schedule; retry-policy.ts). */
  @Column({ name: 'retry_policy', type: 'varchar', length: 16 })
  retryPolicy: RetryPolicy;

  /**
   * HMAC key, 64 hex characters, needed in clear to sign deliveries; stored sealed
   * ("v1:<key id>:…", WebhookSecretCipher), never plain once the instance has started.
   */
  @Column({ type: 'varchar', length: 200 })
  secret: string;

  /** The secret the last rotation replaced; it keeps signing beside `secret` for a while. */
  @Column({ name: 'previous_secret', type: 'varchar', length: 200, nullable: true })
  previousSecret: string | null;

  @Column({ name: 'secret_rotated_at', type: 'bigint', nullable: true, transformer: epochMillis })
  secretRotatedAt: number | null;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'last_delivery_at', type: 'bigint', nullable: true, transformer: epochMillis })
  lastDeliveryAt: number | null;

  @Column({ name: 'total_deliveries', type: 'integer' })
  totalDeliveries: number;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'consecutive_failures', type: 'integer' })
  consecutiveFailures: number;

  /**
   * The first failure since the last success or resumption: the start of the streak that
   * consecutiveFailures counts; null when the latest attempt succeeded (failing-streak.ts).
   */
  @Column({ name: 'failing_since', type: 'bigint', nullable: true, transformer: epochMillis })
  failingSince: number | null;

  /** When the account was mailed that this streak had lasted 3 days; null until then. */
  @Column({ name: 'failing_notice_at', type: 'bigint', nullable: true, transformer: epochMillis })
  failingNoticeAt: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: epochMillis })
  deletedAt: number | null;
}

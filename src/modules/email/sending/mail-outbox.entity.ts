import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../../database/column-transformers.js';

/**
 * pending → sending (claimed, under a lease) → sent | failed; canceled when the subscription
 * ended before the mail went out.
 */
export type MailOutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'canceled';

/** One row per (alert, instant subscription), written in the transaction that stores the alert. */
@Entity('mail_outbox')
export class MailOutboxEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 36 })
  subscriptionId: string;

  @Column({ name: 'alert_id', type: 'varchar', length: 36 })
  alertId: string;

  @Column({ type: 'varchar', length: 16 })
  status: MailOutboxStatus;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  /** Not claimed before this time: the account's hourly mail budget was spent. */
  @Column({ name: 'not_before', type: 'bigint', transformer: epochMillis })
  notBefore: number;

  @Column({ name: 'claimed_until', type: 'bigint', nullable: true, transformer: epochMillis })
  claimedUntil: number | null;

  @Column({ name: 'sent_at', type: 'bigint', nullable: true, transformer: epochMillis })
  sentAt: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;
}

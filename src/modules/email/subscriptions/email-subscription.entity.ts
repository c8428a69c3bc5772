import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis, jsonList } from '../../../database/column-transformers.js';

export const EMAIL_FREQUENCIES = ['instant', 'hourly', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export type DigestFrequency = Exclude<EmailFrequency, 'instant'>;

/** pending (until the address confirms) → active → unsubscribed; deleting removes the row. */
export type EmailSubscriptionStatus = 'pending' | 'active' | 'unsubscribed';

@Entity('email_subscriptions')
export class EmailSubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 16 })
  frequency: EmailFrequency;

  /** Empty: every keyword of the account. */
  @Column({ name: 'keyword_ids', type: 'text', transformer: jsonList })
  keywordIds: string[];

  @Column({ type: 'varchar', length: 16 })
  status: EmailSubscriptionStatus;

  @Column({ name: 'confirm_token_hash', type: 'varchar', length: 64, nullable: true })
  confirmTokenHash: string | null;

  @Column({ name: 'confirm_expires_at', type: 'bigint', nullable: true, transformer: epochMillis })
  confirmExpiresAt: number | null;

  @Column({ name: 'unsubscribe_token', type: 'varchar', length: 64 })
  unsubscribeToken: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'confirmed_at', type: 'bigint', nullable: true, transformer: epochMillis })
  confirmedAt: number | null;

  @Column({ name: 'unsubscribed_at', type: 'bigint', nullable: true, transformer: epochMillis })
  unsubscribedAt: number | null;

  /** A digest covers the alerts matched after this time; each digest sent moves it on. */
  @Column({ name: 'digest_through', type: 'bigint', nullable: true, transformer: epochMillis })
  digestThrough: number | null;

  @Column({ name: 'last_sent_at', type: 'bigint', nullable: true, transformer: epochMillis })
  lastSentAt: number | null;

  /** The last failure to send, cleared by the next mail that goes out. */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'last_error_at', type: 'bigint', nullable: true, transformer: epochMillis })
  lastErrorAt: number | null;
}

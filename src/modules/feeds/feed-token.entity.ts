import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** The account's one feed token; rotating replaces hash and prefix in place. */
@Entity('feed_tokens')
export class FeedTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36, unique: true })
  accountId: string;

  /** SHA-256 of the whole token, hex; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  /** The first characters of the token, so owners can tell which one is live. */
  @Column({ name: 'token_prefix', type: 'varchar', length: 16 })
  tokenPrefix: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** A setup link the service logged at a start while it had no operator (docs/dashboard.md). */
@Entity('setup_tokens')
export class SetupTokenEntity {
  /** setup-token.ts: the SHA-256 of the link's token; the token itself is never stored. */
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMillis })
  expiresAt: number;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** decisions section 15: `read` keys may only read (GET routes, GraphQL queries); `write` do all. */
export const KEY_SCOPES = ['read', 'write'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const isKeyScope = (value: unknown): value is KeyScope =>
  KEY_SCOPES.includes(value as KeyScope);

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index()
  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64, unique: true })
  keyHash: string;

  /** The first characters of the key, so operators can tell keys apart. */
  @Column({ name: 'key_prefix', type: 'varchar', length: 16 })
  keyPrefix: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'revoked_at', type: 'bigint', nullable: true, transformer: epochMillis })
  revokedAt: number | null;

  @Column({ type: 'varchar', length: 8, default: 'write' })
  scope: KeyScope;

  /** From this instant on the key is refused as expired; null: it never expires. */
  @Column({ name: 'expires_at', type: 'bigint', nullable: true, transformer: epochMillis })
  expiresAt: number | null;

  /** When a request last authenticated with it, to the minute (KEY_USE_RECORD_INTERVAL_MS); null: never. */
  @Column({ name: 'last_used_at', type: 'bigint', nullable: true, transformer: epochMillis })
  lastUsedAt: number | null;
}

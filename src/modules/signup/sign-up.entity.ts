import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** One sign-up: waiting for its address to be verified, or verified into an account. */
@Entity('signups')
export class SignUpEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** As typed (trimmed), for display. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The lower-cased email (email-address.ts), as users are looked up by. */
  @Column({ name: 'email_key', type: 'varchar', length: 254 })
  emailKey: string;

  /** The chosen password's hash (password-hash.ts) until verified; null once the user has it. */
  @Column({ name: 'password_hash', type: 'varchar', length: 200, nullable: true })
  passwordHash: string | null;

  /** SHA-256 of the link's token; the token itself is only in the mail. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMillis })
  expiresAt: number;

  @Column({ name: 'verified_at', type: 'bigint', nullable: true, transformer: epochMillis })
  verifiedAt: number | null;

  /** The account verification created. */
  @Column({ name: 'account_id', type: 'varchar', length: 36, nullable: true })
  accountId: string | null;
}

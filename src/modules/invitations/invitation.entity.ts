import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';
import type { AccountRole } from '../auth/account-roles.js';

/** An invitation to join an account with a role: pending until accepted, revoked or expired. */
@Entity('invitations')
export class InvitationEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  /** As typed (trimmed), for display. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The lower-cased email (email-address.ts), as users are looked up by. */
  @Column({ name: 'email_key', type: 'varchar', length: 254 })
  emailKey: string;

  @Column({ type: 'varchar', length: 16 })
  role: AccountRole;

  /** SHA-256 of the link's token; the token itself is only in the mail or the one answer. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  /** The inviting user's email, kept as it was when they invited. */
  @Column({ name: 'invited_by', type: 'varchar', length: 254 })
  invitedBy: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMillis })
  expiresAt: number;

  @Column({ name: 'accepted_at', type: 'bigint', nullable: true, transformer: epochMillis })
  acceptedAt: number | null;

  @Column({ name: 'revoked_at', type: 'bigint', nullable: true, transformer: epochMillis })
  revokedAt: number | null;
}

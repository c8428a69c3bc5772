import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';
import type { AccountRole } from '../auth/account-roles.js';

/**
 * An account's user by their role in it (decisions section 15), or an operator of the service
 * (decisions section 10), of no account.
 */
export type UserRole = AccountRole | 'operator';

@Entity('users')
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** null only for operators. */
  @Column({ name: 'account_id', type: 'varchar', length: 36, nullable: true })
  accountId: string | null;

  /** As given (trimmed), for display. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The lower-cased email, unique: what sign-in and the admin command look users up by. */
  @Column({ name: 'email_key', type: 'varchar', length: 254, unique: true })
  emailKey: string;

  /** password-hash.ts: `$scrypt$ln=…,r=…,p=…$<salt>$<hash>`; the password itself is never stored. */
  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 16, default: 'owner' })
  role: UserRole;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'password_changed_at', type: 'bigint', transformer: epochMillis })
  passwordChangedAt: number;
}

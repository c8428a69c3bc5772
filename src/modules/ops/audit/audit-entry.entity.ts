import { Column, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';
import { epochMillis } from '../../../database/column-transformers.js';

/** The changed fields of an audited action, by name: never a secret, a key, a hash or a password. */
export type AuditFields = Record<string, string | number | boolean | null>;

/** An object as JSON text in a text column; null stays null. */
const jsonFields: ValueTransformer = {
  to: (value: AuditFields | null | undefined) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  from: (value: string | null) => (value === null ? null : (JSON.parse(value) as AuditFields)),
};

/** One operator action (issue #26): who, what, when, on which account, before and after. */
@Entity('audit_entries')
export class AuditEntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36, nullable: true })
  accountId: string | null;

  @Column({ name: 'operator_id', type: 'varchar', length: 36 })
  operatorId: string;

  /** As it was when the operator acted. */
  @Column({ name: 'operator_email', type: 'varchar', length: 254 })
  operatorEmail: string;

  /** What was done, e.g. `change_account` (AuditAction). */
  @Column({ type: 'varchar', length: 40 })
  action: string;

  /** What it was done to, for a reader: the account, `user <email>`, `key <prefix>`. */
  @Column({ type: 'varchar', length: 300 })
  target: string;

  /** The changed fields as they were; null when the action made something new. */
  @Column({ name: 'before_json', type: 'text', nullable: true, transformer: jsonFields })
  before: AuditFields | null;

  @Column({ name: 'after_json', type: 'text', nullable: true, transformer: jsonFields })
  after: AuditFields | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}

import { Column, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

export type AuditValue = string | number | boolean | null | readonly string[];

/** Changed fields by name: never a secret; a changed secret is written as SECRET_CHANGED. */
export type AccountAuditFields = Record<string, AuditValue>;

/** What an entry writes in place of a secret that changed. */
export const SECRET_CHANGED = '[changed]';

export type AuditActorType = 'user' | 'api_key';

const jsonFields: ValueTransformer = {
  to: (value: AccountAuditFields | null | undefined) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  from: (value: string | null) =>
    value === null ? null : (JSON.parse(value) as AccountAuditFields),
};

/** One change a user or an API key made to its account (decisions section 15). */
@Entity('account_audit_entries')
export class AccountAuditEntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'actor_type', type: 'varchar', length: 8 })
  actorType: AuditActorType;

  /** The user's or the key's id. */
  @Column({ name: 'actor_id', type: 'varchar', length: 36 })
  actorId: string;

  /** The user's email or the key's prefix, as it was when they acted. */
  @Column({ name: 'actor_label', type: 'varchar', length: 254 })
  actorLabel: string;

  /** `<resource type>.<what happened>`, e.g. `keyword.created`, `user.role_changed`. */
  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ name: 'resource_type', type: 'varchar', length: 40 })
  resourceType: string;

  @Column({ name: 'resource_id', type: 'varchar', length: 64 })
  resourceId: string;

  /** The changed fields as they were; null when the change made something new. */
  @Column({ name: 'before_json', type: 'text', nullable: true, transformer: jsonFields })
  before: AccountAuditFields | null;

  /** The changed fields as they became; null when the change removed something. */
  @Column({ name: 'after_json', type: 'text', nullable: true, transformer: jsonFields })
  after: AccountAuditFields | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../../common/ids.js';
import { Clock } from '../../../common/time/clock.js';
import { AuditEntryEntity, type AuditFields } from './audit-entry.entity.js';
import { AuditStore } from './audit.store.js';

export type AuditAction =
  'create_account' | 'change_account' | 'add_user' | 'reset_password' | 'revoke_api_key';

/** Who acted: the operator, with the email they had then. */
export interface AuditActor {
  operatorId: string;
  operatorEmail: string;
}

/** What an entry records; `before` and `after` hold the changed fields only, never a secret. */
export interface AuditRecord {
  action: AuditAction;
  accountId: string;
  target: string;
  before: AuditFields | null;
  after: AuditFields | null;
}

/** Entries an account shows at most, newest first. */
export const AUDIT_ENTRIES_SHOWN = 100;

/** Writes operator actions to the audit log, in the transaction of the change they record. */
@Injectable()
export class AuditLog {
  constructor(
    private readonly store: AuditStore,
    private readonly clock: Clock,
  ) {}

  async record(manager: EntityManager, actor: AuditActor, record: AuditRecord): Promise<void> {
    const entry = Object.assign(new AuditEntryEntity(), {
      id: newId(),
      ...actor,
      ...record,
      createdAt: this.clock.nowMs(),
    });
    await this.store.insert(manager, entry);
  }

  /** The account's latest entries, newest first. */
  entriesOf(accountId: string): Promise<AuditEntryEntity[]> {
    return this.store.entriesOf(accountId, AUDIT_ENTRIES_SHOWN);
  }
}

/** The fields whose values differ, as they were and as they are; null when none did. */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } | null {
  const names = Object.keys(after).filter((name) => before[name] !== after[name]);
  if (names.length === 0) return null;
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
  };
}

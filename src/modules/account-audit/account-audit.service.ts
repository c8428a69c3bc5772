import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { checkPageSize, parseAfter } from '../../common/http/page-query.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import type { AccountScope, Caller } from '../auth/caller.js';
import { daysBefore } from '../../common/time/timestamps.js';
import {
  AccountAuditEntryEntity,
  SECRET_CHANGED,
  type AccountAuditFields,
  type AuditActorType,
} from './account-audit-entry.entity.js';
import { AccountAuditStore } from './account-audit.store.js';

/** What one entry records; `before` and `after` hold the changed fields only, never a secret. */
export interface AuditRecord {
  /** `<resource type>.<what happened>`, e.g. `keyword.created`. */
  action: string;
  resourceType: string;
  resourceId: string;
  before: AccountAuditFields | null;
  after: AccountAuditFields | null;
}

export interface AuditLogFilters {
  first?: number;
  after?: string;
  actor?: string;
  resourceType?: string;
}

export interface AuditLogPage {
  entries: AccountAuditEntryEntity[];
  hasNextPage: boolean;
}

/**
 * Who acts for which account: a request's Caller, or one made where nobody signed in yet (an
 * invitee accepting an invitation acts as the user it creates).
 */
export type AuditedCaller = Pick<Caller, 'accountId' | 'actor'>;

interface Actor {
  actorType: AuditActorType;
  actorId: string;
  actorLabel: string;
}

/**
 * Writes the account's audit log in the transaction of the change each entry records, so a
 * change that rolls back leaves no entry, and reads it back a page at a time.
 */
@Injectable()
export class AccountAudit {
  constructor(
    private readonly store: AccountAuditStore,
    private readonly clock: Clock,
  ) {}

  record(manager: EntityManager, caller: AuditedCaller, record: AuditRecord): Promise<void> {
    return this.recordAll(manager, caller, [record]);
  }

  /** One entry per record, all with the same actor and time. */
  async recordAll(
    manager: EntityManager,
    caller: AuditedCaller,
    records: readonly AuditRecord[],
  ): Promise<void> {
    if (records.length === 0) return;
    const actor: Actor = {
      actorType: caller.actor.type,
      actorId: caller.actor.id,
      actorLabel: caller.actor.label,
    };
    const createdAt = this.clock.nowMs();
    const entries = records.map((record) =>
      Object.assign(new AccountAuditEntryEntity(), {
        id: newId(),
        accountId: caller.accountId,
        ...actor,
        ...record,
        createdAt,
      }),
    );
    await this.store.insert(manager, entries);
  }

  /** The caller's account's entries within its plan's history_days, newest first. */
  async page(caller: AccountScope, filters: AuditLogFilters): Promise<AuditLogPage> {
    const limit = checkPageSize(filters.first);
    const entries = await this.store.page({
      accountId: caller.accountId,
      since: daysBefore(this.clock.nowMs(), caller.limits.historyDays),
      actor: filters.actor ?? null,
      resourceType: filters.resourceType ?? null,
      after: parseAfter(filters.after),
      limit: limit + 1,
    });
    return { entries: entries.slice(0, limit), hasNextPage: entries.length > limit };
  }
}

/**
 * The fields whose values differ, as they were and as they are; null when none did. A secret
 * that changed (`changedSecret`: its field's name) shows as `"[changed]"` after, never its value.
 */
export function changedFields(
  before: AccountAuditFields,
  after: AccountAuditFields,
  changedSecret: string | null = null,
): { before: AccountAuditFields; after: AccountAuditFields } | null {
  const names = Object.keys(after).filter(
    (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
  if (names.length === 0 && changedSecret === null) return null;
  const changes = {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
  };
  if (changedSecret !== null) changes.after[changedSecret] = SECRET_CHANGED;
  return changes;
}

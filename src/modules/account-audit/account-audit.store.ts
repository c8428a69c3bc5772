import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { KeysetCursor } from '../../common/http/keyset-cursor.js';
import { PLANS } from '../../config/plans.js';
import { daysBefore } from '../../common/time/timestamps.js';
import { Database } from '../../database/database.js';
import { AccountAuditEntryEntity } from './account-audit-entry.entity.js';

export interface AuditLogQuery {
  accountId: string;
  /** Entries older than this are hidden: the caller's plan keeps history_days of them. */
  since: number;
  /** A user's email or a key's prefix, case-insensitive. */
  actor: string | null;
  resourceType: string | null;
  after: KeysetCursor | null;
  limit: number;
}

/** The account's audit log, behind the questions and changes it needs. */
@Injectable()
export class AccountAuditStore {
  constructor(private readonly database: Database) {}

  /** Adds entries in the transaction of `manager`: the one that makes the change they record. */
  async insert(manager: EntityManager, entries: readonly AccountAuditEntryEntity[]): Promise<void> {
    if (entries.length > 0) await manager.insert(AccountAuditEntryEntity, [...entries]);
  }

  /** Newest first, after the cursor's position. */
  page(query: AuditLogQuery): Promise<AccountAuditEntryEntity[]> {
    const builder = this.database.manager
      .createQueryBuilder(AccountAuditEntryEntity, 'entry')
      .where('entry.accountId = :accountId', { accountId: query.accountId })
      .andWhere('entry.createdAt >= :since', { since: query.since });
    if (query.actor !== null) {
      builder.andWhere('LOWER(entry.actorLabel) = :actor', { actor: query.actor.toLowerCase() });
    }
    if (query.resourceType !== null) {
      builder.andWhere('entry.resourceType = :resourceType', { resourceType: query.resourceType });
    }
    if (query.after !== null) {
      builder.andWhere(
        '(entry.createdAt < :at OR (entry.createdAt = :at AND entry.id < :id))',
        query.after,
      );
    }
    return builder
      .orderBy('entry.createdAt', 'DESC')
      .addOrderBy('entry.id', 'DESC')
      .take(query.limit)
      .getMany();
  }

  /**
   * Deletes the entries older than the longest plan's history_days, in batches, as retention does
   * for alerts; reads hide what a shorter plan does not keep (every plan keeps 90 days today).
   */
  async prune(now: number, batchSize: number): Promise<number> {
    const longest = Math.max(...Object.values(PLANS).map((limits) => limits.historyDays));
    return this.deleteInBatches(
      `SELECT id FROM account_audit_entries WHERE created_at < :cutoff LIMIT :batchSize`,
      { cutoff: daysBefore(now, longest), batchSize },
      batchSize,
    );
  }

  private async deleteInBatches(
    select: string,
    parameters: Record<string, unknown>,
    batchSize: number,
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.database.transaction((manager) =>
        this.database.query(
          manager,
          `DELETE FROM account_audit_entries WHERE id IN (${select}) RETURNING id`,
          parameters,
        ),
      );
      total += deleted.length;
      if (deleted.length < batchSize) return total;
    }
  }
}

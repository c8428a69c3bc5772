import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { KeysetCursor } from '../../common/http/keyset-cursor.js';
import { PLANS, type PlanName } from '../../config/plans.js';
import { daysBefore } from '../../common/time/timestamps.js';
import { Database } from '../../database/database.js';
import { AccountAuditEntryEntity } from './account-audit-entry.entity.js';

export interface AuditLogQuery {
  accountId: string;
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
      .where('entry.accountId = :accountId', { accountId: query.accountId });
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
   * Deletes the entries older than their account's plan keeps history (history_days), in
   * batches; entries of accounts that no longer exist go after the longest plan's window.
   */
  async prune(now: number, batchSize: number): Promise<number> {
    let total = 0;
    for (const [plan, limits] of Object.entries(PLANS) as [PlanName, { historyDays: number }][]) {
      total += await this.deleteInBatches(
        `SELECT e.id FROM account_audit_entries e JOIN accounts a ON a.id = e.account_id
          WHERE a.plan = :plan AND e.created_at < :cutoff LIMIT :batchSize`,
        { plan, cutoff: daysBefore(now, limits.historyDays), batchSize },
        batchSize,
      );
    }
    const longest = Math.max(...Object.values(PLANS).map((limits) => limits.historyDays));
    total += await this.deleteInBatches(
      `SELECT e.id FROM account_audit_entries e LEFT JOIN accounts a ON a.id = e.account_id
        WHERE a.id IS NULL AND e.created_at < :cutoff LIMIT :batchSize`,
      { cutoff: daysBefore(now, longest), batchSize },
      batchSize,
    );
    return total;
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

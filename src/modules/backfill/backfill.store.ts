import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CommitWakeups } from '../../database/commit-wakeups.js';
import { Database } from '../../database/database.js';
import { valuesClause } from '../../database/sql-lists.js';

/** A backfill to file: the part of the window a new keyword alerts on. */
export interface BackfillRequest {
  keywordId: string;
  accountId: string;
  fromMs: number;
  toMs: number;
  dailyCap: number;
}

/** The last window item a backfill looked at (its seen_at and row id); 0 and 0 before the first. */
export interface BackfillCursor {
  seenAt: number;
  rowId: number;
}

export interface Backfill extends BackfillRequest {
  after: BackfillCursor;
}

interface BackfillRow {
  keyword_id: string;
  account_id: string;
  from_ms: number | string;
  to_ms: number | string;
  daily_cap: number;
  after_seen_at: number | string;
  after_row_id: number | string;
}

function backfillOf(row: BackfillRow): Backfill {
  return {
    keywordId: row.keyword_id,
    accountId: row.account_id,
    fromMs: Number(row.from_ms),
    toMs: Number(row.to_ms),
    dailyCap: row.daily_cap,
    after: { seenAt: Number(row.after_seen_at), rowId: Number(row.after_row_id) },
  };
}

/** The wake-up topic of newly filed backfills (BackfillWorker). */
export const BACKFILLS_DUE = 'backfills';

/** keyword_backfills: the backfills keywords still owe, and how far each got. */
@Injectable()
export class BackfillStore {
  constructor(
    private readonly database: Database,
    private readonly wakeups: CommitWakeups,
  ) {}

  /** In the keywords' creation transaction; a keyword restored again starts its backfill anew. */
  async file(
    manager: EntityManager,
    requests: readonly BackfillRequest[],
    now: number,
  ): Promise<void> {
    if (requests.length === 0) return;
    const values = valuesClause(
      requests.map((r) => [r.keywordId, r.accountId, r.fromMs, r.toMs, r.dailyCap, 0, 0, now]),
    );
    await this.database.query(
      manager,
      `INSERT INTO keyword_backfills
         (keyword_id, account_id, from_ms, to_ms, daily_cap, after_seen_at, after_row_id, filed_at)
       VALUES ${values.sql}
       ON CONFLICT (keyword_id) DO UPDATE SET from_ms = excluded.from_ms, to_ms = excluded.to_ms,
         daily_cap = excluded.daily_cap, after_seen_at = 0, after_row_id = 0,
         filed_at = excluded.filed_at`,
      values.parameters,
    );
    this.wakeups.afterCommit(manager, BACKFILLS_DUE);
  }

  /** The backfills owed, the longest waiting first. */
  async pending(limit: number): Promise<Backfill[]> {
    const rows = await this.database.query<BackfillRow>(
      this.database.manager,
      `SELECT keyword_id, account_id, from_ms, to_ms, daily_cap, after_seen_at, after_row_id
       FROM keyword_backfills ORDER BY filed_at, keyword_id LIMIT :limit`,
      { limit },
    );
    return rows.map(backfillOf);
  }

  /**
   * Moves a backfill from `from` to `to`, or ends it (`to` null), in the transaction of what it
   * stored on the way; false when it was not at `from` any more (another instance moved it, or
   * the keyword was restored again): the caller then rolls its transaction back.
   */
  async advance(
    manager: EntityManager,
    keywordId: string,
    from: BackfillCursor,
    to: BackfillCursor | null,
  ): Promise<boolean> {
    const at = { keywordId, fromSeenAt: from.seenAt, fromRowId: from.rowId };
    const where = `keyword_id = :keywordId AND after_seen_at = :fromSeenAt AND after_row_id = :fromRowId`;
    const rows =
      to === null
        ? await this.database.query(
            manager,
            `DELETE FROM keyword_backfills WHERE ${where} RETURNING keyword_id`,
            at,
          )
        : await this.database.query(
            manager,
            `UPDATE keyword_backfills SET after_seen_at = :toSeenAt, after_row_id = :toRowId
             WHERE ${where} RETURNING keyword_id`,
            { ...at, toSeenAt: to.seenAt, toRowId: to.rowId },
          );
    return rows.length > 0;
  }

  async countPending(): Promise<number> {
    const [row] = await this.database.query<{ n: number | string }>(
      this.database.manager,
      'SELECT COUNT(*) AS n FROM keyword_backfills',
    );
    return Number(row.n);
  }
}

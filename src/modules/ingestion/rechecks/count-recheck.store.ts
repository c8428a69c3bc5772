import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../../database/database.js';
import { valuesClause } from '../../../database/sql-lists.js';
import { nextRecheck, type RecheckStage } from './recheck-schedule.js';

/** One keyword × item whose `score:` or `comments:` clauses are to be looked at again. */
export interface RecheckRow {
  keywordId: string;
  accountId: string;
  /** t3_… or t1_… */
  itemKey: string;
  /** A comment's post (t3_…), whose comment count it reads; null for a post. */
  postKey: string | null;
  /** Reddit's creation time, epoch seconds. */
  createdUtc: number;
  dueAt: number;
  stage: RecheckStage;
}

interface RecheckDbRow {
  keyword_id: string;
  account_id: string;
  item_key: string;
  post_key: string | null;
  created_utc: number | string;
  due_at: number | string;
  stage: number | string;
}

/**
 * Rows a keyword may have waiting at once. A query whose other clauses hold for much of Reddit
 * (`sub:AskReddit score:>=1000`) would otherwise file thousands of items an hour; past this, its
 * new pending items are not re-checked until older ones are done (each row lives at most 6 h).
 */
export const MAX_WAITING_PER_KEYWORD = 1_000;
/**
 * Rows overdue this long have nobody to re-check them (no instance polls Reddit: a dump of recent
 * items was imported): they are dropped when their keyword files new ones.
 */
export const ABANDONED_AFTER_MS = 24 * 3_600_000;
const INSERT_CHUNK = 100;

const rowOf = (row: RecheckDbRow): RecheckRow => ({
  keywordId: row.keyword_id,
  accountId: row.account_id,
  itemKey: row.item_key,
  postKey: row.post_key,
  createdUtc: Number(row.created_utc),
  dueAt: Number(row.due_at),
  stage: Number(row.stage) === 1 ? 1 : 2,
});

export const recheckPair = (keywordId: string, itemKey: string): string =>
  `${keywordId} ${itemKey}`;

/** count_rechecks: what the re-checks of `score:` and `comments:` still have to look at. */
@Injectable()
export class CountRecheckStore {
  constructor(private readonly database: Database) {}

  /**
   * Files the rows in the ingestion transaction, at most MAX_WAITING_PER_KEYWORD waiting per
   * keyword; returns how many were filed.
   */
  async file(manager: EntityManager, rows: readonly RecheckRow[], now: number): Promise<number> {
    if (rows.length === 0) return 0;
    const keywordIds = [...new Set(rows.map((row) => row.keywordId))].sort();
    await this.database.query(
      manager,
      'DELETE FROM count_rechecks WHERE keyword_id IN (:...ids) AND due_at < :abandoned',
      { ids: keywordIds, abandoned: now - ABANDONED_AFTER_MS },
    );
    const counts = await this.database.query<{ keyword_id: string; waiting: number | string }>(
      manager,
      `SELECT keyword_id, COUNT(*) AS waiting FROM count_rechecks
       WHERE keyword_id IN (:...ids) GROUP BY keyword_id`,
      { ids: keywordIds },
    );
    const room = new Map(keywordIds.map((id) => [id, MAX_WAITING_PER_KEYWORD]));
    for (const { keyword_id, waiting } of counts) {
      room.set(keyword_id, MAX_WAITING_PER_KEYWORD - Number(waiting));
    }
    const filed = rows.filter((row) => {
      const left = room.get(row.keywordId) ?? 0;
      room.set(row.keywordId, left - 1);
      return left > 0;
    });
    for (let start = 0; start < filed.length; start += INSERT_CHUNK) {
      const values = valuesClause(
        filed
          .slice(start, start + INSERT_CHUNK)
          .map((row) => [
            row.keywordId,
            row.itemKey,
            row.accountId,
            row.postKey,
            row.createdUtc,
            row.dueAt,
            row.stage,
          ]),
      );
      await this.database.query(
        manager,
        `INSERT INTO count_rechecks
           (keyword_id, item_key, account_id, post_key, created_utc, due_at, stage)
         VALUES ${values.sql} ON CONFLICT (keyword_id, item_key) DO NOTHING`,
        values.parameters,
      );
    }
    return filed.length;
  }

  /** The rows due at `now`, the longest due first, at most `limit`. */
  async due(now: number, limit: number): Promise<RecheckRow[]> {
    const rows = await this.database.query<RecheckDbRow>(
      this.database.manager,
      `SELECT keyword_id, account_id, item_key, post_key, created_utc, due_at, stage
       FROM count_rechecks WHERE due_at <= :now ORDER BY due_at, item_key LIMIT :limit`,
      { now, limit },
    );
    return rows.map(rowOf);
  }

  /**
   * After a re-check, in the transaction of its alerts: a row whose keyword × item passed goes,
   * a +1 h row that did not waits for +6 h, a +6 h row goes whatever the outcome. A +1 h re-check
   * done after +6 h (a backlog) counts as the last one.
   */
  async settle(
    manager: EntityManager,
    rows: readonly RecheckRow[],
    passed: ReadonlySet<string>,
    now: number,
  ): Promise<void> {
    for (const row of rows) {
      const due = passed.has(recheckPair(row.keywordId, row.itemKey))
        ? null
        : nextRecheck(row.stage, row.createdUtc);
      const next = due !== null && due.dueAt > now ? due : null;
      const key = { keywordId: row.keywordId, itemKey: row.itemKey };
      if (next === null) {
        await this.database.query(
          manager,
          'DELETE FROM count_rechecks WHERE keyword_id = :keywordId AND item_key = :itemKey',
          key,
        );
      } else {
        await this.database.query(
          manager,
          `UPDATE count_rechecks SET stage = :stage, due_at = :dueAt
           WHERE keyword_id = :keywordId AND item_key = :itemKey`,
          { ...key, ...next },
        );
      }
    }
  }

  /** Rows waiting, due or not: for the operator console. */
  async waiting(): Promise<number> {
    const [row] = await this.database.query<{ waiting: number | string }>(
      this.database.manager,
      'SELECT COUNT(*) AS waiting FROM count_rechecks',
    );
    return Number(row?.waiting ?? 0);
  }
}

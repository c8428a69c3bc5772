import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { inList, valuesClause } from '../../database/sql-lists.js';
import { KEYWORD_ROWS } from '../keywords/keyword.store.js';

export interface CapRequest {
  keywordId: string;
  matches: number;
  cap: number;
}

/** Keywords per statement: 3 parameters each stays far below SQLite's 32,766 and PostgreSQL's 65,535. */
const CAP_CHUNK = 2_000;

/** A day's counts, summed or of one keyword. */
export interface UsageDayRow {
  day: string;
  delivered: number | string;
  capped: number | string;
}

export interface KeywordUsageDayRow extends UsageDayRow {
  keyword_id: string;
}

/** A live keyword of the account with its counts of one day (null: no row that day). */
export interface KeywordUsageRow {
  id: string;
  text: string;
  active: boolean | number;
  query: string | null;
  delivered: number | string | null;
  capped: number | string | null;
}

interface GrantRow {
  keyword_id: string;
  last_granted: number | string;
}

/**
 * The daily cap's counters (keyword_daily_usage). The cap is applied to a whole batch in one
 * statement: per keyword the upsert adds to `delivered` as many matches as still fit and the rest
 * to `capped`, and returns how many it granted. Atomic (no read-then-write), rows locked in
 * keyword order (no deadlock between concurrent batches, chunks included), and only active
 * keywords count, so one paused or deleted a moment ago counts and stores nothing.
 */
@Injectable()
export class UsageStore {
  constructor(private readonly database: Database) {}

  /** The account's totals per day from `firstDay` on; days without a row are absent. */
  accountDays(accountId: string, firstDay: string): Promise<UsageDayRow[]> {
    return this.database.query<UsageDayRow>(
      this.database.manager,
      `SELECT u.day, SUM(u.delivered) AS delivered, SUM(u.capped) AS capped
         FROM (${KEYWORD_ROWS.ofAccounts('= :accountId')}) k
         JOIN keyword_daily_usage u ON u.keyword_id = k.id
        WHERE u.day >= :firstDay
        GROUP BY u.day`,
      { accountId, firstDay },
    );
  }

  keywordDays(
    accountId: string,
    keywordIds: readonly string[],
    firstDay: string,
  ): Promise<KeywordUsageDayRow[]> {
    const ids = inList(keywordIds);
    return this.database.query<KeywordUsageDayRow>(
      this.database.manager,
      `SELECT u.keyword_id, u.day, u.delivered, u.capped
         FROM (${KEYWORD_ROWS.ofAccounts('= :accountId')}) k
         JOIN keyword_daily_usage u ON u.keyword_id = k.id
        WHERE k.id IN (${ids.sql}) AND u.day >= :firstDay`,
      { ...ids.parameters, accountId, firstDay },
    );
  }

  liveKeywordsOn(accountId: string, day: string): Promise<KeywordUsageRow[]> {
    return this.database.query<KeywordUsageRow>(
      this.database.manager,
      `SELECT k.id, k.text, k.active, k."query", u.delivered, u.capped
         FROM (${KEYWORD_ROWS.liveOfAccounts('= :accountId')}) k
         LEFT JOIN keyword_daily_usage u ON u.keyword_id = k.id AND u.day = :day`,
      { day, accountId },
    );
  }

  /** Each account's totals on `day`, by account id; an account without a row that day is absent. */
  async accountTotalsOn(
    accountIds: readonly string[],
    day: string,
  ): Promise<Map<string, { delivered: number; capped: number }>> {
    const ids = inList(accountIds);
    const rows = await this.database.query<{
      account_id: string;
      delivered: number | string | null;
      capped: number | string | null;
    }>(
      this.database.manager,
      `SELECT k.account_id, SUM(u.delivered) AS delivered, SUM(u.capped) AS capped
         FROM (${KEYWORD_ROWS.ofAccounts(`IN (${ids.sql})`)}) k
         JOIN keyword_daily_usage u ON u.keyword_id = k.id
        WHERE u.day = :day
        GROUP BY k.account_id`,
      { ...ids.parameters, day },
    );
    return new Map(
      rows.map((row) => [
        row.account_id,
        { delivered: Number(row.delivered ?? 0), capped: Number(row.capped ?? 0) },
      ]),
    );
  }

  /** How many matches each keyword may deliver; a keyword missing from the map is no longer active. */
  async consume(
    manager: EntityManager,
    day: string,
    requests: readonly CapRequest[],
  ): Promise<Map<string, number>> {
    const granted = new Map<string, number>();
    const ordered = [...requests].sort((a, b) => (a.keywordId < b.keywordId ? -1 : 1));
    for (let start = 0; start < ordered.length; start += CAP_CHUNK) {
      const rows = await this.consumeChunk(manager, day, ordered.slice(start, start + CAP_CHUNK));
      for (const row of rows) granted.set(row.keyword_id, Number(row.last_granted));
    }
    return granted;
  }

  private consumeChunk(
    manager: EntityManager,
    day: string,
    requests: readonly CapRequest[],
  ): Promise<GrantRow[]> {
    const [least, greatest] =
      this.database.kind === 'postgres' ? ['LEAST', 'GREATEST'] : ['MIN', 'MAX'];
    const matches = 'CAST(r.matches AS integer)';
    const cap = 'CAST(r.cap AS integer)';
    const batchMatches = 'excluded.delivered + excluded.capped';
    const grant = `${least}(${batchMatches}, ${greatest}(0, excluded.daily_cap - keyword_daily_usage.delivered))`;
    const values = valuesClause(requests.map((r) => [r.keywordId, r.matches, r.cap]));
    return this.database.query<GrantRow>(
      manager,
      `WITH requested (keyword_id, matches, cap) AS (VALUES ${values.sql})
       INSERT INTO keyword_daily_usage (keyword_id, day, delivered, capped, daily_cap, last_granted)
       SELECT k.id, :day, ${least}(${matches}, ${cap}), ${matches} - ${least}(${matches}, ${cap}),
              ${cap}, ${least}(${matches}, ${cap})
         FROM requested r JOIN (${KEYWORD_ROWS.active}) k ON k.id = r.keyword_id
        ORDER BY k.id
       ON CONFLICT (keyword_id, day) DO UPDATE SET
         delivered = keyword_daily_usage.delivered + ${grant},
         capped = keyword_daily_usage.capped + ${batchMatches} - ${grant},
         daily_cap = excluded.daily_cap,
         last_granted = ${grant}
       RETURNING keyword_id, last_granted`,
      { ...values.parameters, day },
    );
  }

  /** Gives back deliveries counted for matches that turned out to be stored already. */
  async release(
    manager: EntityManager,
    keywordId: string,
    day: string,
    count: number,
  ): Promise<void> {
    await this.database.query(
      manager,
      `UPDATE keyword_daily_usage SET delivered = delivered - :count
        WHERE keyword_id = :keywordId AND day = :day AND delivered >= :count`,
      { keywordId, day, count },
    );
  }

  /** The rows of days before `firstKept`, a batch per transaction; returns how many. */
  pruneBefore(firstKept: string, batchSize: number): Promise<number> {
    return this.database.deleteInBatches(
      'keyword_daily_usage',
      ['keyword_id', 'day'],
      'day',
      firstKept,
      batchSize,
    );
  }
}

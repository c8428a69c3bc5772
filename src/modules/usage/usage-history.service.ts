import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { utcDaysEndingAt } from '../../common/time/timestamps.js';
import { Database } from '../../database/database.js';
import { inList } from '../../database/sql-lists.js';
import type { AccountScope } from '../auth/caller.js';
import { checkHistoryDays, type UsageDay } from './usage-history.js';

interface DayRow {
  day: string;
  delivered: number | string;
  capped: number | string;
}

interface KeywordDayRow extends DayRow {
  keyword_id: string;
}

/**
 * The daily cap's counters (keyword_daily_usage) over past UTC days: every day of the window is
 * present, oldest first, a day without a row counting zero. Keywords deleted since still count
 * on the days they delivered.
 */
@Injectable()
export class UsageHistoryService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** The account's totals per day over the last `days` days, today included. */
  async accountDays(scope: AccountScope, days: number): Promise<UsageDay[]> {
    const dates = this.window(scope, days);
    const rows = await this.database.query<DayRow>(
      this.database.manager,
      `SELECT u.day, SUM(u.delivered) AS delivered, SUM(u.capped) AS capped
         FROM keywords k JOIN keyword_daily_usage u ON u.keyword_id = k.id
        WHERE k.account_id = :accountId AND u.day >= :firstDay
        GROUP BY u.day`,
      { accountId: scope.accountId, firstDay: dates[0] },
    );
    return fillDays(dates, rows);
  }

  /** Each of the account's keywords among `keywordIds`, per day (one query for the batch). */
  async keywordDays(
    scope: AccountScope,
    keywordIds: readonly string[],
    days: number,
  ): Promise<Map<string, UsageDay[]>> {
    const dates = this.window(scope, days);
    const ids = inList(keywordIds);
    const rows = await this.database.query<KeywordDayRow>(
      this.database.manager,
      `SELECT u.keyword_id, u.day, u.delivered, u.capped
         FROM keywords k JOIN keyword_daily_usage u ON u.keyword_id = k.id
        WHERE k.account_id = :accountId AND k.id IN (${ids.sql}) AND u.day >= :firstDay`,
      { ...ids.parameters, accountId: scope.accountId, firstDay: dates[0] },
    );
    const byKeyword = new Map<string, KeywordDayRow[]>(keywordIds.map((id) => [id, []]));
    for (const row of rows) byKeyword.get(row.keyword_id)?.push(row);
    return new Map(keywordIds.map((id) => [id, fillDays(dates, byKeyword.get(id) ?? [])]));
  }

  private window(scope: AccountScope, days: number): string[] {
    return utcDaysEndingAt(this.clock.nowMs(), checkHistoryDays(days, scope.limits));
  }
}

function fillDays(dates: readonly string[], rows: readonly DayRow[]): UsageDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return dates.map((date) => {
    const row = byDay.get(date);
    return { date, delivered: Number(row?.delivered ?? 0), capped: Number(row?.capped ?? 0) };
  });
}

import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { utcDaysEndingAt } from '../../common/time/timestamps.js';
import type { AccountScope } from '../auth/caller.js';
import { checkHistoryDays, type UsageDay } from './usage-history.js';
import { UsageStore, type KeywordUsageDayRow, type UsageDayRow } from './usage.store.js';

/**
 * The daily cap's counters (keyword_daily_usage) over past UTC days: every day of the window is
 * present, oldest first, a day without a row counting zero. Keywords deleted since still count
 * on the days they delivered.
 */
@Injectable()
export class UsageHistoryService {
  constructor(
    private readonly store: UsageStore,
    private readonly clock: Clock,
  ) {}

  /** The account's totals per day over the last `days` days, today included. */
  async accountDays(scope: AccountScope, days: number): Promise<UsageDay[]> {
    const dates = this.window(scope, days);
    const rows = await this.store.accountDays(scope.accountId, dates[0]);
    return fillDays(dates, rows);
  }

  /** Each of the account's keywords among `keywordIds`, per day (one query for the batch). */
  async keywordDays(
    scope: AccountScope,
    keywordIds: readonly string[],
    days: number,
  ): Promise<Map<string, UsageDay[]>> {
    const dates = this.window(scope, days);
    const rows = await this.store.keywordDays(scope.accountId, keywordIds, dates[0]);
    const byKeyword = new Map<string, KeywordUsageDayRow[]>(keywordIds.map((id) => [id, []]));
    for (const row of rows) byKeyword.get(row.keyword_id)?.push(row);
    return new Map(keywordIds.map((id) => [id, fillDays(dates, byKeyword.get(id) ?? [])]));
  }

  private window(scope: AccountScope, days: number): string[] {
    return utcDaysEndingAt(this.clock.nowMs(), checkHistoryDays(days, scope.limits));
  }
}

function fillDays(dates: readonly string[], rows: readonly UsageDayRow[]): UsageDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return dates.map((date) => {
    const row = byDay.get(date);
    return { date, delivered: Number(row?.delivered ?? 0), capped: Number(row?.capped ?? 0) };
  });
}

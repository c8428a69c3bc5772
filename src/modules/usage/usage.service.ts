import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { utcDay } from '../../common/time/timestamps.js';
import { Database } from '../../database/database.js';
import type { Caller } from '../auth/caller.js';

export interface KeywordUsage {
  keyword_id: string;
  text: string;
  active: boolean;
  delivered: number;
  capped: number;
  cap_reached: boolean;
}

export interface UsageReport {
  plan: string;
  status: string;
  keyword_limit: number;
  keywords_used: number;
  per_keyword_daily_cap: number;
  history_days: number;
  rate_limit_per_minute: number;
  day: string;
  delivered_today: number;
  capped_today: number;
  today: KeywordUsage[];
}

interface UsageRow {
  id: string;
  text: string;
  active: boolean | number;
  delivered: number | string | null;
  capped: number | string | null;
}

@Injectable()
export class UsageService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async report(caller: Caller): Promise<UsageReport> {
    const day = utcDay(this.clock.nowMs());
    const rows = await this.database.query<UsageRow>(
      this.database.manager,
      `SELECT k.id, k.text, k.active, u.delivered, u.capped
         FROM keywords k
         LEFT JOIN keyword_daily_usage u ON u.keyword_id = k.id AND u.day = :day
        WHERE k.account_id = :accountId AND k.deleted_at IS NULL`,
      { day, accountId: caller.accountId },
    );
    const cap = caller.limits.perKeywordDailyCap;
    const today = rows
      .map((row): KeywordUsage => {
        const delivered = Number(row.delivered ?? 0);
        return {
          keyword_id: row.id,
          text: row.text,
          active: Boolean(row.active),
          delivered,
          capped: Number(row.capped ?? 0),
          cap_reached: delivered >= cap,
        };
      })
      .sort(
        (a, b) => b.delivered + b.capped - (a.delivered + a.capped) || a.text.localeCompare(b.text),
      );
    return {
      plan: caller.plan,
      status: caller.status,
      keyword_limit: caller.limits.keywordLimit,
      keywords_used: today.filter((k) => k.active).length,
      per_keyword_daily_cap: cap,
      history_days: caller.limits.historyDays,
      rate_limit_per_minute: caller.limits.rateLimitPerMinute,
      day,
      delivered_today: today.reduce((sum, k) => sum + k.delivered, 0),
      capped_today: today.reduce((sum, k) => sum + k.capped, 0),
      today,
    };
  }
}

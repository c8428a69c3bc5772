import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { utcDay } from '../../common/time/timestamps.js';
import type { Caller } from '../auth/caller.js';
import { isCapReached } from './usage-history.js';
import { UsageStore } from './usage.store.js';

export interface KeywordUsage {
  keywordId: string;
  text: string;
  active: boolean;
  delivered: number;
  capped: number;
  capReached: boolean;
  query: string | null;
}

/** The caller's plan limits and today's counts (UTC day). */
export interface UsageReport {
  plan: string;
  status: string;
  keywordLimit: number;
  keywordsUsed: number;
  perKeywordDailyCap: number;
  historyDays: number;
  rateLimitPerMinute: number;
  day: string;
  deliveredToday: number;
  cappedToday: number;
  /** Busiest first. */
  today: KeywordUsage[];
}

@Injectable()
export class UsageService {
  constructor(
    private readonly store: UsageStore,
    private readonly clock: Clock,
  ) {}

  async report(caller: Caller): Promise<UsageReport> {
    const day = utcDay(this.clock.nowMs());
    const rows = await this.store.liveKeywordsOn(caller.accountId, day);
    const today = rows
      .map((row): KeywordUsage => {
        const delivered = Number(row.delivered ?? 0);
        return {
          keywordId: row.id,
          text: row.text,
          active: Boolean(row.active),
          delivered,
          capped: Number(row.capped ?? 0),
          capReached: isCapReached(delivered, caller.limits),
          query: row.query,
        };
      })
      .sort(
        (a, b) => b.delivered + b.capped - (a.delivered + a.capped) || a.text.localeCompare(b.text),
      );
    return {
      plan: caller.plan,
      status: caller.status,
      keywordLimit: caller.limits.keywordLimit,
      keywordsUsed: today.filter((k) => k.active).length,
      perKeywordDailyCap: caller.limits.perKeywordDailyCap,
      historyDays: caller.limits.historyDays,
      rateLimitPerMinute: caller.limits.rateLimitPerMinute,
      day,
      deliveredToday: today.reduce((sum, k) => sum + k.delivered, 0),
      cappedToday: today.reduce((sum, k) => sum + k.capped, 0),
      today,
    };
  }
}

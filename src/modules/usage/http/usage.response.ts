import type { KeywordUsage, UsageReport } from '../usage.service.js';

export interface KeywordUsageResponse {
  keyword_id: string;
  text: string;
  active: boolean;
  delivered: number;
  capped: number;
  cap_reached: boolean;
}

/** GET /usage's data; field order as documented in docs/api.md. */
export interface UsageResponse {
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
  today: KeywordUsageResponse[];
}

function toKeywordUsageResponse(usage: KeywordUsage): KeywordUsageResponse {
  return {
    keyword_id: usage.keywordId,
    text: usage.text,
    active: usage.active,
    delivered: usage.delivered,
    capped: usage.capped,
    cap_reached: usage.capReached,
  };
}

export function toUsageResponse(report: UsageReport): UsageResponse {
  return {
    plan: report.plan,
    status: report.status,
    keyword_limit: report.keywordLimit,
    keywords_used: report.keywordsUsed,
    per_keyword_daily_cap: report.perKeywordDailyCap,
    history_days: report.historyDays,
    rate_limit_per_minute: report.rateLimitPerMinute,
    day: report.day,
    delivered_today: report.deliveredToday,
    capped_today: report.cappedToday,
    today: report.today.map(toKeywordUsageResponse),
  };
}

import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { UsageReport } from '../../usage/usage.service.js';

@ObjectType('KeywordUsage')
export class KeywordUsageModel {
  @Field(() => ID)
  keywordId: string;

  @Field()
  text: string;

  @Field()
  active: boolean;

  @Field(() => Int)
  delivered: number;

  @Field(() => Int, { description: 'Matches held back by the daily cap today.' })
  capped: number;

  @Field()
  capReached: boolean;
}

@ObjectType('Usage', { description: 'GET /usage in camelCase.' })
export class UsageModel {
  @Field({ description: 'starter, pro or scale.' })
  plan: string;

  @Field({ description: 'active or canceled.' })
  status: string;

  @Field(() => Int)
  keywordLimit: number;

  @Field(() => Int)
  keywordsUsed: number;

  @Field(() => Int)
  perKeywordDailyCap: number;

  @Field(() => Int)
  historyDays: number;

  @Field(() => Int)
  rateLimitPerMinute: number;

  @Field({ description: 'Current UTC date, YYYY-MM-DD.' })
  day: string;

  @Field(() => Int)
  deliveredToday: number;

  @Field(() => Int)
  cappedToday: number;

  @Field(() => [KeywordUsageModel], { description: 'Every live keyword, busiest first.' })
  today: KeywordUsageModel[];
}

export function toUsageModel(report: UsageReport): UsageModel {
  return {
    plan: report.plan,
    status: report.status,
    keywordLimit: report.keyword_limit,
    keywordsUsed: report.keywords_used,
    perKeywordDailyCap: report.per_keyword_daily_cap,
    historyDays: report.history_days,
    rateLimitPerMinute: report.rate_limit_per_minute,
    day: report.day,
    deliveredToday: report.delivered_today,
    cappedToday: report.capped_today,
    today: report.today.map((usage) => ({
      keywordId: usage.keyword_id,
      text: usage.text,
      active: usage.active,
      delivered: usage.delivered,
      capped: usage.capped,
      capReached: usage.cap_reached,
    })),
  };
}

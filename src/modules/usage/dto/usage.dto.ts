import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiCount, ApiField } from '../../../common/api-docs/api-fields.js';
import { exactObject } from '../../../common/api-docs/schema-helpers.js';
import type { KeywordUsage, UsageReport } from '../usage.service.js';

/** One keyword's line of GET /usage's today (an inline schema of Usage). */
export interface KeywordUsageResponse {
  keyword_id: string;
  text: string;
  active: boolean;
  delivered: number;
  capped: number;
  cap_reached: boolean;
  /** Last: the keyword's search query, as on Keyword (null: none). */
  query: string | null;
}

/** GET /usage's data; field order as documented in docs/api.md. */
@ApiSchema({ name: 'Usage' })
export class UsageResponseDto {
  @ApiProperty({ type: 'string', enum: ['starter', 'pro', 'scale'] })
  plan: string;

  @ApiProperty({ type: 'string', enum: ['active', 'canceled'] })
  status: string;

  @ApiCount('Active keywords allowed by the plan.')
  keyword_limit: number;

  @ApiCount('Active keywords right now.')
  keywords_used: number;

  @ApiCount('Deliveries per keyword per UTC day.')
  per_keyword_daily_cap: number;

  @ApiCount('How far back GET /alerts reaches.')
  history_days: number;

  @ApiCount('Read requests per minute per key.')
  rate_limit_per_minute: number;

  @ApiProperty({ type: 'string', format: 'date', description: 'Current UTC date.' })
  day: string;

  @ApiCount('Sum of delivered over keywords.')
  delivered_today: number;

  @ApiCount('Matches held back today.')
  capped_today: number;

  @ApiField({
    type: 'array',
    description: 'Every live keyword, busiest first.',
    items: exactObject({
      keyword_id: { type: 'string' },
      text: { type: 'string' },
      active: { type: 'boolean' },
      delivered: { type: 'integer', minimum: 0, description: 'Delivered today.' },
      capped: { type: 'integer', minimum: 0, description: 'Held back today.' },
      cap_reached: { type: 'boolean' },
      query: {
        type: 'string',
        nullable: true,
        description: "The keyword's search query; null: none.",
      },
    }),
  })
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
    query: usage.query,
  };
}

export function toUsageResponse(report: UsageReport): UsageResponseDto {
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

import { ArgsType, Field, ID, Int } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import type { AlertEvent } from '../alert.entity.js';
import type { AlertFilters } from '../alert-query.js';
import { AlertEventEnum } from './alert-event.enum.js';

/**
 * The filters of GET /alerts; alertQueryOf validates them for both APIs. @IsOptional only lets
 * the global ValidationPipe (whitelist, forbidUnknownValues) accept the fields.
 */
@ArgsType()
export class AlertsArgs {
  @IsOptional()
  @Field(() => String, { nullable: true, description: 'ISO 8601; only alerts matched after it.' })
  since?: string | null;

  @IsOptional()
  @Field(() => ID, { nullable: true })
  keywordId?: string | null;

  @IsOptional()
  @Field(() => AlertEventEnum, { nullable: true })
  type?: AlertEvent | null;

  @IsOptional()
  @Field(() => String, {
    nullable: true,
    description: 'Case-insensitive; a leading r/ is allowed.',
  })
  subreddit?: string | null;

  @IsOptional()
  @Field(() => String, { nullable: true, description: 'pageInfo.endCursor of the previous page.' })
  after?: string | null;

  @IsOptional()
  @Field(() => Int, {
    nullable: true,
    description: 'Page size, 1 to 100; default 50 (REST limit).',
  })
  first?: number | null;
}

/** GraphQL's explicit null means "not given", as an absent query parameter does in REST. */
export function toAlertFilters(args: AlertsArgs): AlertFilters {
  return {
    since: args.since ?? undefined,
    keywordId: args.keywordId ?? undefined,
    type: args.type ?? undefined,
    subreddit: args.subreddit ?? undefined,
    after: args.after ?? undefined,
    limit: args.first ?? undefined,
  };
}

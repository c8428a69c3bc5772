import { ArgsType, Field, Int } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import type { AuditLogFilters } from '../account-audit.service.js';

/**
 * The auditLog query's paging and filters; AccountAudit.page validates them. @IsOptional only
 * lets the global ValidationPipe (whitelist, forbidUnknownValues) accept the fields.
 */
@ArgsType()
export class AuditLogArgs {
  @IsOptional()
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100; default 50.' })
  first?: number | null;

  @IsOptional()
  @Field(() => String, { nullable: true, description: 'pageInfo.endCursor of the previous page.' })
  after?: string | null;

  @IsOptional()
  @Field(() => String, {
    nullable: true,
    description: "Who: a user's email or a key's prefix, case-insensitive.",
  })
  actor?: string | null;

  @IsOptional()
  @Field(() => String, {
    nullable: true,
    description: 'keyword, webhook, email_subscription, feed_token, user, api_key or sso_settings.',
  })
  resourceType?: string | null;
}

/** GraphQL's explicit null means "not given". */
export function toAuditLogFilters(args: AuditLogArgs): AuditLogFilters {
  return {
    first: args.first ?? undefined,
    after: args.after ?? undefined,
    actor: args.actor ?? undefined,
    resourceType: args.resourceType ?? undefined,
  };
}

import { ArgsType, Field, Float, ID, InputType, Int } from '@nestjs/graphql';
import { IsBoolean, IsOptional } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';
import type { InboxItemType } from '../collecting/inbox-item-type.js';
import type { UpdateInboxItemDto } from '../items/dto/update-inbox-item.dto.js';
import type { InboxKeysetFilters } from '../items/inbox-keyset-query.js';
import type { InboxSort } from '../items/inbox-query.js';
import { InboxItemTypeEnum, InboxSortEnum } from './inbox-item.model.js';

/**
 * The filters of GET /inbox with a keyset page in place of limit/offset; inboxKeysetQueryOf
 * validates them with REST's rules. @IsOptional only lets the global ValidationPipe accept them.
 */
@ArgsType()
export class InboxArgs {
  @IsOptional()
  @Field(() => ID, { nullable: true, description: 'Only this search.' })
  searchId?: string | null;

  @IsOptional()
  @Field(() => Boolean, { nullable: true, description: 'Only unread items; default false.' })
  unreadOnly?: boolean | null;

  @IsOptional()
  @Field(() => Float, { nullable: true, description: 'Minimum relevance score, 0 to 100.' })
  minScore?: number | null;

  @IsOptional()
  @Field(() => InboxItemTypeEnum, { nullable: true })
  type?: InboxItemType | null;

  @IsOptional()
  @Field(() => InboxSortEnum, { nullable: true, description: 'Default newest.' })
  sortBy?: InboxSort | null;

  @IsOptional()
  @Field(() => String, {
    nullable: true,
    description: 'pageInfo.endCursor of the previous page, read with the same sortBy.',
  })
  after?: string | null;

  @IsOptional()
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100; default 50.' })
  first?: number | null;
}

/** GraphQL's explicit null means "not given", as an absent query parameter does in REST. */
export function toInboxKeysetFilters(args: InboxArgs): InboxKeysetFilters {
  return {
    searchId: args.searchId ?? undefined,
    unreadOnly: args.unreadOnly ?? undefined,
    minScore: args.minScore ?? undefined,
    type: args.type ?? undefined,
    sortBy: args.sortBy ?? undefined,
    after: args.after ?? undefined,
    limit: args.first ?? undefined,
  };
}

/** PATCH /inbox/:id: the rules of UpdateInboxItemDto, so an explicit null is invalid_body. */
@InputType('UpdateInboxItemInput')
export class UpdateInboxItemInput {
  @IsOmittable()
  @IsBoolean()
  @Field(() => Boolean, { nullable: true, description: 'Mark read (true) or unread (false).' })
  isRead?: boolean;

  @IsOmittable()
  @IsBoolean()
  @Field(() => Boolean, {
    nullable: true,
    description: 'Decline (true) or take back a decline (false).',
  })
  isDeclined?: boolean;
}

export function toInboxItemChange(input: UpdateInboxItemInput): UpdateInboxItemDto {
  return { is_read: input.isRead, is_declined: input.isDeclined };
}

import { ApiExtraModels, ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ApiCount,
  ApiField,
  ApiNullable,
  ApiText,
  ApiTimestamp,
} from '../../../../common/api-docs/api-fields.js';
import { ref } from '../../../../common/api-docs/schema-helpers.js';
import { isoWithMillis } from '../../../../common/time/timestamps.js';
import { INBOX_ITEM_TYPES, type InboxItemType } from '../../collecting/inbox-item-type.js';
import type { InboxItemEntity } from '../inbox-item.entity.js';

/** An inbox item as the API returns it; field order as documented in docs/inbox.md. */
@ApiSchema({ name: 'InboxItem' })
export class InboxItemDto {
  @ApiText({ format: 'uuid' })
  id: string;

  @ApiText()
  post_id: string;

  @ApiText()
  post_title: string;

  @ApiText({ format: 'uri' })
  post_url: string;

  @ApiText()
  post_author: string;

  @ApiText()
  post_subreddit: string;

  @ApiText()
  post_content: string;

  @ApiProperty({ type: 'integer', description: 'Unix seconds.' })
  post_created_utc: number;

  @ApiProperty({ type: 'integer' })
  post_score: number;

  @ApiProperty({ type: 'integer' })
  post_num_comments: number;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 100 })
  relevance_score: number;

  @ApiField({ type: 'string', enum: [...INBOX_ITEM_TYPES] })
  type: InboxItemType;

  @ApiProperty({ type: 'boolean' })
  is_read: boolean;

  @ApiProperty({ type: 'boolean' })
  is_declined: boolean;

  @ApiText()
  matched_keyword: string;

  @ApiNullable('string', 'Set for comment items.')
  comment_id: string | null;

  @ApiNullable('string', 'Set for comment items.')
  comment_content: string | null;

  @ApiTimestamp()
  created_at: string;
}

@ApiSchema({ name: 'InboxPage' })
@ApiExtraModels(InboxItemDto)
export class InboxPageDto {
  @ApiField({ type: 'array', items: ref(InboxItemDto) })
  data: InboxItemDto[];

  @ApiCount('Total items matching the filters.')
  count: number;

  @ApiCount('Page size used.')
  limit: number;

  @ApiCount('Items skipped.')
  offset: number;
}

export function toInboxItemResponse(item: InboxItemEntity): InboxItemDto {
  return {
    id: item.id,
    post_id: item.postId,
    post_title: item.postTitle,
    post_url: item.postUrl,
    post_author: item.postAuthor,
    post_subreddit: item.postSubreddit,
    post_content: item.postContent,
    post_created_utc: item.postCreatedUtc,
    post_score: item.postScore,
    post_num_comments: item.postNumComments,
    relevance_score: item.relevanceScore,
    type: item.type,
    is_read: item.isRead,
    is_declined: item.isDeclined,
    matched_keyword: item.matchedKeyword,
    comment_id: item.commentId,
    comment_content: item.commentContent,
    created_at: isoWithMillis(item.createdAt),
  };
}

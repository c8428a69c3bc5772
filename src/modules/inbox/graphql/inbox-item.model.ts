import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { InboxItemType } from '../collecting/inbox-item-type.js';
import type { InboxItemEntity } from '../items/inbox-item.entity.js';
import { toInboxItemResponse } from '../items/dto/inbox-item.dto.js';
import type { InboxSort } from '../items/inbox-query.js';

/** The values are REST's strings, as for AlertEvent. */
export const InboxItemTypeEnum = {
  seo: 'seo',
  realtime: 'realtime',
  comment: 'comment',
} as const satisfies Record<InboxItemType, InboxItemType>;

registerEnumType(InboxItemTypeEnum, { name: 'InboxItemType' });

export const InboxSortEnum = {
  newest: 'newest',
  oldest: 'oldest',
  score_high: 'score_high',
  score_low: 'score_low',
  upvotes: 'upvotes',
  comments: 'comments',
} as const satisfies Record<InboxSort, InboxSort>;

registerEnumType(InboxSortEnum, { name: 'InboxSort' });

@ObjectType('InboxItem', { description: 'GET /inbox/:id in camelCase (App product).' })
export class InboxItemModel {
  @Field(() => ID)
  id: string;

  @Field()
  postId: string;

  @Field()
  postTitle: string;

  @Field()
  postUrl: string;

  @Field()
  postAuthor: string;

  @Field()
  postSubreddit: string;

  @Field()
  postContent: string;

  @Field(() => Float, { description: 'Unix seconds.' })
  postCreatedUtc: number;

  @Field(() => Int, { description: "The post's Reddit score." })
  postScore: number;

  @Field(() => Int)
  postNumComments: number;

  @Field(() => Int, { description: '0 to 100.' })
  relevanceScore: number;

  @Field(() => InboxItemTypeEnum)
  type: InboxItemType;

  @Field()
  isRead: boolean;

  @Field()
  isDeclined: boolean;

  @Field({ description: 'The keyword that surfaced the item.' })
  matchedKeyword: string;

  @Field(() => String, { nullable: true, description: 'Set for comment items.' })
  commentId: string | null;

  @Field(() => String, { nullable: true, description: 'Set for comment items.' })
  commentContent: string | null;

  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;
}

/** Built from the REST body so both APIs format every value the same way. */
export function toInboxItemModel(item: InboxItemEntity): InboxItemModel {
  const rest = toInboxItemResponse(item);
  return {
    id: rest.id,
    postId: rest.post_id,
    postTitle: rest.post_title,
    postUrl: rest.post_url,
    postAuthor: rest.post_author,
    postSubreddit: rest.post_subreddit,
    postContent: rest.post_content,
    postCreatedUtc: rest.post_created_utc,
    postScore: rest.post_score,
    postNumComments: rest.post_num_comments,
    relevanceScore: rest.relevance_score,
    type: rest.type,
    isRead: rest.is_read,
    isDeclined: rest.is_declined,
    matchedKeyword: rest.matched_keyword,
    commentId: rest.comment_id,
    commentContent: rest.comment_content,
    createdAt: rest.created_at,
  };
}

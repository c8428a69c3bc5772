import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { InboxItemType } from '../collecting/inbox-item-type.js';
import type { InboxItemEntity } from './inbox-item.entity.js';

/** An inbox item as the API returns it; field order as documented in docs/inbox.md. */
export interface InboxItemResponse {
  id: string;
  post_id: string;
  post_title: string;
  post_url: string;
  post_author: string;
  post_subreddit: string;
  post_content: string;
  post_created_utc: number;
  post_score: number;
  post_num_comments: number;
  relevance_score: number;
  type: InboxItemType;
  is_read: boolean;
  is_declined: boolean;
  matched_keyword: string;
  comment_id: string | null;
  comment_content: string | null;
  created_at: string;
}

export function toInboxItemResponse(item: InboxItemEntity): InboxItemResponse {
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

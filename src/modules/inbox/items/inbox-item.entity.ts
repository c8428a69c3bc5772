import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../../database/column-transformers.js';
import type { InboxItemType } from '../collecting/inbox-item-type.js';

/** One Reddit post or comment in a search's inbox: a snapshot taken when it was first seen. */
@Entity('inbox_items')
@Index('uq_inbox_items_search_item', ['searchId', 'itemKey'], { unique: true })
@Index('idx_inbox_items_account_created', ['accountId', 'createdAt'])
@Index('idx_inbox_items_search_created', ['searchId', 'createdAt'])
export class InboxItemEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'search_id', type: 'varchar', length: 36 })
  searchId: string;

  /** t3_<post id> or t1_<comment id>: one item per search and Reddit thing. */
  @Column({ name: 'item_key', type: 'varchar', length: 40 })
  itemKey: string;

  @Column({ name: 'post_id', type: 'varchar', length: 32 })
  postId: string;

  @Column({ name: 'post_title', type: 'text' })
  postTitle: string;

  @Column({ name: 'post_url', type: 'varchar', length: 2048 })
  postUrl: string;

  @Column({ name: 'post_author', type: 'varchar', length: 100 })
  postAuthor: string;

  @Column({ name: 'post_subreddit', type: 'varchar', length: 100 })
  postSubreddit: string;

  @Column({ name: 'post_content', type: 'text' })
  postContent: string;

  @Column({ name: 'post_created_utc', type: 'bigint', transformer: epochMillis })
  postCreatedUtc: number;

  @Column({ name: 'post_score', type: 'integer' })
  postScore: number;

  @Column({ name: 'post_num_comments', type: 'integer' })
  postNumComments: number;

  @Column({ name: 'relevance_score', type: 'integer' })
  relevanceScore: number;

  @Column({ type: 'varchar', length: 16 })
  type: InboxItemType;

  @Column({ name: 'is_read', type: 'boolean' })
  isRead: boolean;

  @Column({ name: 'is_declined', type: 'boolean' })
  isDeclined: boolean;

  @Column({ name: 'matched_keyword', type: 'varchar', length: 400 })
  matchedKeyword: string;

  @Column({ name: 'comment_id', type: 'varchar', length: 32, nullable: true })
  commentId: string | null;

  @Column({ name: 'comment_content', type: 'text', nullable: true })
  commentContent: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}

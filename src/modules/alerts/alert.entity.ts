import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

export type AlertEvent = 'post' | 'comment';

@Entity('alerts')
@Index('idx_alerts_account_matched', ['accountId', 'matchedAt', 'id'])
@Index('idx_alerts_keyword_matched', ['keywordId', 'matchedAt', 'id'])
@Index('uq_alerts_keyword_item', ['keywordId', 'event', 'redditId'], { unique: true })
export class AlertEntity {
  /** The inbox_id of the API. */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'keyword_id', type: 'varchar', length: 36 })
  keywordId: string;

  @Column({ name: 'keyword_text', type: 'varchar', length: 400 })
  keywordText: string;

  @Column({ type: 'varchar', length: 16 })
  event: AlertEvent;

  @Column({ name: 'reddit_id', type: 'varchar', length: 32 })
  redditId: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'varchar', length: 100 })
  subreddit: string;

  /** Lower-cased subreddit, for the case-insensitive filter. */
  @Column({ name: 'subreddit_key', type: 'varchar', length: 100 })
  subredditKey: string;

  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'text' })
  selftext: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'integer' })
  upvotes: number;

  @Column({ type: 'integer' })
  replies: number;

  @Column({ name: 'created_utc', type: 'bigint', transformer: epochMillis })
  createdUtc: number;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'comment_upvotes', type: 'integer', nullable: true })
  commentUpvotes: number | null;

  @Column({ name: 'matched_at', type: 'bigint', transformer: epochMillis })
  matchedAt: number;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber, epochMillis, jsonList } from '../../database/column-transformers.js';
import type { KeywordMode } from '../matching/keyword-definition.js';
import { KEYWORD_FIELDS } from '../matching/keyword-fields.js';

@Entity('keywords')
@Index(['accountId', 'normalizedText'], { unique: true })
@Index('idx_keywords_change', ['changeSeq', 'id'])
export class KeywordEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ type: 'varchar', length: 400 })
  text: string;

  /** NFKC, lower-cased: the keyword's identity within an account. */
  @Column({ name: 'normalized_text', type: 'varchar', length: 400 })
  normalizedText: string;

  @Column({ type: 'varchar', length: 16 })
  mode: KeywordMode;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: KEYWORD_FIELDS.trackPosts.column, type: 'boolean' })
  trackPosts: boolean;

  @Column({ name: KEYWORD_FIELDS.trackComments.column, type: 'boolean' })
  trackComments: boolean;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMillis })
  updatedAt: number;

  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: epochMillis })
  deletedAt: number | null;

  /** Filters (keyword-rules.ts), each a JSON array in a text column. */
  @Column({ name: KEYWORD_FIELDS.exclude.column, type: 'text', transformer: jsonList })
  exclude: string[];

  @Column({ name: KEYWORD_FIELDS.subreddits.column, type: 'text', transformer: jsonList })
  subreddits: string[];

  @Column({ name: KEYWORD_FIELDS.excludeSubreddits.column, type: 'text', transformer: jsonList })
  excludeSubreddits: string[];

  @Column({ name: KEYWORD_FIELDS.excludeAuthors.column, type: 'text', transformer: jsonList })
  excludeAuthors: string[];

  /** The search query (keyword-query.ts) as written, or null. */
  @Column({ type: 'text', nullable: true })
  query: string | null;

  /** The number of its latest change (change-sequence.ts): what the live matchers follow. */
  @Column({ name: 'change_seq', type: 'bigint', default: 0, transformer: bigintNumber })
  changeSeq: number;
}

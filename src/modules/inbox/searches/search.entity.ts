import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber, epochMillis } from '../../../database/column-transformers.js';

/** A search (an App "project"): the keywords whose matches fill its inbox. */
@Entity('searches')
@Index('idx_searches_account', ['accountId'])
@Index('idx_searches_change', ['changeSeq', 'id'])
export class SearchEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'boolean' })
  active: boolean;

  /** Incremented by every change, so the live matcher knows when to reload the keywords. */
  @Column({ type: 'integer' })
  revision: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMillis })
  updatedAt: number;

  /** Soft delete, so the live matchers of every instance see the deletion by its change number. */
  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: epochMillis })
  deletedAt: number | null;

  /** The number of its latest change (change-sequence.ts): what the live matchers follow. */
  @Column({ name: 'change_seq', type: 'bigint', default: 0, transformer: bigintNumber })
  changeSeq: number;
}

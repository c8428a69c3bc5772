import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { KeywordMode } from '../../matching/keyword-definition.js';

@Entity('search_keywords')
@Index('uq_search_keywords_text', ['searchId', 'normalizedText'], { unique: true })
export class SearchKeywordEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'search_id', type: 'varchar', length: 36 })
  searchId: string;

  /** The order the caller gave; also breaks ties between equally scored keywords. */
  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 400 })
  text: string;

  @Column({ name: 'normalized_text', type: 'varchar', length: 400 })
  normalizedText: string;

  @Column({ type: 'varchar', length: 16 })
  mode: KeywordMode;
}

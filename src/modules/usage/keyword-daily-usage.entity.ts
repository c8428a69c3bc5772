import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('keyword_daily_usage')
export class KeywordDailyUsageEntity {
  @PrimaryColumn({ name: 'keyword_id', type: 'varchar', length: 36 })
  keywordId: string;

  /** UTC day of the match, "YYYY-MM-DD". */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'integer' })
  delivered: number;

  @Column({ type: 'integer' })
  capped: number;

  /** Whether the latest increment was held back; lets one upsert report its outcome. */
  @Column({ name: 'last_capped', type: 'boolean' })
  lastCapped: boolean;
}

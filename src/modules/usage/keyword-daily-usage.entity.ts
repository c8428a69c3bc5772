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

  /** The plan's cap when the day's counting last happened. */
  @Column({ name: 'daily_cap', type: 'integer' })
  dailyCap: number;

  /** How many of the latest upsert's matches were delivered; lets one statement report its outcome. */
  @Column({ name: 'last_granted', type: 'integer' })
  lastGranted: number;
}

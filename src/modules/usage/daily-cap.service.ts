import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';

export type CapOutcome = 'delivered' | 'capped' | 'inactive';

interface CapRow {
  last_capped: boolean | number;
}

/**
 * The daily cap in one statement: the upsert increments `delivered` while it is below the cap and
 * `capped` otherwise, and reports which happened. It only touches keywords that are still active,
 * so a keyword paused or deleted a moment ago counts nothing and stores nothing.
 */
@Injectable()
export class DailyCapService {
  constructor(private readonly database: Database) {}

  async consume(manager: EntityManager, keywordId: string, day: string, cap: number): Promise<CapOutcome> {
    const rows = await this.database.query<CapRow>(
      manager,
      `INSERT INTO keyword_daily_usage (keyword_id, day, delivered, capped, last_capped)
       SELECT k.id, :day, CASE WHEN :cap > 0 THEN 1 ELSE 0 END, CASE WHEN :cap > 0 THEN 0 ELSE 1 END, :cap <= 0
         FROM keywords k
        WHERE k.id = :keywordId AND k.active = TRUE AND k.deleted_at IS NULL
       ON CONFLICT (keyword_id, day) DO UPDATE SET
         delivered = keyword_daily_usage.delivered + CASE WHEN keyword_daily_usage.delivered < :cap THEN 1 ELSE 0 END,
         capped = keyword_daily_usage.capped + CASE WHEN keyword_daily_usage.delivered < :cap THEN 0 ELSE 1 END,
         last_capped = keyword_daily_usage.delivered >= :cap
       RETURNING last_capped`,
      { keywordId, day, cap },
    );
    if (rows.length === 0) return 'inactive';
    return rows[0].last_capped === true || rows[0].last_capped === 1 ? 'capped' : 'delivered';
  }

  /** Gives back a delivery counted for a match that turned out to be stored already. */
  async release(manager: EntityManager, keywordId: string, day: string): Promise<void> {
    await this.database.query(
      manager,
      `UPDATE keyword_daily_usage SET delivered = delivered - 1 WHERE keyword_id = :keywordId AND day = :day AND delivered > 0`,
      { keywordId, day },
    );
  }
}

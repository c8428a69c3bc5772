import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { valuesClause } from '../../database/sql-lists.js';
import type { RedditItem } from './reddit-item.js';

export const itemKey = (item: RedditItem): string =>
  `${item.type === 'post' ? 't3' : 't1'}_${item.id}`;

/** The de-duplication set: an item is processed once, across restarts and instances. */
@Injectable()
export class SeenItemsStore {
  constructor(private readonly database: Database) {}

  /**
   * Records the keys and returns those that were not seen before. Inside the caller's transaction,
   * so a rollback forgets them again; a concurrent claimer of the same key waits, then gets nothing.
   */
  async claim(manager: EntityManager, keys: string[], now: number): Promise<Set<string>> {
    const claimed = new Set<string>();
    for (let start = 0; start < keys.length; start += 200) {
      const values = valuesClause(keys.slice(start, start + 200).map((key) => [key, now]));
      const rows = await this.database.query<{ item_key: string }>(
        manager,
        `INSERT INTO seen_items (item_key, seen_at) VALUES ${values.sql}
         ON CONFLICT (item_key) DO NOTHING RETURNING item_key`,
        values.parameters,
      );
      for (const row of rows) claimed.add(row.item_key);
    }
    return claimed;
  }

  async pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    return this.database.deleteInBatches('seen_items', 'item_key', 'seen_at', cutoff, batchSize);
  }
}

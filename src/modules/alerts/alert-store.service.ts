import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { valuesClause } from '../../database/sql-lists.js';
import type { AlertEntity } from './alert.entity.js';

const COLUMNS = [
  ['id', 'id'],
  ['account_id', 'accountId'],
  ['keyword_id', 'keywordId'],
  ['keyword_text', 'keywordText'],
  ['event', 'event'],
  ['reddit_id', 'redditId'],
  ['title', 'title'],
  ['subreddit', 'subreddit'],
  ['subreddit_key', 'subredditKey'],
  ['author', 'author'],
  ['selftext', 'selftext'],
  ['url', 'url'],
  ['upvotes', 'upvotes'],
  ['replies', 'replies'],
  ['created_utc', 'createdUtc'],
  ['comment', 'comment'],
  ['comment_upvotes', 'commentUpvotes'],
  ['matched_at', 'matchedAt'],
] as const satisfies readonly (readonly [string, keyof AlertEntity])[];

const INSERT_CHUNK = 50;

/** Writes alerts; one alert per (keyword, post or comment), enforced by a unique index. */
@Injectable()
export class AlertStore {
  constructor(private readonly database: Database) {}

  /** Inserts the alerts whose (keyword, item) has none yet; returns the ids that were inserted. */
  async insertNew(manager: EntityManager, alerts: readonly AlertEntity[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (let start = 0; start < alerts.length; start += INSERT_CHUNK) {
      const chunk = alerts.slice(start, start + INSERT_CHUNK);
      const values = valuesClause(chunk.map((alert) => COLUMNS.map(([, field]) => alert[field])));
      const rows = await this.database.query<{ id: string }>(
        manager,
        `INSERT INTO alerts (${COLUMNS.map(([column]) => column).join(', ')}) VALUES ${values.sql}
         ON CONFLICT (keyword_id, event, reddit_id) DO NOTHING RETURNING id`,
        values.parameters,
      );
      for (const row of rows) inserted.add(row.id);
    }
    return inserted;
  }
}

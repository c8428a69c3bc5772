import { Injectable } from '@nestjs/common';
import { MoreThanOrEqual, type EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { valuesClause } from '../../database/sql-lists.js';
import { AlertEntity } from './alert.entity.js';
import type { AlertQuery } from './alert-query.js';

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

/** One alert per (keyword, post or comment), enforced by a unique index. */
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

  /** The account's alerts matched since `windowStart`, newest first, one more than the page. */
  listPage(accountId: string, windowStart: number, query: AlertQuery): Promise<AlertEntity[]> {
    const builder = this.database.manager
      .createQueryBuilder(AlertEntity, 'alert')
      .where('alert.accountId = :accountId', { accountId })
      .andWhere('alert.matchedAt >= :windowStart', { windowStart });
    if (query.since !== null) builder.andWhere('alert.matchedAt > :since', { since: query.since });
    if (query.keywordId !== null)
      builder.andWhere('alert.keywordId = :keywordId', { keywordId: query.keywordId });
    if (query.type !== null) builder.andWhere('alert.event = :type', { type: query.type });
    if (query.subreddit !== null)
      builder.andWhere('alert.subredditKey = :subreddit', { subreddit: query.subreddit });
    if (query.after !== null) {
      builder.andWhere(
        '(alert.matchedAt < :cursorAt OR (alert.matchedAt = :cursorAt AND alert.id < :cursorId))',
        { cursorAt: query.after.at, cursorId: query.after.id },
      );
    }
    return builder
      .orderBy('alert.matchedAt', 'DESC')
      .addOrderBy('alert.id', 'DESC')
      .limit(query.limit + 1)
      .getMany();
  }

  findMatchedSince(
    accountId: string,
    alertId: string,
    windowStart: number,
  ): Promise<AlertEntity | null> {
    return this.database.manager.findOneBy(AlertEntity, {
      id: alertId,
      accountId,
      matchedAt: MoreThanOrEqual(windowStart),
    });
  }

  /** Alerts matched before `cutoff`, a batch per transaction; returns how many. */
  pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    return this.database.deleteInBatches('alerts', 'id', 'matched_at', cutoff, batchSize);
  }
}

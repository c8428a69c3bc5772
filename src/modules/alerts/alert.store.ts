import { Injectable } from '@nestjs/common';
import { MoreThanOrEqual, type EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { boundList, inBoundList, valuesClause } from '../../database/sql-lists.js';
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

/**
 * The `id, event` of every alert, as a sub-select another module joins in its own statement
 * (delivery's log page: one query, not two); its text stays here, with the owner.
 */
export const ALERT_EVENTS = 'SELECT id, event FROM alerts';

/** The alerts of an account matched in (after, through], of some of its keywords (none: all). */
export interface MatchedAlertsQuery {
  accountId: string;
  keywordIds: readonly string[];
  after: number;
  through: number;
}

/** The newest alerts of a `MatchedAlertsQuery`, at most the limit, and how many there are in all. */
export interface NewestMatched {
  alerts: AlertEntity[];
  total: number;
}

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

  /** The alerts with these ids that still exist, by id. */
  async findByIds(alertIds: readonly string[]): Promise<Map<string, AlertEntity>> {
    const kind = this.database.kind;
    const alerts = await this.database.manager
      .createQueryBuilder(AlertEntity, 'alert')
      .where(inBoundList(kind, 'alert.id', 'ids'), { ids: boundList(kind, [...new Set(alertIds)]) })
      .getMany();
    return new Map(alerts.map((alert) => [alert.id, alert]));
  }

  /** Newest first (a digest): counted first, and not read when there are none. */
  async newestMatched(query: MatchedAlertsQuery, limit: number): Promise<NewestMatched> {
    const builder = this.database.manager
      .createQueryBuilder(AlertEntity, 'alert')
      .where('alert.accountId = :accountId', { accountId: query.accountId })
      .andWhere('alert.matchedAt > :from AND alert.matchedAt <= :through', {
        from: query.after,
        through: query.through,
      });
    if (query.keywordIds.length > 0) {
      builder.andWhere('alert.keywordId IN (:...keywordIds)', { keywordIds: query.keywordIds });
    }
    const total = await builder.clone().getCount();
    if (total === 0) return { alerts: [], total };
    const alerts = await builder
      .orderBy('alert.matchedAt', 'DESC')
      .addOrderBy('alert.id', 'DESC')
      .limit(limit)
      .getMany();
    return { alerts, total };
  }

  /** The alerts stored (matched) from `from` on, and before `to` when it is given. */
  async countMatched(from: number, to?: number): Promise<number> {
    const [row] = await this.database.query<{ count: string | number }>(
      this.database.manager,
      `SELECT COUNT(*) AS count FROM alerts
        WHERE matched_at >= :from${to === undefined ? '' : ' AND matched_at < :to'}`,
      { from, to },
    );
    return Number(row.count);
  }

  /**
   * From Reddit's created_utc (whole seconds, as Reddit gives it) to the alert being stored: the
   * `offset`-th smallest of the alerts stored since `since`, or null past the last.
   */
  async storedLagAt(since: number, offset: number): Promise<number | null> {
    const [row] = await this.database.query<{ lag: string | number }>(
      this.database.manager,
      `SELECT matched_at - created_utc * 1000 AS lag FROM alerts WHERE matched_at >= :since
       ORDER BY lag LIMIT 1 OFFSET :offset`,
      { since, offset },
    );
    return row === undefined ? null : Number(row.lag);
  }

  /** Alerts matched before `cutoff`, a batch per transaction; returns how many. */
  pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    return this.database.deleteInBatches('alerts', 'id', 'matched_at', cutoff, batchSize);
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { valuesClause } from '../../database/sql-lists.js';
import type { NewItem } from '../ingestion/ingestion-sinks.js';
import { matchInputOf } from '../ingestion/item-match-input.js';
import type { ParentPostFields, RedditItem } from '../ingestion/reddit-item.js';
import { itemKey } from '../ingestion/seen-items.store.js';
import type { RecentItem } from './recent-item.js';
import {
  fts5Expression,
  tsqueryText,
  type LiteralSearch,
  type WindowSearch,
} from './window-search.js';
import { foldsLikeAsciiOnly, itemLexemes, type TextColumn } from './window-terms.js';

/** Rows per insert statement: 23 parameters each, far below either database's limit. */
const INSERT_CHUNK = 100;
const HOUR_MS = 3_600_000;
/** The unit of recent_item_minutes, by which the window's items are counted. */
const MINUTE_MS = 60_000;
/** The share of the window's pages (percent) read first to tell how many candidates there are. */
const PILOT_PERCENT = 1;
/**
 * From about this many candidates, a sample of pages reads fewer pages than the index finds
 * candidates (each on a page of its own, mostly), so sampling is cheaper than counting them all.
 */
const SAMPLED_FROM_CANDIDATES = 50_000;

/** A part of the window by ingestion time: `fromMs` included, `toMs` excluded. */
export interface TimeRange {
  readonly fromMs: number;
  readonly toMs: number;
}

/** Where a page of candidates starts: after this item in the order asked for. */
export interface WindowCursor {
  readonly seenAt: number;
  readonly rowId: number;
}

/** A candidate of a sample, standing for `weight` candidates. */
export interface WeightedCandidate {
  readonly recent: RecentItem;
  readonly weight: number;
}

export interface CandidatePage {
  readonly limit: number;
  /** `newest` (the default) for samples, `oldest` for a backfill. */
  readonly order?: 'newest' | 'oldest';
  readonly after?: WindowCursor;
}

const COLUMNS = `r.id, r.seen_at, r.type, r.reddit_id, r.post_id, r.subreddit, r.author, r.title,
  r.selftext, r.body, r.link_title, r.permalink, r.created_utc, r.score, r.num_comments,
  r.parent_score, r.flair, r.url, r.domain, r.nsfw, r.is_self`;

interface RecentItemRow {
  id: number | string;
  seen_at: number | string;
  type: 'post' | 'comment';
  reddit_id: string;
  post_id: string | null;
  subreddit: string;
  author: string;
  title: string | null;
  selftext: string | null;
  body: string | null;
  link_title: string | null;
  permalink: string;
  created_utc: number | string;
  score: number;
  num_comments: number | null;
  parent_score: number | null;
  flair: string | null;
  url: string | null;
  domain: string | null;
  /** boolean on PostgreSQL, 0 or 1 on SQLite; null for a comment whose post was not found. */
  nsfw: boolean | number | null;
  is_self: boolean | number | null;
}

/** The SQL columns a text column of the index is read from, by item type (window-terms.ts). */
const TEXT_COLUMN_SQL: Record<TextColumn, { type: 'post' | 'comment'; sql: string }> = {
  a: { type: 'post', sql: 'r.title' },
  b: { type: 'post', sql: 'r.selftext' },
  c: { type: 'comment', sql: 'COALESCE(r.title, r.link_title)' },
};
const COMMENT_BODY_SQL = 'r.body';

/**
 * The recent window's table and its full-text index (decisions.md section 14): written in the
 * ingestion transaction, searched by anchors for preview and backfill, pruned by time.
 */
@Injectable()
export class RecentItemStore {
  constructor(private readonly database: Database) {}

  /**
   * The batch's first-seen items, in its transaction; one already there is left as it is. Those
   * written are counted in their minute.
   */
  async write(manager: EntityManager, items: readonly NewItem[], seenAt: number): Promise<void> {
    let written = 0;
    for (let start = 0; start < items.length; start += INSERT_CHUNK) {
      const chunk = items.slice(start, start + INSERT_CHUNK);
      const inputs = chunk.map(({ item, foundParent }) => matchInputOf(item, foundParent));
      const lexemes = inputs.map(itemLexemes);
      const postgres = this.database.kind === 'postgres';
      const parameters: Record<string, unknown> = {};
      const tuples = chunk.map((newItem, r) => {
        const row = rowValues(newItem, seenAt, foldsLikeAsciiOnly(inputs[r]));
        const names = row.map((value, c) => {
          parameters[`r${r}c${c}`] = value;
          return `:r${r}c${c}`;
        });
        if (postgres) {
          parameters[`r${r}t`] = lexemes[r];
          names.push(`array_to_tsvector(CAST(:r${r}t AS text[]))`);
        }
        return `(${names.join(', ')})`;
      });
      const inserted = await this.database.query<{ id: number; item_key: string }>(
        manager,
        `INSERT INTO recent_items (item_key, seen_at, type, reddit_id, post_id, subreddit, author,
           title, selftext, body, link_title, permalink, created_utc, score, num_comments,
           parent_score, flair, url, domain, nsfw, is_self, folds_ascii${postgres ? ', terms' : ''})
         VALUES ${tuples.join(', ')}
         ON CONFLICT (item_key) DO NOTHING RETURNING id, item_key`,
        parameters,
      );
      if (this.database.kind === 'sqlite') await this.indexTerms(manager, chunk, lexemes, inserted);
      written += inserted.length;
    }
    if (written === 0) return;
    await this.database.query(
      manager,
      `INSERT INTO recent_item_minutes (minute, items) VALUES (:minute, :written)
       ON CONFLICT (minute) DO UPDATE SET items = recent_item_minutes.items + excluded.items`,
      { minute: Math.floor(seenAt / MINUTE_MS), written },
    );
  }

  /** SQLite: the FTS5 rows of the items just inserted, under their row ids. */
  private async indexTerms(
    manager: EntityManager,
    chunk: readonly NewItem[],
    lexemes: readonly string[][],
    inserted: readonly { id: number; item_key: string }[],
  ): Promise<void> {
    if (inserted.length === 0) return;
    const byKey = new Map(chunk.map((newItem, index) => [itemKey(newItem.item), lexemes[index]]));
    const values = valuesClause(
      inserted.map((row) => [row.id, (byKey.get(row.item_key) as string[]).join(' ')]),
    );
    await this.database.query(
      manager,
      `INSERT INTO recent_items_fts (rowid, terms) VALUES ${values.sql}`,
      values.parameters,
    );
  }

  /**
   * A page of the items the search finds in the range, newest (or oldest) first: by (seen_at, id)
   * on PostgreSQL; by id on SQLite, the same order there (each batch reads its time under the one
   * write lock), which lets FTS5 hand its matches over in that order instead of all to be sorted.
   */
  async candidates(
    search: WindowSearch,
    range: TimeRange,
    page: CandidatePage,
  ): Promise<RecentItem[]> {
    const query = await this.candidateQuery(COLUMNS, search, range, page);
    if (query === null) return [];
    const rows = await this.database.query<RecentItemRow>(
      this.database.manager,
      query.sql,
      query.parameters,
    );
    return rows.map(recentItemOf);
  }

  /**
   * How many items of the range the search finds; with `atMost`, counting stops there (a common
   * word's candidates are many, and counting them all reads them all).
   */
  async countCandidates(search: WindowSearch, range: TimeRange, atMost?: number): Promise<number> {
    if (atMost === undefined) {
      const perHour = await this.countCandidatesPerHour(search, range);
      return [...perHour.values()].reduce((sum, count) => sum + count, 0);
    }
    const query = await this.candidateQuery('1', search, range, { limit: atMost });
    if (query === null) return 0;
    const [row] = await this.database.query<{ n: number | string }>(
      this.database.manager,
      `SELECT COUNT(*) AS n FROM (${query.sql}) candidates`,
      query.parameters,
    );
    return Number(row.n);
  }

  /**
   * How many items of the range the search finds in each hour, by the hour's start (epoch ms;
   * hours without any are left out): one pass over the search's matches, not one per hour.
   */
  async countCandidatesPerHour(
    search: WindowSearch,
    range: TimeRange,
  ): Promise<Map<number, number>> {
    const found = await this.candidateSource(search, range);
    if (found === null) return new Map();
    const rows = await this.database.query<{ hour: number | string; n: number | string }>(
      this.database.manager,
      `SELECT r.seen_at / ${HOUR_MS} AS hour, COUNT(*) AS n ${found.sql} GROUP BY r.seen_at / ${HOUR_MS}`,
      found.parameters,
    );
    return new Map(rows.map((row) => [Number(row.hour) * HOUR_MS, Number(row.n)]));
  }

  /**
   * PostgreSQL: about `size` of the range's candidates, each with the number of candidates it
   * stands for, read without a page per candidate where that is cheaper. PostgreSQL has no
   * index-only count for GIN, so counting candidates reads each one's page:
   * - very many (a first look at 1% of the table's pages finds SAMPLED_FROM_CANDIDATES or more):
   *   a share of the table's pages (TABLESAMPLE SYSTEM, the same pages each time, so a preview
   *   does not change as the user types), far fewer pages than the candidates;
   * - fewer: each hour's candidates counted, and one in k of them by a hash of the id (one pass
   *   each) instead of each hour's newest, which PostgreSQL found by walking the hour in time
   *   order.
   * Null on SQLite, where FTS5 counts from its index alone and hands the newest over first.
   */
  async sampleCandidates(
    search: WindowSearch,
    range: TimeRange,
    size: number,
    sampledFrom = SAMPLED_FROM_CANDIDATES,
  ): Promise<WeightedCandidate[] | null> {
    if (this.database.kind !== 'postgres') return null;
    const found = this.searchCondition(search);
    if (found === null) return [];
    const inRange = `r.seen_at >= :fromMs AND r.seen_at < :toMs AND ${found.sql}`;
    const parameters = { ...range, ...found.parameters };
    const [pilot] = await this.database.query<{ n: number | string }>(
      this.database.manager,
      `SELECT COUNT(*) AS n ${pageSample(PILOT_PERCENT, inRange)}`,
      parameters,
    );
    const estimated = (Number(pilot.n) * 100) / PILOT_PERCENT;
    if (estimated >= sampledFrom) {
      return this.sampleOfPages(inRange, parameters, (100 * size) / estimated);
    }
    const perHour = await this.countCandidatesPerHour(search, range);
    const total = [...perHour.values()].reduce((sum, count) => sum + count, 0);
    return this.oneInEvery(inRange, parameters, Math.max(1, Math.ceil(total / size)), perHour);
  }

  /** The candidates on about `percent` of the table's pages, the same pages each time. */
  private async sampleOfPages(
    inRange: string,
    parameters: Record<string, unknown>,
    wantedPercent: number,
  ): Promise<WeightedCandidate[]> {
    // A number the code chose, not input: a literal, as TABLESAMPLE wants a constant.
    const percent = Math.min(100, Number(wantedPercent.toPrecision(3)));
    const rows = await this.database.query<RecentItemRow>(
      this.database.manager,
      `SELECT ${COLUMNS} ${pageSample(percent, inRange)}`,
      parameters,
    );
    return rows.map((row) => ({ recent: recentItemOf(row), weight: 100 / percent }));
  }

  /**
   * One candidate in `every`, chosen by a hash of its id, not the id itself: items written in a
   * pattern (every other one from one source, say) would make every k-th id a sample of one kind.
   * Each stands for its hour's candidates (`perHour`) over those taken from the hour.
   */
  private async oneInEvery(
    inRange: string,
    parameters: Record<string, unknown>,
    every: number,
    perHour: ReadonlyMap<number, number>,
  ): Promise<WeightedCandidate[]> {
    const rows = await this.database.query<RecentItemRow>(
      this.database.manager,
      `SELECT ${COLUMNS} FROM recent_items r
       WHERE ${inRange} AND (hashint8(r.id) & 2147483647) % :every = 0`,
      { ...parameters, every },
    );
    const taken = rows.map((row) => {
      const recent = recentItemOf(row);
      return { recent, hour: recent.seenAt - (recent.seenAt % HOUR_MS) };
    });
    const takenInHour = new Map<number, number>();
    for (const { hour } of taken) takenInHour.set(hour, (takenInHour.get(hour) ?? 0) + 1);
    return taken.map(({ recent, hour }) => ({
      recent,
      weight: (perHour.get(hour) ?? 0) / (takenInHour.get(hour) as number),
    }));
  }

  /**
   * The statement of a page of candidates. On SQLite without literals, FTS5 hands its matches
   * over in id order and the page stops at its limit, however many there are.
   */
  private async candidateQuery(
    columns: string,
    search: WindowSearch,
    range: TimeRange,
    page: CandidatePage,
  ): Promise<{ sql: string; parameters: Record<string, unknown> } | null> {
    const newest = (page.order ?? 'newest') === 'newest';
    const found = await this.candidateSource(
      search,
      range,
      page.after && { ...page.after, newest },
    );
    if (found === null) return null;
    const direction = newest ? 'DESC' : 'ASC';
    const order = found.fts5
      ? `f.rowid ${direction}`
      : this.database.kind === 'sqlite'
        ? `r.id ${direction}`
        : `r.seen_at ${direction}, r.id ${direction}`;
    return {
      sql: `SELECT ${columns} ${found.sql} ORDER BY ${order} LIMIT :limit`,
      parameters: { ...found.parameters, limit: page.limit },
    };
  }

  /**
   * The FROM and WHERE of the items of the range (after the cursor, in its order) the search
   * finds, the rows as `r`; `fts5` when FTS5 alone finds them (its rows as `f`).
   */
  private async candidateSource(
    search: WindowSearch,
    range: TimeRange,
    after?: WindowCursor & { newest: boolean },
  ): Promise<{ sql: string; parameters: Record<string, unknown>; fts5: boolean } | null> {
    const sqlite = this.database.kind === 'sqlite';
    const parameters: Record<string, unknown> = {
      ...range,
      afterSeenAt: after?.seenAt,
      afterRowId: after?.rowId,
    };
    const afterCursor =
      after === undefined
        ? ''
        : sqlite
          ? `AND r.id ${after.newest ? '<' : '>'} :afterRowId`
          : `AND (r.seen_at, r.id) ${after.newest ? '<' : '>'} (:afterSeenAt, :afterRowId)`;
    const inRange = `r.seen_at >= :fromMs AND r.seen_at < :toMs ${afterCursor}`;
    const match = sqlite && search.literals.length === 0 ? fts5Expression(search) : null;
    if (match !== null) {
      const bounds = await this.idBounds(range);
      if (bounds === 'none') return null;
      Object.assign(parameters, { match }, bounds === 'all' ? {} : bounds);
      return {
        sql: `FROM recent_items_fts f JOIN recent_items r ON r.id = f.rowid
              WHERE recent_items_fts MATCH :match AND ${inRange}
              ${bounds === 'all' ? '' : 'AND f.rowid >= :lowId AND f.rowid <= :highId'}`,
        parameters,
        fts5: true,
      };
    }
    const found = this.searchCondition(search);
    if (found === null) return null;
    return {
      sql: `FROM recent_items r WHERE ${inRange} AND ${found.sql}`,
      parameters: { ...parameters, ...found.parameters },
      fts5: false,
    };
  }

  /**
   * SQLite: the lowest and highest ids of the range, by which FTS5 reads only the range's matches
   * instead of every match in the window ('all' when the range holds the whole window, 'none'
   * when it holds nothing). They go in as values: given as subqueries, they left FTS5 reading far
   * more (1.3 s for 2 ms of work at 4.3 million items).
   */
  private async idBounds(
    range: TimeRange,
  ): Promise<{ lowId: number; highId: number } | 'all' | 'none'> {
    const manager = this.database.manager;
    const [window] = await this.database.query<{ oldest: number | null; newest: number | null }>(
      manager,
      `SELECT (SELECT MIN(seen_at) FROM recent_items) AS oldest,
              (SELECT MAX(seen_at) FROM recent_items) AS newest`,
    );
    if (window.oldest === null || window.newest === null) return 'none';
    if (window.oldest >= range.fromMs && window.newest < range.toMs) return 'all';
    const [bounds] = await this.database.query<{ low: number | null; high: number | null }>(
      manager,
      `SELECT MIN(id) AS low, MAX(id) AS high FROM recent_items
       WHERE seen_at >= :fromMs AND seen_at < :toMs`,
      { ...range },
    );
    if (bounds.low === null || bounds.high === null) return 'none';
    return { lowId: bounds.low, highId: bounds.high };
  }

  /**
   * How many items the window holds in the range (a preview's `items_searched`): the counts of
   * the whole minutes in it, and the items of the parts of a minute at either end.
   */
  async countIn(range: TimeRange): Promise<number> {
    const firstMinute = Math.ceil(range.fromMs / MINUTE_MS);
    const endMinute = Math.floor(range.toMs / MINUTE_MS);
    // Without a whole minute in it, the range is all ends: its items are counted one by one.
    const wholeMinutes = firstMinute < endMinute;
    const [row] = await this.database.query<{ whole: number | string; ends: number | string }>(
      this.database.manager,
      `SELECT
         (SELECT COALESCE(SUM(items), 0) FROM recent_item_minutes
          WHERE minute >= :firstMinute AND minute < :endMinute) AS whole,
         (SELECT COUNT(*) FROM recent_items
          WHERE (seen_at >= :fromMs AND seen_at < :wholeFromMs)
             OR (seen_at >= :wholeToMs AND seen_at < :toMs)) AS ends`,
      {
        ...range,
        firstMinute,
        endMinute,
        wholeFromMs: wholeMinutes ? firstMinute * MINUTE_MS : range.toMs,
        wholeToMs: wholeMinutes ? endMinute * MINUTE_MS : range.toMs,
      },
    );
    return Number(row.whole) + Number(row.ends);
  }

  /**
   * Deletes the items ingested before the cutoff, `batchSize` per statement and transaction, so
   * ingestion never waits long for its lock; several instances may prune at once.
   */
  async pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    const pruned = await this.database.deleteInBatches(
      'recent_items',
      'id',
      'seen_at',
      cutoff,
      batchSize,
    );
    // The minutes wholly before the cutoff go; the one it falls in keeps the count of what is left
    // of it (nothing is written there any more: items are written at the time they are seen).
    const minute = Math.floor(cutoff / MINUTE_MS);
    await this.database.transaction(async (manager) => {
      await this.database.query(manager, 'DELETE FROM recent_item_minutes WHERE minute < :minute', {
        minute,
      });
      await this.database.query(
        manager,
        `UPDATE recent_item_minutes SET items =
           (SELECT COUNT(*) FROM recent_items WHERE seen_at >= :fromMs AND seen_at < :toMs)
         WHERE minute = :minute`,
        { minute, fromMs: minute * MINUTE_MS, toMs: (minute + 1) * MINUTE_MS },
      );
    });
    return pruned;
  }

  /** The WHERE condition of a search: its lexemes in the index, or its literals as text. */
  private searchCondition(
    search: WindowSearch,
  ): { sql: string; parameters: Record<string, unknown> } | null {
    const parts: string[] = [];
    const parameters: Record<string, unknown> = {};
    if (this.database.kind === 'postgres') {
      const query = tsqueryText(search);
      if (query !== null) {
        parts.push('r.terms @@ CAST(:tsquery AS tsquery)');
        parameters.tsquery = query;
      }
    } else {
      const match = fts5Expression(search);
      if (match !== null) {
        parts.push(
          'r.id IN (SELECT rowid FROM recent_items_fts WHERE recent_items_fts MATCH :match)',
        );
        parameters.match = match;
      }
    }
    search.literals.forEach((literal, index) => {
      parts.push(this.literalCondition(literal, `l${index}`, parameters));
    });
    return parts.length === 0 ? null : { sql: `(${parts.join(' OR ')})`, parameters };
  }

  /**
   * A literal's parts as substrings (LIKE, case-insensitive for ASCII) of the raw text, where the
   * raw text folds by lower-casing ASCII letters alone; any other item is a candidate anyway.
   */
  private literalCondition(
    literal: LiteralSearch,
    name: string,
    parameters: Record<string, unknown>,
  ): string {
    const like = this.database.kind === 'postgres' ? 'ILIKE' : 'LIKE';
    literal.parts.forEach((part, index) => {
      parameters[`${name}p${index}`] = `%${part.replace(/[\\%_]/g, '\\$&')}%`;
    });
    const holds = (sql: string) =>
      `(${literal.parts.map((_, index) => `${sql} ${like} :${name}p${index} ESCAPE '\\'`).join(' AND ')})`;
    const columns = literal.columns.flatMap((column) =>
      column === 'b'
        ? [TEXT_COLUMN_SQL.b, { type: 'comment' as const, sql: COMMENT_BODY_SQL }]
        : [TEXT_COLUMN_SQL[column]],
    );
    const byType = (['post', 'comment'] as const).flatMap((type) => {
      const held = columns.filter((column) => column.type === type).map(({ sql }) => holds(sql));
      return held.length === 0 ? [] : [`(r.type = '${type}' AND (${held.join(' OR ')}))`];
    });
    return `(NOT r.folds_ascii OR ${byType.join(' OR ')})`;
  }
}

/** The FROM and WHERE of the rows on `percent` of the table's pages, the same pages each time. */
function pageSample(percent: number, inRange: string): string {
  return `FROM recent_items r TABLESAMPLE SYSTEM (${percent}) REPEATABLE (0) WHERE ${inRange}`;
}

function rowValues({ item, foundParent }: NewItem, seenAt: number, folds: boolean): unknown[] {
  const common = [
    itemKey(item),
    seenAt,
    item.type,
    item.id,
    item.type === 'comment' ? item.postId : null,
    item.subreddit,
    item.author,
  ];
  if (item.type === 'post') {
    return [
      ...common,
      item.title,
      item.selftext,
      null,
      null,
      item.permalink,
      item.createdUtc,
      item.score,
      item.numComments,
      null,
      item.flair,
      item.url,
      item.domain,
      item.nsfw,
      item.isSelf,
      folds,
    ];
  }
  const parent = foundParent;
  return [
    ...common,
    parent?.title ?? null,
    parent?.selftext ?? null,
    item.body,
    item.linkTitle,
    item.permalink,
    item.createdUtc,
    item.score,
    parent?.numComments ?? null,
    parent?.score ?? null,
    parent?.flair ?? null,
    null,
    null,
    parent?.nsfw ?? null,
    parent?.isSelf ?? null,
    folds,
  ];
}

function recentItemOf(row: RecentItemRow): RecentItem {
  const common = {
    id: row.reddit_id,
    subreddit: row.subreddit,
    author: row.author,
    permalink: row.permalink,
    createdUtc: Number(row.created_utc),
    score: Number(row.score),
  };
  let item: RedditItem;
  let foundParent: ParentPostFields | undefined;
  if (row.type === 'post') {
    item = {
      type: 'post',
      ...common,
      title: row.title ?? '',
      selftext: row.selftext ?? '',
      numComments: Number(row.num_comments),
      flair: row.flair,
      url: row.url,
      domain: row.domain,
      nsfw: Boolean(row.nsfw),
      isSelf: Boolean(row.is_self),
    };
  } else {
    item = {
      type: 'comment',
      ...common,
      postId: row.post_id ?? '',
      body: row.body ?? '',
      linkTitle: row.link_title,
    };
    foundParent =
      row.nsfw === null
        ? undefined
        : {
            title: row.title ?? '',
            selftext: row.selftext ?? '',
            score: Number(row.parent_score),
            numComments: Number(row.num_comments),
            flair: row.flair,
            nsfw: Boolean(row.nsfw),
            isSelf: Boolean(row.is_self),
          };
  }
  return { rowId: Number(row.id), seenAt: Number(row.seen_at), item, foundParent };
}

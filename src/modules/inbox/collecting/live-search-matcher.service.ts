import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import type { EntityManager } from 'typeorm';
import { latestChangeSeqs } from '../../../database/change-sequence.js';
import {
  changedRows,
  type ChangedRow,
  type ChangedRowsQuery,
} from '../../../database/changed-rows.js';
import { Database } from '../../../database/database.js';
import { inList } from '../../../database/sql-lists.js';
import type { RedditItem } from '../../ingestion/reddit-item.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { KeywordMatcher, type MatchInput } from '../../matching/keyword-matcher.js';
import { LiveIndexMetrics } from '../../metrics/live-index.metrics.js';
import { groupBy } from '../group-by.js';
import { descriptionStemsOf, stemsOf } from '../scoring/text-signals.js';
import type { IndexedSearchKeyword, KeywordHit } from './search-keyword.js';

const IN_CHUNK = 500;

interface AccountRow extends ChangedRow {
  status: string;
}

interface SearchRow extends ChangedRow {
  account_id: string;
  description: string | null;
  active: boolean | number;
  revision: number | string;
  deleted_at: number | string | null;
}

interface SearchKeywordRow {
  id: string;
  search_id: string;
  position: number | string;
  text: string;
  mode: KeywordMode;
}

const SEARCH_COLUMNS = 'account_id, description, active, revision, deleted_at';
const LIVE_SEARCH = 'active = TRUE AND deleted_at IS NULL';

interface IndexedSearch {
  revision: number;
  keywordIds: string[];
  descriptionStems: ReadonlySet<string>;
}

const NO_STEMS: ReadonlySet<string> = new Set();

/**
 * The matcher over the keywords of every active search of every active App account, kept in step
 * with the database as LiveKeywordMatcher is: before each batch it reads the latest change numbers
 * of accounts and searches (change-sequence.ts), then only the rows changed since, so a search
 * created, changed, paused or deleted on any instance takes effect within one batch. A search's
 * keywords are reloaded when its revision moves.
 */
@Injectable()
export class LiveSearchMatcher {
  private readonly matcher = new KeywordMatcher();
  private readonly searches = new Map<string, IndexedSearch>();
  private readonly keywords = new Map<string, IndexedSearchKeyword>();
  private readonly eligibleAccounts = new Map<string, boolean>();
  private readonly refreshing = new Mutex();
  private accountMark: number | null = null;
  private searchMark: number | null = null;

  constructor(
    private readonly database: Database,
    private readonly metrics: LiveIndexMetrics,
  ) {}

  get size(): number {
    return this.matcher.size;
  }

  /** Every search keyword the item matches, once each; a post's title is matched on its own. */
  match(item: RedditItem): KeywordHit[] {
    const { type, subreddit, author } = item;
    if (item.type === 'comment')
      return this.hits({ type, fields: [item.body], subreddit, author }, false);
    const inTitle = this.hits({ type, fields: [item.title], subreddit, author }, true);
    const titleIds = new Set(inTitle.map((hit) => hit.keyword.id));
    const inBody = this.hits({ type, fields: [item.selftext], subreddit, author }, false);
    return [...inTitle, ...inBody.filter((hit) => !titleIds.has(hit.keyword.id))];
  }

  descriptionStemsOf(searchId: string): ReadonlySet<string> {
    return this.searches.get(searchId)?.descriptionStems ?? NO_STEMS;
  }

  /** Reads on the given manager: the caller's transaction, when called from inside one. */
  async refresh(manager: EntityManager): Promise<void> {
    await this.refreshing.runExclusive(() => this.applyChanges(manager));
  }

  private hits(input: MatchInput, inTitle: boolean): KeywordHit[] {
    const hits: KeywordHit[] = [];
    for (const definition of this.matcher.match(input)) {
      const keyword = this.keywords.get(definition.id);
      if (keyword !== undefined) hits.push({ keyword, inTitle });
    }
    return hits;
  }

  /** Reads everything first, then changes the matcher without awaiting: a failed read changes nothing. */
  private async applyChanges(manager: EntityManager): Promise<void> {
    const latest = await latestChangeSeqs(this.database.readQuery(manager));
    const accountSince = this.accountMark ?? -1;
    const searchSince = this.searchMark ?? -1;
    const accounts =
      latest.accounts > accountSince
        ? await this.read<AccountRow>(manager, {
            table: 'accounts',
            columns: 'status',
            since: accountSince,
            where: "product = 'app'",
          })
        : [];
    const eligibility = new Map(
      accounts.map((account) => [account.id, account.status === 'active']),
    );
    const flipped = new Set(
      this.accountMark === null
        ? []
        : accounts
            .filter(
              (account) => this.eligibleAccounts.get(account.id) !== eligibility.get(account.id),
            )
            .map((account) => account.id),
    );
    const isLive = (search: SearchRow): boolean =>
      Boolean(search.active) &&
      search.deleted_at === null &&
      (eligibility.get(search.account_id) ?? this.eligibleAccounts.get(search.account_id)) === true;

    const changed =
      latest.searches > searchSince
        ? await this.read<SearchRow>(manager, {
            table: 'searches',
            columns: SEARCH_COLUMNS,
            since: searchSince,
            ...(this.searchMark === null ? { where: LIVE_SEARCH } : {}),
          })
        : [];
    const ofFlipped = await this.findIn<SearchRow>(
      manager,
      'searches',
      `SELECT id, ${SEARCH_COLUMNS} FROM searches WHERE ${LIVE_SEARCH} AND account_id`,
      [...flipped],
    );
    const toDrop: string[] = [];
    const toLoad = new Map<string, SearchRow>();
    for (const search of [...changed, ...ofFlipped]) {
      if (!isLive(search)) toDrop.push(search.id);
      else if (
        flipped.has(search.account_id) ||
        this.searches.get(search.id)?.revision !== Number(search.revision)
      ) {
        toLoad.set(search.id, search);
      }
    }
    const keywordsBySearch = groupBy(
      await this.findIn<SearchKeywordRow>(
        manager,
        'search_keywords',
        'SELECT id, search_id, position, text, mode FROM search_keywords WHERE search_id',
        [...toLoad.keys()],
      ),
      (keyword) => keyword.search_id,
    );

    for (const [accountId, eligible] of eligibility) this.eligibleAccounts.set(accountId, eligible);
    for (const searchId of toDrop) this.drop(searchId);
    for (const search of toLoad.values()) this.index(search, keywordsBySearch.get(search.id) ?? []);
    // Rows changed after `latest` was read and already seen are read once more next time.
    this.accountMark = latest.accounts;
    this.searchMark = latest.searches;
  }

  private async read<T extends ChangedRow>(
    manager: EntityManager,
    query: ChangedRowsQuery,
  ): Promise<T[]> {
    const rows: T[] = [];
    for await (const page of changedRows<T>(this.database.readQuery(manager), query)) {
      this.metrics.recordRowsRead('inbox', query.table, page.length);
      rows.push(...page);
    }
    return rows;
  }

  private index(search: SearchRow, keywords: SearchKeywordRow[]): void {
    this.drop(search.id);
    for (const keyword of keywords) {
      this.matcher.upsert({
        id: keyword.id,
        accountId: search.account_id,
        text: keyword.text,
        mode: keyword.mode,
        trackPosts: true,
        trackComments: true,
      });
      this.keywords.set(keyword.id, {
        id: keyword.id,
        searchId: search.id,
        accountId: search.account_id,
        text: keyword.text,
        position: Number(keyword.position),
        stems: stemsOf(keyword.text),
      });
    }
    this.searches.set(search.id, {
      revision: Number(search.revision),
      keywordIds: keywords.map((keyword) => keyword.id),
      descriptionStems: descriptionStemsOf(search.description),
    });
  }

  private drop(searchId: string): void {
    for (const keywordId of this.searches.get(searchId)?.keywordIds ?? []) {
      this.matcher.remove(keywordId);
      this.keywords.delete(keywordId);
    }
    this.searches.delete(searchId);
  }

  /** Rows of `table` whose `column` is one of the values. */
  private async findIn<T>(
    manager: EntityManager,
    table: 'searches' | 'search_keywords',
    select: string,
    values: string[],
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let start = 0; start < values.length; start += IN_CHUNK) {
      const list = inList(values.slice(start, start + IN_CHUNK));
      rows.push(
        ...(await this.database.query<T>(manager, `${select} IN (${list.sql})`, list.parameters)),
      );
    }
    this.metrics.recordRowsRead('inbox', table, rows.length);
    return rows;
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ChangeMarks } from '../../../database/change-follower.js';
import { latestChangeSeqs } from '../../../database/change-sequence.js';
import {
  changedRows,
  type ChangedRow,
  type ChangedRowsQuery,
} from '../../../database/changed-rows.js';
import { Database } from '../../../database/database.js';
import { inList } from '../../../database/sql-lists.js';
import { accountsChangedSince, type ChangedAccount } from '../../accounts/account-changes.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { LiveIndexMetrics } from '../../metrics/live-index.metrics.js';

export interface LiveSearchRow extends ChangedRow {
  account_id: string;
  description: string | null;
  active: boolean | number;
  revision: number | string;
  deleted_at: number | string | null;
}

export interface LiveSearchKeywordRow {
  id: string;
  search_id: string;
  position: number | string;
  text: string;
  mode: KeywordMode;
}

const SEARCH_COLUMNS = 'account_id, description, active, revision, deleted_at';
const LIVE_SEARCH = 'active = TRUE AND deleted_at IS NULL';
const IN_CHUNK = 500;

/**
 * The App accounts, searches and search keywords the inbox's live matcher reads
 * (live-search-matcher.service.ts), on the manager it is given: the caller's transaction, when
 * called from inside one. Every row read is counted in the live-index metrics.
 */
@Injectable()
export class LiveSearchStore {
  constructor(
    private readonly database: Database,
    private readonly metrics: LiveIndexMetrics,
  ) {}

  latestChangeNumbers(manager: EntityManager): Promise<ChangeMarks> {
    return latestChangeSeqs(this.database.readQuery(manager));
  }

  /** The App accounts changed after the change number (-1: every one). */
  appAccountsChangedSince(manager: EntityManager, since: number): Promise<ChangedAccount[]> {
    return this.collect(
      'accounts',
      accountsChangedSince(this.database.readQuery(manager), since, 'app'),
    );
  }

  /** Every live search (active, not deleted), whatever its account. */
  liveSearches(manager: EntityManager): Promise<LiveSearchRow[]> {
    return this.changed<LiveSearchRow>(manager, {
      table: 'searches',
      columns: SEARCH_COLUMNS,
      since: -1,
      where: LIVE_SEARCH,
    });
  }

  /** Every search changed after the change number, live or not (paused, deleted). */
  searchesChangedSince(manager: EntityManager, since: number): Promise<LiveSearchRow[]> {
    return this.changed<LiveSearchRow>(manager, {
      table: 'searches',
      columns: SEARCH_COLUMNS,
      since,
    });
  }

  liveSearchesOfAccounts(
    manager: EntityManager,
    accountIds: readonly string[],
  ): Promise<LiveSearchRow[]> {
    return this.findIn<LiveSearchRow>(
      manager,
      'searches',
      `SELECT id, ${SEARCH_COLUMNS} FROM searches WHERE ${LIVE_SEARCH} AND account_id`,
      accountIds,
    );
  }

  keywordsOfSearches(
    manager: EntityManager,
    searchIds: readonly string[],
  ): Promise<LiveSearchKeywordRow[]> {
    return this.findIn<LiveSearchKeywordRow>(
      manager,
      'search_keywords',
      'SELECT id, search_id, position, text, mode FROM search_keywords WHERE search_id',
      searchIds,
    );
  }

  private changed<T extends ChangedRow>(
    manager: EntityManager,
    query: ChangedRowsQuery,
  ): Promise<T[]> {
    return this.collect(query.table, changedRows<T>(this.database.readQuery(manager), query));
  }

  /** Every page of rows of `table`, each counted as read. */
  private async collect<T>(table: string, pages: AsyncIterable<T[]>): Promise<T[]> {
    const rows: T[] = [];
    for await (const page of pages) {
      this.metrics.recordRowsRead('inbox', table, page.length);
      rows.push(...page);
    }
    return rows;
  }

  /** Rows of `table` whose column, the last word of `select`, is one of the values. */
  private async findIn<T>(
    manager: EntityManager,
    table: 'searches' | 'search_keywords',
    select: string,
    values: readonly string[],
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

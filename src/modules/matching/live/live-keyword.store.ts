import type { ChangeMarks } from '../../../database/change-follower.js';
import { latestChangeSeqs } from '../../../database/change-sequence.js';
import { accountsChangedSince, type ChangedAccount } from '../../accounts/account-changes.js';
import { changedRows, type ChangedRow } from '../../../database/changed-rows.js';
import type { RowReader } from '../../../database/row-reader.js';
import { inList } from '../../../database/sql-lists.js';
import type { KeywordDefinition, KeywordMode } from '../keyword-definition.js';
import { ACTIVE_KEYWORD, filterListsOf, keywordValueColumns } from '../keyword-fields.js';

/** The columns of a keyword the index reads, in this order, as `KEYWORD_COLUMNS` selects them. */
export type KeywordValues = [
  id: string,
  accountId: string,
  text: string,
  mode: KeywordMode,
  trackPosts: boolean | number,
  trackComments: boolean | number,
  /** Its filter lists as one JSON array of arrays; null when all are empty (most keywords). */
  filters: string | null,
  query: string | null,
];

/** A keyword changed since a change number: whether it is live (active, not deleted), and its values. */
export interface ChangedKeyword {
  live: boolean;
  values: KeywordValues;
}

interface KeywordRow {
  id: string;
  account_id: string;
  text: string;
  mode: KeywordMode;
  track_posts: boolean | number;
  track_comments: boolean | number;
  filters: string | null;
  query: string | null;
}

interface ChangedKeywordRow extends ChangedRow, KeywordRow {
  live: boolean | number;
}

const KEYWORD_COLUMNS = `account_id, ${keywordValueColumns()}`;
const IN_CHUNK = 500;

/** The mode as its one constant string: each row brings its own copy, which its definition would keep. */
function sharedMode(mode: KeywordMode): KeywordMode {
  switch (mode) {
    case 'exact':
      return 'exact';
    case 'proximity':
      return 'proximity';
    case 'broad':
      return 'broad';
  }
}

/** The definition the index keeps, sharing `accountId` (its account's string) instead of the row's copy. */
export function keywordDefinitionOf(
  [id, , text, mode, trackPosts, trackComments, filters, query]: KeywordValues,
  accountId: string,
): KeywordDefinition {
  return {
    id,
    accountId,
    text,
    mode: sharedMode(mode),
    trackPosts: Boolean(trackPosts),
    trackComments: Boolean(trackComments),
    filters: filterListsOf(filters),
    ...(query === null ? {} : { query }),
  };
}

function valuesOf(row: KeywordRow): KeywordValues {
  return [
    row.id,
    row.account_id,
    row.text,
    row.mode,
    row.track_posts,
    row.track_comments,
    row.filters,
    row.query,
  ];
}

/**
 * The accounts and keywords the Alerts keyword index reads (live-keyword-index.ts), page by
 * page. Plain code over a RowReader: it runs on the index thread too, outside the framework.
 */
export class LiveKeywordStore {
  constructor(private readonly reader: RowReader) {}

  latestChangeNumbers(): Promise<ChangeMarks> {
    return latestChangeSeqs(this.reader.query);
  }

  /** Every account changed after the change number (-1: every account), of any product. */
  accountsChangedSince(since: number): AsyncGenerator<ChangedAccount[]> {
    return accountsChangedSince(this.reader.query, since, null);
  }

  /** Every live keyword, whatever its account, in one pass over the table (RowReader.scan). */
  async *liveKeywords(): AsyncGenerator<KeywordValues[]> {
    for await (const rows of this.reader.scan(
      `SELECT id, ${KEYWORD_COLUMNS} FROM keywords WHERE ${ACTIVE_KEYWORD}`,
    )) {
      yield rows as KeywordValues[];
    }
  }

  async *liveKeywordsOfAccounts(accountIds: readonly string[]): AsyncGenerator<KeywordValues[]> {
    for (let start = 0; start < accountIds.length; start += IN_CHUNK) {
      const list = inList(accountIds.slice(start, start + IN_CHUNK));
      const rows = await this.reader.query<KeywordRow>(
        `SELECT id, ${KEYWORD_COLUMNS} FROM keywords
          WHERE account_id IN (${list.sql}) AND ${ACTIVE_KEYWORD}`,
        list.parameters,
      );
      yield rows.map(valuesOf);
    }
  }

  /** Every keyword changed after the change number, live or not (paused, deleted). */
  async *keywordsChangedSince(since: number): AsyncGenerator<ChangedKeyword[]> {
    for await (const rows of changedRows<ChangedKeywordRow>(this.reader.query, {
      table: 'keywords',
      columns: `(${ACTIVE_KEYWORD}) AS live, ${KEYWORD_COLUMNS}`,
      since,
    })) {
      yield rows.map((row) => ({ live: Boolean(row.live), values: valuesOf(row) }));
    }
  }
}

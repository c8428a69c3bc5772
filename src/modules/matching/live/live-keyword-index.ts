import { Mutex } from 'async-mutex';
import { planLimits, type PlanName } from '../../../config/plans.js';
import { latestChangeSeqs } from '../../../database/change-sequence.js';
import { changedRows, type ChangedRow } from '../../../database/changed-rows.js';
import type { RowReader } from '../../../database/row-reader.js';
import { inList } from '../../../database/sql-lists.js';
import type { KeywordDefinition, KeywordFilters, KeywordMode } from '../keyword-definition.js';
import { KeywordMatcher, type MatchInput } from '../keyword-matcher.js';

export interface MatchedKeyword {
  keyword: KeywordDefinition;
  dailyCap: number;
}

interface AccountState {
  /** The account id, shared by its keywords' definitions instead of a copy per row. */
  id: string;
  eligible: boolean;
  dailyCap: number;
}

interface AccountRow extends ChangedRow {
  product: string;
  plan: PlanName;
  status: string;
}

/** The columns of a keyword the index reads, in this order, as `KEYWORD_COLUMNS` selects them. */
type KeywordValues = [
  id: string,
  accountId: string,
  text: string,
  mode: KeywordMode,
  trackPosts: boolean | number,
  trackComments: boolean | number,
  /** Its four filter lists as one JSON array of arrays; null when all are empty (most keywords). */
  filters: string | null,
];

/** A keyword row as `KEYWORD_COLUMNS` reads it. */
interface KeywordRow {
  id: string;
  account_id: string;
  text: string;
  mode: KeywordMode;
  track_posts: boolean | number;
  track_comments: boolean | number;
  filters: string | null;
}

/** A keyword row read by change number: whether it is live, then its indexed columns. */
interface ChangedKeywordRow extends ChangedRow, KeywordRow {
  live: boolean | number;
}

const FILTERS =
  "CASE WHEN exclude_phrases = '[]' AND subreddits = '[]' AND exclude_subreddits = '[]' " +
  "AND exclude_authors = '[]' THEN NULL ELSE '[' || exclude_phrases || ',' || subreddits || ',' " +
  "|| exclude_subreddits || ',' || exclude_authors || ']' END";
const KEYWORD_COLUMNS = `account_id, text, mode, track_posts, track_comments, ${FILTERS} AS filters`;
const LIVE_KEYWORD = 'active = TRUE AND deleted_at IS NULL';
const IN_CHUNK = 500;

function filtersOf(json: string | null): KeywordFilters | undefined {
  if (json === null) return undefined;
  const [exclude, subreddits, excludeSubreddits, excludeAuthors] = JSON.parse(json) as string[][];
  return { exclude, subreddits, excludeSubreddits, excludeAuthors };
}

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

/** The definition the index keeps, sharing its account's id string instead of the row's copy. */
function definitionOf(
  [id, , text, mode, trackPosts, trackComments, filters]: KeywordValues,
  account: AccountState,
): KeywordDefinition {
  return {
    id,
    accountId: account.id,
    text,
    mode: sharedMode(mode),
    trackPosts: Boolean(trackPosts),
    trackComments: Boolean(trackComments),
    filters: filtersOf(filters),
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
  ];
}

/** What one refresh did: the rows it read, and the load when it built the index afresh. */
export interface IndexActivity {
  rowsRead: { accounts: number; keywords: number };
  load?: { keywords: number; ms: number };
}

const noActivity = (): IndexActivity => ({ rowsRead: { accounts: 0, keywords: 0 } });

/**
 * The matcher over every active keyword of every active Alerts account, kept in step with the
 * database by `refresh()`. Accounts and keywords carry a change number (change-sequence.ts):
 * each refresh first reads the latest numbers (one small statement), then only the rows changed
 * since the previous refresh, so a keyword created, paused or deleted on any instance takes
 * effect within one cycle and an unchanged row is read once, when the index is built.
 *
 * Plain code with no framework around it: LiveKeywordMatcher runs it in the application's
 * thread or in a thread of its own (keyword-index-thread.ts), reading through a RowReader.
 */
export class LiveKeywordIndex {
  private matcher = new KeywordMatcher();
  private readonly accounts = new Map<string, AccountState>();
  private readonly refreshing = new Mutex();
  private accountMark: number | null = null;
  private keywordMark: number | null = null;
  private activity = noActivity();

  constructor(private readonly reader: RowReader) {}

  get size(): number {
    return this.matcher.size;
  }

  match(input: MatchInput): MatchedKeyword[] {
    return this.matcher.match(input).map((keyword) => ({
      keyword,
      dailyCap: this.accounts.get(keyword.accountId)?.dailyCap ?? 0,
    }));
  }

  /** One refresh at a time, so the marks only move forward. */
  async refresh(): Promise<void> {
    await this.refreshing.runExclusive(() => this.applyChanges());
  }

  /** What the refreshes did since this was last asked, failed ones included (they read rows too). */
  takeActivity(): IndexActivity {
    const activity = this.activity;
    this.activity = noActivity();
    return activity;
  }

  /** The next refresh builds the index afresh, e.g. after the schema it was read from changed. */
  async reset(): Promise<void> {
    await this.refreshing.runExclusive(() => {
      this.accountMark = null;
      this.keywordMark = null;
    });
  }

  private async applyChanges(): Promise<void> {
    const latest = await latestChangeSeqs(this.reader.query);
    if (this.accountMark === null || this.keywordMark === null) {
      await this.load();
    } else {
      const flipped =
        latest.accounts > this.accountMark ? await this.applyAccounts(this.accountMark) : [];
      if (latest.keywords > this.keywordMark) {
        for await (const rows of this.changedKeywordRows(this.keywordMark))
          for (const row of rows) this.apply(row);
      }
      await this.reloadKeywordsOf(flipped);
    }
    // Rows changed after `latest` was read and already seen are read once more next time.
    this.accountMark = latest.accounts;
    this.keywordMark = latest.keywords;
  }

  /**
   * Every account, then every live keyword in one pass (RowReader.scan), each row straight
   * into a new index: what a load that failed part-way put in is not carried into the next one,
   * which would otherwise keep a keyword deleted or paused in between.
   */
  private async load(): Promise<void> {
    const started = performance.now();
    this.matcher = new KeywordMatcher();
    this.accounts.clear();
    await this.applyAccounts(-1);
    for await (const rows of this.reader.scan(
      `SELECT id, ${KEYWORD_COLUMNS} FROM keywords WHERE ${LIVE_KEYWORD}`,
    )) {
      this.activity.rowsRead.keywords += rows.length;
      for (const values of rows as KeywordValues[]) {
        const account = this.eligibleAccount(values[1]);
        // A fresh index and one row per keyword: nothing to replace or take out.
        if (account !== undefined) this.matcher.add(definitionOf(values, account));
      }
    }
    const ms = Math.round(performance.now() - started);
    this.activity.load = { keywords: this.matcher.size, ms };
  }

  /** Reads the accounts changed since the mark; returns those whose eligibility flipped. */
  private async applyAccounts(since: number): Promise<string[]> {
    const flipped: string[] = [];
    for await (const rows of changedRows<AccountRow>(this.reader.query, {
      table: 'accounts',
      columns: 'product, plan, status',
      since,
    })) {
      this.activity.rowsRead.accounts += rows.length;
      for (const row of rows) {
        const eligible = row.product === 'alerts' && row.status === 'active';
        const previous = this.accounts.get(row.id);
        this.accounts.set(row.id, {
          id: row.id,
          eligible,
          dailyCap: planLimits(row.plan).perKeywordDailyCap,
        });
        if (previous?.eligible !== eligible) flipped.push(row.id);
      }
    }
    return flipped;
  }

  /** An account that became eligible brings its live keywords in, one that stopped takes them out. */
  private async reloadKeywordsOf(accountIds: readonly string[]): Promise<void> {
    for (let start = 0; start < accountIds.length; start += IN_CHUNK) {
      const list = inList(accountIds.slice(start, start + IN_CHUNK));
      const rows = await this.reader.query<KeywordRow>(
        `SELECT id, ${KEYWORD_COLUMNS} FROM keywords
          WHERE account_id IN (${list.sql}) AND ${LIVE_KEYWORD}`,
        list.parameters,
      );
      this.activity.rowsRead.keywords += rows.length;
      for (const row of rows) this.index(valuesOf(row));
    }
  }

  private async *changedKeywordRows(since: number) {
    for await (const rows of changedRows<ChangedKeywordRow>(this.reader.query, {
      table: 'keywords',
      columns: `(${LIVE_KEYWORD}) AS live, ${KEYWORD_COLUMNS}`,
      since,
    })) {
      this.activity.rowsRead.keywords += rows.length;
      yield rows;
    }
  }

  private apply(row: ChangedKeywordRow): void {
    if (row.live) this.index(valuesOf(row));
    else this.matcher.remove(row.id);
  }

  /** Puts a live keyword in the index, or takes it out when its account is not eligible. */
  private index(values: KeywordValues): void {
    const account = this.eligibleAccount(values[1]);
    if (account === undefined) this.matcher.remove(values[0]);
    else this.matcher.upsert(definitionOf(values, account));
  }

  private eligibleAccount(accountId: string): AccountState | undefined {
    const account = this.accounts.get(accountId);
    return account?.eligible === true ? account : undefined;
  }
}

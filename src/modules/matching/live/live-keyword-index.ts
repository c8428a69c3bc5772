import { planLimits } from '../../../config/plans.js';
import { ChangeFollower, type ChangeWindow } from '../../../database/change-follower.js';
import type { KeywordDefinition } from '../keyword-definition.js';
import { KeywordMatcher, type MatchInput } from '../keyword-matcher.js';
import { loadLanguageDetector, type DetectLanguage } from '../language/detect-language.js';
import { MAY_ASK_LANGUAGE } from '../language/language-options.js';
import { QueryError } from '../query/query-error.js';
import {
  keywordDefinitionOf,
  type ChangedKeyword,
  type KeywordValues,
  type LiveKeywordStore,
} from './live-keyword.store.js';

export interface MatchedKeyword {
  keyword: KeywordDefinition;
  dailyCap: number;
}

/**
 * An item's matches, and the keywords that match it but for their `score:` or `comments:`
 * clauses (decisions.md section 13): it is to be looked at again when its numbers have grown.
 */
export interface ItemMatches {
  matched: MatchedKeyword[];
  pending: MatchedKeyword[];
}

interface AccountState {
  /** The account id, shared by its keywords' definitions instead of a copy per row. */
  id: string;
  eligible: boolean;
  dailyCap: number;
}

export interface IndexActivity {
  rowsRead: { accounts: number; keywords: number };
  load?: { keywords: number; ms: number };
  /** Keywords whose stored query the matcher refuses (a grammar that changed since): not matched. */
  unmatchable?: { keywordId: string; reason: string }[];
}

/** A query that may hold a `lang:` clause: the detector is loaded before the next match. */

const noActivity = (): IndexActivity => ({ rowsRead: { accounts: 0, keywords: 0 } });

/**
 * The matcher over every active keyword of every active Alerts account, kept in step with the
 * database by `refresh()` through change numbers (docs/matching.md, keeping in step). Plain code:
 * LiveKeywordMatcher runs it in this thread or on its own (keyword-index-thread.ts).
 */
export class LiveKeywordIndex {
  private detectLanguage: DetectLanguage | null = null;
  private wantsLanguage = false;
  /** The detector through a late binding: it is loaded only once a `lang:` query is indexed. */
  private readonly options = {
    detectLanguage: (text: string) => this.detectLanguage?.(text) ?? null,
  };
  private matcher = new KeywordMatcher([], this.options);
  private readonly accounts = new Map<string, AccountState>();
  private readonly changes = new ChangeFollower();
  private activity = noActivity();

  constructor(private readonly store: LiveKeywordStore) {}

  get size(): number {
    return this.matcher.size;
  }

  match(input: MatchInput): MatchedKeyword[] {
    return this.matcher.match(input).map((keyword) => this.withCap(keyword));
  }

  matchWithPending(input: MatchInput): ItemMatches {
    const pending: KeywordDefinition[] = [];
    const matched = this.matcher.match(input, pending);
    return {
      matched: matched.map((keyword) => this.withCap(keyword)),
      pending: pending.map((keyword) => this.withCap(keyword)),
    };
  }

  async refresh(): Promise<void> {
    await this.changes.refresh(
      () => this.store.latestChangeNumbers(),
      (window) => this.applyChanges(window),
    );
    if (this.wantsLanguage && this.detectLanguage === null) {
      this.detectLanguage = await loadLanguageDetector();
    }
  }

  /** What the refreshes did since this was last asked, failed ones included (they read rows too). */
  takeActivity(): IndexActivity {
    const activity = this.activity;
    this.activity = noActivity();
    return activity;
  }

  /** The next refresh builds the index afresh, e.g. after the schema it was read from changed. */
  async reset(): Promise<void> {
    await this.changes.reset();
  }

  private async applyChanges(window: ChangeWindow): Promise<void> {
    if (window.first) {
      await this.load();
      return;
    }
    const flipped = window.moved('accounts')
      ? await this.applyAccounts(window.after('accounts'))
      : [];
    if (window.moved('keywords')) {
      for await (const changed of this.store.keywordsChangedSince(window.after('keywords'))) {
        this.activity.rowsRead.keywords += changed.length;
        for (const keyword of changed) this.apply(keyword);
      }
    }
    await this.reloadKeywordsOf(flipped);
  }

  /**
   * Every account, then every live keyword in one pass, each row straight into a new index: what
   * a load that failed part-way put in is not carried into the next one, which would otherwise
   * keep a keyword deleted or paused in between.
   */
  private async load(): Promise<void> {
    const started = performance.now();
    this.matcher = new KeywordMatcher([], this.options);
    this.accounts.clear();
    await this.applyAccounts(-1);
    for await (const rows of this.store.liveKeywords()) {
      this.activity.rowsRead.keywords += rows.length;
      for (const values of rows) {
        const account = this.eligibleAccount(values[1]);
        // A fresh index and one row per keyword: nothing to replace or take out.
        if (account !== undefined) {
          this.matchable(keywordDefinitionOf(values, account.id), (keyword) =>
            this.matcher.add(keyword),
          );
        }
      }
    }
    const ms = Math.round(performance.now() - started);
    this.activity.load = { keywords: this.matcher.size, ms };
  }

  /** Reads the accounts changed since the mark; returns those whose eligibility flipped. */
  private async applyAccounts(since: number): Promise<string[]> {
    const flipped: string[] = [];
    for await (const rows of this.store.accountsChangedSince(since)) {
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
    for await (const rows of this.store.liveKeywordsOfAccounts(accountIds)) {
      this.activity.rowsRead.keywords += rows.length;
      for (const values of rows) this.index(values);
    }
  }

  private apply({ live, values }: ChangedKeyword): void {
    if (live) this.index(values);
    else this.matcher.remove(values[0]);
  }

  private index(values: KeywordValues): void {
    const account = this.eligibleAccount(values[1]);
    if (account === undefined) this.matcher.remove(values[0]);
    else {
      this.matchable(keywordDefinitionOf(values, account.id), (keyword) =>
        this.matcher.upsert(keyword),
      );
    }
  }

  /**
   * Indexes the keyword unless the matcher refuses its query: the API checks every query it
   * stores, so only a query stored under an earlier grammar gets here, and one such keyword must
   * not stop the others from loading. It is left out (upsert took out its earlier version) and
   * reported in the activity.
   */
  private matchable(keyword: KeywordDefinition, index: (keyword: KeywordDefinition) => void) {
    try {
      index(keyword);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      (this.activity.unmatchable ??= []).push({ keywordId: keyword.id, reason: error.message });
      return;
    }
    if (keyword.query != null && MAY_ASK_LANGUAGE.test(keyword.query)) this.wantsLanguage = true;
  }

  private withCap(keyword: KeywordDefinition): MatchedKeyword {
    return { keyword, dailyCap: this.accounts.get(keyword.accountId)?.dailyCap ?? 0 };
  }

  private eligibleAccount(accountId: string): AccountState | undefined {
    const account = this.accounts.get(accountId);
    return account?.eligible === true ? account : undefined;
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChangeFollower, type ChangeWindow } from '../../../database/change-follower.js';
import type { RedditItem } from '../../ingestion/reddit-item.js';
import { KeywordMatcher, type MatchInput } from '../../matching/keyword-matcher.js';
import { groupBy } from '../../../common/group-by.js';
import { descriptionStemsOf, stemsOf } from '../scoring/text-signals.js';
import {
  LiveSearchStore,
  type LiveSearchKeywordRow,
  type LiveSearchRow,
} from './live-search.store.js';
import type { IndexedSearchKeyword, KeywordHit } from './search-keyword.js';

interface IndexedSearch {
  revision: number;
  keywordIds: string[];
  descriptionStems: ReadonlySet<string>;
}

const NO_STEMS: ReadonlySet<string> = new Set();

/**
 * The keywords of every active search of every active App account, kept in step with the database
 * as LiveKeywordMatcher is (ChangeFollower), so a change on any instance takes effect within one
 * batch. A search's keywords are reloaded when its revision moves.
 */
@Injectable()
export class LiveSearchMatcher {
  private readonly matcher = new KeywordMatcher();
  private readonly searches = new Map<string, IndexedSearch>();
  private readonly keywords = new Map<string, IndexedSearchKeyword>();
  private readonly eligibleAccounts = new Map<string, boolean>();
  private readonly changes = new ChangeFollower();

  constructor(private readonly store: LiveSearchStore) {}

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
    await this.changes.refresh(
      () => this.store.latestChangeNumbers(manager),
      (window) => this.applyChanges(manager, window),
    );
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
  private async applyChanges(manager: EntityManager, window: ChangeWindow): Promise<void> {
    const accounts = window.moved('accounts')
      ? await this.store.appAccountsChangedSince(manager, window.after('accounts'))
      : [];
    const eligibility = new Map(
      accounts.map((account) => [account.id, account.status === 'active']),
    );
    const flipped = new Set(
      window.first
        ? []
        : accounts
            .filter(
              (account) => this.eligibleAccounts.get(account.id) !== eligibility.get(account.id),
            )
            .map((account) => account.id),
    );
    const isLive = (search: LiveSearchRow): boolean =>
      Boolean(search.active) &&
      search.deleted_at === null &&
      (eligibility.get(search.account_id) ?? this.eligibleAccounts.get(search.account_id)) === true;

    const changed = !window.moved('searches')
      ? []
      : window.first
        ? await this.store.liveSearches(manager)
        : await this.store.searchesChangedSince(manager, window.after('searches'));
    const ofFlipped = await this.store.liveSearchesOfAccounts(manager, [...flipped]);
    const toDrop: string[] = [];
    const toLoad = new Map<string, LiveSearchRow>();
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
      await this.store.keywordsOfSearches(manager, [...toLoad.keys()]),
      (keyword) => keyword.search_id,
    );

    for (const [accountId, eligible] of eligibility) this.eligibleAccounts.set(accountId, eligible);
    for (const searchId of toDrop) this.drop(searchId);
    for (const search of toLoad.values()) this.index(search, keywordsBySearch.get(search.id) ?? []);
  }

  private index(search: LiveSearchRow, keywords: LiveSearchKeywordRow[]): void {
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
}

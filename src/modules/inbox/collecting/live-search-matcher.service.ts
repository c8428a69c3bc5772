import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import {
  In,
  MoreThanOrEqual,
  type EntityManager,
  type FindOperator,
  type FindOptionsWhere,
} from 'typeorm';
import { AccountEntity } from '../../accounts/account.entity.js';
import type { RedditItem } from '../../ingestion/reddit-item.js';
import { KeywordMatcher, type MatchInput } from '../../matching/keyword-matcher.js';
import { groupBy } from '../group-by.js';
import { descriptionStemsOf, stemsOf } from '../scoring/text-signals.js';
import { SearchKeywordEntity } from '../searches/search-keyword.entity.js';
import { SearchEntity } from '../searches/search.entity.js';
import type { IndexedSearchKeyword, KeywordHit } from './search-keyword.js';

/** Changes are re-read with this overlap, so clock skew between instances cannot hide one. */
const CHANGE_OVERLAP_MS = 5_000;
const IN_CHUNK = 500;

interface IndexedSearch {
  revision: number;
  keywordIds: string[];
  descriptionStems: ReadonlySet<string>;
}

const NO_STEMS: ReadonlySet<string> = new Set();

function newestUpdate(rows: readonly { updatedAt: number }[], mark: number | null): number {
  return rows.reduce((newest, row) => Math.max(newest, row.updatedAt), mark ?? 0);
}

/**
 * The matcher over the keywords of every active search of every active App account, kept in step
 * with the database as LiveKeywordMatcher is: updated_at high-water marks on accounts and
 * searches, checked before each batch, so a search created, changed, paused or deleted on any
 * instance takes effect within one batch. A search's keywords are reloaded when its revision moves.
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

  get size(): number {
    return this.matcher.size;
  }

  /** Every search keyword the item matches, once each; a post's title is matched on its own. */
  match(item: RedditItem): KeywordHit[] {
    if (item.type === 'comment') return this.hits({ type: 'comment', fields: [item.body] }, false);
    const inTitle = this.hits({ type: 'post', fields: [item.title] }, true);
    const titleIds = new Set(inTitle.map((hit) => hit.keyword.id));
    const inBody = this.hits({ type: 'post', fields: [item.selftext] }, false);
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
    const accounts = await manager.findBy(AccountEntity, {
      product: 'app',
      ...this.changedSince(this.accountMark),
    });
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
    const isLive = (search: SearchEntity): boolean =>
      search.active &&
      search.deletedAt === null &&
      (eligibility.get(search.accountId) ?? this.eligibleAccounts.get(search.accountId)) === true;

    const changed = await manager.findBy(SearchEntity, this.changedSince(this.searchMark));
    const ofFlipped = await this.findIn(manager, SearchEntity, 'accountId', [...flipped]);
    const toDrop: string[] = [];
    const toLoad = new Map<string, SearchEntity>();
    for (const search of [...changed, ...ofFlipped]) {
      if (!isLive(search)) toDrop.push(search.id);
      else if (
        flipped.has(search.accountId) ||
        this.searches.get(search.id)?.revision !== search.revision
      ) {
        toLoad.set(search.id, search);
      }
    }
    const keywordsBySearch = groupBy(
      await this.findIn(manager, SearchKeywordEntity, 'searchId', [...toLoad.keys()]),
      (keyword) => keyword.searchId,
    );

    for (const [accountId, eligible] of eligibility) this.eligibleAccounts.set(accountId, eligible);
    for (const searchId of toDrop) this.drop(searchId);
    for (const search of toLoad.values()) this.index(search, keywordsBySearch.get(search.id) ?? []);
    this.accountMark = newestUpdate(accounts, this.accountMark);
    this.searchMark = newestUpdate(changed, this.searchMark);
  }

  /** Everything on the first refresh (deleted searches too, so the mark starts at the newest). */
  private changedSince(mark: number | null): { updatedAt?: FindOperator<number> } {
    return mark === null ? {} : { updatedAt: MoreThanOrEqual(mark - CHANGE_OVERLAP_MS) };
  }

  private index(search: SearchEntity, keywords: SearchKeywordEntity[]): void {
    this.drop(search.id);
    for (const keyword of keywords) {
      this.matcher.upsert({
        id: keyword.id,
        accountId: search.accountId,
        text: keyword.text,
        mode: keyword.mode,
        trackPosts: true,
        trackComments: true,
      });
      this.keywords.set(keyword.id, {
        id: keyword.id,
        searchId: search.id,
        accountId: search.accountId,
        text: keyword.text,
        position: keyword.position,
        stems: stemsOf(keyword.text),
      });
    }
    this.searches.set(search.id, {
      revision: search.revision,
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

  private async findIn<T extends SearchEntity | SearchKeywordEntity>(
    manager: EntityManager,
    entity: new () => T,
    column: keyof T & string,
    values: string[],
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let start = 0; start < values.length; start += IN_CHUNK) {
      const where = { [column]: In(values.slice(start, start + IN_CHUNK)) } as FindOptionsWhere<T>;
      rows.push(...(await manager.findBy(entity, where)));
    }
    return rows;
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { utcDay } from '../../common/time/timestamps.js';
import { Database, isFailingDatabaseError } from '../../database/database.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import { AlertStore } from '../alerts/alert.store.js';
import {
  LiveKeywordMatcher,
  type MatchedKeyword,
} from '../matching/live-keyword-matcher.service.js';
import { UsageStore, type CapRequest } from '../usage/usage.store.js';
import { alertFromMatch } from './alert-from-match.js';
import { IngestionSinks } from './ingestion-sinks.js';
import { alertParentOf, foundParentOf, matchInputOf, parentFieldsOf } from './item-match-input.js';
import { PostCacheStore } from './post-cache.store.js';
import { RecentPosts } from './recent-posts.js';
import {
  type ParentPostFields,
  type RedditComment,
  type RedditItem,
  type RedditPost,
} from './reddit-item.js';
import { CountRecheckStore, recheckPair, type RecheckRow } from './rechecks/count-recheck.store.js';
import { firstRecheck } from './rechecks/recheck-schedule.js';
import { itemKey, SeenItemsStore } from './seen-items.store.js';
import { UnstorableItems } from './unstorable-items.js';

export interface IngestSummary {
  posts: number;
  comments: number;
  alerts: number;
  capped: number;
  unstorable: number;
}

export interface Match extends MatchedKeyword {
  item: RedditItem;
}

/**
 * A batch matched and not stored yet: its items once each, what they matched, what they match but
 * for their `score:` or `comments:` clauses, and the comments' parent posts they were matched with.
 */
export interface MatchedBatch {
  read: IngestSummary;
  items: RedditItem[];
  matches: Map<RedditItem, Match[]>;
  pending: Map<RedditItem, Match[]>;
  parents: Map<string, ParentPostFields>;
}

/** What a batch's items match and their parent posts: found once, before storing is tried. */
type FoundForBatch = Pick<MatchedBatch, 'matches' | 'pending' | 'parents'>;

/** Posts of the batches matched lately kept as parents: a few dump batches (DUMP_BATCH_SIZE). */
const RECENT_POSTS = 2_000;

const noMatches = (): Pick<MatchedBatch, 'matches' | 'pending' | 'parents'> => ({
  matches: new Map(),
  pending: new Map(),
  parents: new Map(),
});

function capRequests(matches: readonly Match[]): CapRequest[] {
  const requests = new Map<string, CapRequest>();
  for (const { keyword, dailyCap } of matches) {
    const request = requests.get(keyword.id) ?? {
      keywordId: keyword.id,
      matches: 0,
      cap: dailyCap,
    };
    request.matches += 1;
    requests.set(keyword.id, request);
  }
  return [...requests.values()];
}

export const emptySummary = (): IngestSummary => ({
  posts: 0,
  comments: 0,
  alerts: 0,
  capped: 0,
  unstorable: 0,
});

export function addSummaries(total: IngestSummary, part: IngestSummary): IngestSummary {
  return {
    posts: total.posts + part.posts,
    comments: total.comments + part.comments,
    alerts: total.alerts + part.alerts,
    capped: total.capped + part.capped,
    unstorable: total.unstorable + part.unstorable,
  };
}

/**
 * normalised item → match → cap → store: the one pipeline behind the poller and the dump import.
 * A batch commits as one transaction: the items it marks as seen, the alerts, and what its sinks
 * write with them (IngestionSinks: the App inbox's items, the alerts' deliveries).
 * When that transaction fails and the database is not what is failing, the batch is stored again
 * in halves until the item that cannot be stored stands alone; it is skipped and recorded, the
 * rest is stored, and the caller (the poller's marks, the dump's progress) moves past it.
 */
/** Rolls back a backfill's page that another instance (or a restore) already moved past. */
class ProgressMovedOn extends Error {}

@Injectable()
export class IngestionPipeline {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly matcher: LiveKeywordMatcher,
    private readonly cap: UsageStore,
    private readonly alerts: AlertStore,
    private readonly seen: SeenItemsStore,
    private readonly postCache: PostCacheStore,
    private readonly unstorableItems: UnstorableItems,
    private readonly sinks: IngestionSinks,
    private readonly rechecks: CountRecheckStore,
  ) {}

  private readonly recentPosts = new RecentPosts(RECENT_POSTS);

  async process(batch: RedditItem[]): Promise<IngestSummary> {
    return this.store(await this.match(batch));
  }

  /**
   * The first half of `process`: the index brought up to date, the comments' parent posts found
   * (queries read their title, flair and counts), then the batch matched in one call. A caller
   * with batches queued (the dump import) matches the next one while this one is stored: the
   * index matches on its own thread meanwhile (LiveKeywordMatcher).
   */
  async match(batch: RedditItem[]): Promise<MatchedBatch> {
    const read = emptySummary();
    for (const item of batch) read[item.type === 'post' ? 'posts' : 'comments'] += 1;
    const items = [...new Map(batch.map((item) => [itemKey(item), item])).values()];
    if (items.length === 0) return { read, items, ...noMatches() };
    await this.matcher.refresh();
    const parents = await this.parentsOf(items);
    return { read, items, parents, ...(await this.matchesOf(items, parents)) };
  }

  /** The second half: the batch's transaction. Store batches one at a time in the order they were read. */
  async store({ read, items, ...found }: MatchedBatch): Promise<IngestSummary> {
    if (items.length === 0) return read;
    return addSummaries(read, await this.storeIsolatingUnstorable(items, found));
  }

  /**
   * Items fetched again for their re-checks, matched as Reddit has them now: a comment with its
   * post (refreshed in the same request, else from the posts cache).
   */
  async rematch(items: readonly RedditItem[]): Promise<Pick<MatchedBatch, 'matches' | 'parents'>> {
    await this.matcher.refresh();
    const parents = await this.parentsOf(items);
    return { parents, matches: (await this.matchesOf(items, parents)).matches };
  }

  /**
   * A re-check's outcome (rechecks/count-rechecker.ts) in one transaction: the keyword × item
   * pairs that now pass alert as live matches do (same cap, alerts and sinks; the item was seen
   * before, so no seen mark), stamped now and counted in today's cap; then the re-checked rows
   * move on.
   */
  storeRechecked(
    passed: readonly Match[],
    parents: Map<string, ParentPostFields>,
    rechecked: readonly RecheckRow[],
  ): Promise<IngestSummary> {
    return this.database.transaction(async (manager) => {
      const summary = emptySummary();
      const now = this.clock.nowMs();
      await this.storeAlerts(manager, passed, parents, now, summary);
      const pairs = new Set(passed.map((m) => recheckPair(m.keyword.id, itemKey(m.item))));
      await this.rechecks.settle(manager, rechecked, pairs, now);
      return summary;
    });
  }

  /**
   * A backfill's matches (backfill/) in one transaction: they alert as live matches do (same cap,
   * alerts and sinks; the items were seen before, so no seen mark), stamped now and counted in
   * today's cap; `progress` records how far the backfill got in the same transaction, and rolls it
   * all back by returning false.
   */
  storeBackfilled(
    matches: readonly Match[],
    parents: Map<string, ParentPostFields>,
    progress: (manager: EntityManager) => Promise<boolean>,
  ): Promise<IngestSummary | null> {
    return this.database
      .transaction(async (manager) => {
        const summary = emptySummary();
        await this.storeAlerts(manager, matches, parents, this.clock.nowMs(), summary);
        if (!(await progress(manager))) throw new ProgressMovedOn();
        return summary;
      })
      .catch((error: unknown) => {
        if (error instanceof ProgressMovedOn) return null;
        throw error;
      });
  }

  private async storeIsolatingUnstorable(
    items: RedditItem[],
    found: FoundForBatch,
  ): Promise<IngestSummary> {
    try {
      return await this.storeInTransaction(items, found);
    } catch (error) {
      if (isFailingDatabaseError(error)) throw error;
      if (items.length > 1) {
        const half = Math.ceil(items.length / 2);
        return addSummaries(
          await this.storeIsolatingUnstorable(items.slice(0, half), found),
          await this.storeIsolatingUnstorable(items.slice(half), found),
        );
      }
      // A database that cannot answer SELECT 1 is failing as a whole: nothing moves, the caller retries.
      await this.database.ping();
      this.unstorableItems.record(items[0], error);
      return { ...emptySummary(), unstorable: 1 };
    }
  }

  /** One transaction: seen marks, posts cache, new-items sinks, cap, alerts, alert sinks. */
  private storeInTransaction(
    items: RedditItem[],
    { matches: matchesByItem, pending, parents }: FoundForBatch,
  ): Promise<IngestSummary> {
    return this.database.transaction(async (manager) => {
      const summary = emptySummary();
      const now = this.clock.nowMs();
      const fresh = await this.seen.claim(manager, items.map(itemKey).sort(), now);
      const newItems = items.filter((item) => fresh.has(itemKey(item)));
      const newPosts = newItems.filter((i): i is RedditPost => i.type === 'post');
      await this.postCache.remember(
        manager,
        newPosts.sort((a, b) => a.id.localeCompare(b.id)),
        now,
      );
      if (newItems.length > 0) {
        const withParents = newItems.map((item) => ({
          item,
          parent: this.parentOf(item, parents),
          foundParent: foundParentOf(item, parents),
        }));
        for (const sink of this.sinks.newItems) await sink.onNewItems(manager, withParents, now);
      }
      const matches = newItems.flatMap((item) => matchesByItem.get(item) ?? []);
      await this.storeAlerts(manager, matches, parents, now, summary);
      await this.rechecks.file(manager, this.rechecksOf(newItems, pending, now), now);
      return summary;
    });
  }

  /** Cap, alerts and the alert sinks, for matches of items stored in this transaction. */
  private async storeAlerts(
    manager: EntityManager,
    matches: readonly Match[],
    parents: Map<string, ParentPostFields>,
    now: number,
    summary: IngestSummary,
  ): Promise<void> {
    const day = utcDay(now);
    const remaining = await this.cap.consume(manager, day, capRequests(matches));
    const alerts: AlertEntity[] = [];
    for (const match of matches) {
      const left = remaining.get(match.keyword.id);
      if (left === undefined) continue;
      if (left === 0) {
        summary.capped += 1;
        continue;
      }
      remaining.set(match.keyword.id, left - 1);
      const parent = this.parentOf(match.item, parents);
      alerts.push(alertFromMatch(newId(), match.item, match.keyword, parent, now));
    }
    const stored = await this.alerts.insertNew(manager, alerts);
    for (const alert of alerts) {
      if (!stored.has(alert.id)) await this.cap.release(manager, alert.keywordId, day, 1);
    }
    const storedAlerts = alerts.filter((alert) => stored.has(alert.id));
    summary.alerts += storedAlerts.length;
    for (const sink of this.sinks.storedAlerts) await sink.onAlertsStored(manager, storedAlerts);
  }

  /** The re-checks of `score:` and `comments:` that first-seen items are owed. */
  private rechecksOf(
    newItems: readonly RedditItem[],
    pending: Map<RedditItem, Match[]>,
    now: number,
  ): RecheckRow[] {
    const rows: RecheckRow[] = [];
    for (const item of newItems) {
      const waiting = pending.get(item);
      const due = waiting === undefined ? null : firstRecheck(item.createdUtc, now);
      if (waiting === undefined || due === null) continue;
      const common = {
        itemKey: itemKey(item),
        postKey: item.type === 'comment' ? `t3_${item.postId}` : null,
        createdUtc: item.createdUtc,
        ...due,
      };
      for (const { keyword } of waiting) {
        rows.push({ keywordId: keyword.id, accountId: keyword.accountId, ...common });
      }
    }
    return rows;
  }

  /** Matched before the transaction, all in one call: the index may live on another thread. */
  private async matchesOf(
    items: readonly RedditItem[],
    parents: Map<string, ParentPostFields>,
  ): Promise<Pick<MatchedBatch, 'matches' | 'pending'>> {
    const inputs = items.map((item) => matchInputOf(item, foundParentOf(item, parents)));
    const found = await this.matcher.matchBatchWithPending(inputs);
    const matches = new Map<RedditItem, Match[]>();
    const pending = new Map<RedditItem, Match[]>();
    items.forEach((item, i) => {
      const { matched, pending: waiting } = found[i];
      if (matched.length > 0)
        matches.set(
          item,
          matched.map((m) => ({ item, ...m })),
        );
      if (waiting.length > 0)
        pending.set(
          item,
          waiting.map((m) => ({ item, ...m })),
        );
    });
    return { matches, pending };
  }

  private parentOf(item: RedditItem, parents: Map<string, ParentPostFields>): ParentPostFields {
    return alertParentOf(item, foundParentOf(item, parents));
  }

  /**
   * Parent posts: from this batch, the batches matched lately (one may still be being stored),
   * then the posts cache (the poller writes the parents it looked up on Reddit there before their
   * comments arrive); without one a comment is matched on its own and alerts with its own fields.
   */
  private async parentsOf(items: readonly RedditItem[]): Promise<Map<string, ParentPostFields>> {
    const parents = new Map<string, ParentPostFields>();
    for (const item of items) {
      if (item.type !== 'post') continue;
      const fields = parentFieldsOf(item);
      parents.set(item.id, fields);
      this.recentPosts.remember(item.id, fields);
    }
    const wanted: string[] = [];
    for (const comment of items.filter((i): i is RedditComment => i.type === 'comment')) {
      if (parents.has(comment.postId)) continue;
      const recent = this.recentPosts.get(comment.postId);
      if (recent === undefined) wanted.push(comment.postId);
      else parents.set(comment.postId, recent);
    }
    if (wanted.length === 0) return parents;
    for (const [postId, fields] of await this.postCache.find([...new Set(wanted)]))
      parents.set(postId, fields);
    return parents;
  }
}

import { Injectable } from '@nestjs/common';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { utcDay } from '../../common/time/timestamps.js';
import { Database, isFailingDatabaseError } from '../../database/database.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import { AlertStore } from '../alerts/alert.store.js';
import type { MatchInput } from '../matching/keyword-matcher.js';
import {
  LiveKeywordMatcher,
  type MatchedKeyword,
} from '../matching/live-keyword-matcher.service.js';
import { UsageStore, type CapRequest } from '../usage/usage.store.js';
import { alertFromMatch } from './alert-from-match.js';
import { IngestionSinks } from './ingestion-sinks.js';
import { PostCacheStore } from './post-cache.store.js';
import {
  PLAIN_TEXT_POST,
  type ParentPostFields,
  type RedditComment,
  type RedditItem,
  type RedditPost,
} from './reddit-item.js';
import { itemKey, SeenItemsStore } from './seen-items.store.js';
import { UnstorableItems } from './unstorable-items.js';

export interface IngestSummary {
  posts: number;
  comments: number;
  alerts: number;
  capped: number;
  unstorable: number;
}

interface Match extends MatchedKeyword {
  item: RedditItem;
}

/** A batch matched and not stored yet: its items once each, and what they matched. */
export interface MatchedBatch {
  read: IngestSummary;
  items: RedditItem[];
  matches: Map<RedditItem, Match[]>;
}

/** What a batch's items match and their parent posts: found once, before storing is tried. */
interface FoundForBatch extends Pick<MatchedBatch, 'matches'> {
  parents: Map<string, ParentPostFields>;
}

function matchInputOf(item: RedditItem): MatchInput {
  const fields = item.type === 'post' ? [item.title, item.selftext] : [item.body];
  const { type, subreddit, author } = item;
  return { type, fields, subreddit, author };
}

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
  ) {}

  async process(batch: RedditItem[]): Promise<IngestSummary> {
    return this.store(await this.match(batch));
  }

  /**
   * The first half of `process`: the index brought up to date, then the batch matched in one
   * call. A caller with batches queued (the dump import) matches the next one while this one is
   * stored: the index matches on its own thread meanwhile (LiveKeywordMatcher).
   */
  async match(batch: RedditItem[]): Promise<MatchedBatch> {
    const read = emptySummary();
    for (const item of batch) read[item.type === 'post' ? 'posts' : 'comments'] += 1;
    const items = [...new Map(batch.map((item) => [itemKey(item), item])).values()];
    if (items.length === 0) return { read, items, matches: new Map() };
    await this.matcher.refresh();
    return { read, items, matches: await this.matchesOf(items) };
  }

  /**
   * The second half: the parent posts, then the batch's transaction. Store batches one at a
   * time in the order they were read: a comment's parent post may be in the batch before.
   */
  async store({ read, items, matches }: MatchedBatch): Promise<IngestSummary> {
    if (items.length === 0) return read;
    const parents = await this.parentsOf(items);
    return addSummaries(read, await this.storeIsolatingUnstorable(items, { matches, parents }));
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
    { matches: matchesByItem, parents }: FoundForBatch,
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
        }));
        for (const sink of this.sinks.newItems) await sink.onNewItems(manager, withParents, now);
      }
      const day = utcDay(now);
      const matches = newItems.flatMap((item) => matchesByItem.get(item) ?? []);
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
      return summary;
    });
  }

  /** Matched before the transaction, all in one call: the index may live on another thread. */
  private async matchesOf(items: RedditItem[]): Promise<Map<RedditItem, Match[]>> {
    const matched = await this.matcher.matchBatch(items.map(matchInputOf));
    const matches = new Map<RedditItem, Match[]>();
    items.forEach((item, i) => {
      if (matched[i].length > 0)
        matches.set(
          item,
          matched[i].map((m) => ({ item, ...m })),
        );
    });
    return matches;
  }

  private postAsParent(item: RedditItem): ParentPostFields {
    return item.type === 'post'
      ? {
          title: item.title,
          selftext: item.selftext,
          score: item.score,
          numComments: item.numComments,
          flair: item.flair,
          nsfw: item.nsfw,
          isSelf: item.isSelf,
        }
      : {
          title: item.linkTitle ?? '',
          selftext: '',
          score: 0,
          numComments: 0,
          flair: PLAIN_TEXT_POST.flair,
          nsfw: PLAIN_TEXT_POST.nsfw,
          isSelf: PLAIN_TEXT_POST.isSelf,
        };
  }

  private parentOf(item: RedditItem, parents: Map<string, ParentPostFields>): ParentPostFields {
    return (item.type === 'comment' && parents.get(item.postId)) || this.postAsParent(item);
  }

  /**
   * Parent posts: from this batch, then the posts cache (the poller writes the parents it looked
   * up on Reddit there before their comments arrive); the caller falls back to the comment itself.
   */
  private async parentsOf(items: RedditItem[]): Promise<Map<string, ParentPostFields>> {
    const parents = new Map<string, ParentPostFields>();
    for (const item of items)
      if (item.type === 'post') parents.set(item.id, this.postAsParent(item));
    const wanted = [
      ...new Set(
        items.filter((i): i is RedditComment => i.type === 'comment').map((c) => c.postId),
      ),
    ].filter((postId) => !parents.has(postId));
    if (wanted.length === 0) return parents;
    for (const [postId, fields] of await this.postCache.find(wanted)) parents.set(postId, fields);
    return parents;
  }
}

import type { Clock } from '../../../../common/time/clock.js';
import { NO_STAGE_CLOCK, type StageClock } from '../../../metrics/pipeline-stages.js';
import type { RedditItem } from '../../reddit-item.js';
import type { WalkRules } from '../id-walk.js';
import { DEFAULT_WALK_RULES, KindWalk } from '../id-walk.js';
import type { CoverageCounters, PollerState, PollerStateStore } from '../poller-state.js';
import { emptyCoverage } from '../poller-state.js';
import type { RedditApi } from '../reddit-api.js';
import { MAX_PAGE_SIZE } from '../reddit-api.js';
import { isRedditBackoffError, RedditRateLimitedError } from '../reddit-errors.js';
import type { ListingKind } from '../reddit-id.js';
import { itemKind, itemNumber } from '../reddit-id.js';
import { packInfoBatch, retryAskTimes, settleInfoBatch } from './info-batch.js';
import { ItemTimings } from './item-timings.js';
import type { KindWalks } from './kind-walks.js';
import { KINDS, observeItems } from './kind-walks.js';
import type { ParentPostStore } from './parent-resolver.js';
import { ParentResolver } from './parent-resolver.js';
import type { HandedItems, ItemPipeline } from './pipeline-hand-off.js';
import { PipelineHandOff } from './pipeline-hand-off.js';
import type { PollRequest, SchedulingOptions } from './request-scheduler.js';
import { RequestScheduler } from './request-scheduler.js';

export interface RedditPollerOptions extends SchedulingOptions {
  /** Requests one pollOnce call may send (its pacing comes from the credentials). */
  maxRequestsPerPoll: number;
  walk: WalkRules;
}

export const DEFAULT_POLLER_OPTIONS: RedditPollerOptions = {
  listingIntervalMs: 2_000,
  maxListingGapMs: 15_000,
  maxBatchWaitMs: 2_000,
  maxRequestsPerPoll: 20,
  walk: DEFAULT_WALK_RULES,
};

export interface PollSummary {
  posts: number;
  comments: number;
  listingRequests: number;
  infoRequests: number;
  requestsUsed: number;
  /** Epoch ms before which the poller makes no request (after a 429 or 5xx). */
  rateLimitedUntil?: number;
}

/** What the poller knows about one kind right now, for metrics and the overload warning. */
export interface WalkStatus {
  kind: ListingKind;
  idsPerSecond: number | null;
  idsBehind: number;
  lagSeconds: number;
}

export interface RedditPollerDeps {
  api: RedditApi;
  stateStore: PollerStateStore;
  pipeline: ItemPipeline;
  parents: ParentPostStore;
  clock: Clock;
  /** Where the stage clocks of created → asked → answered → handed → stored go. */
  stages?: StageClock;
  options?: Partial<RedditPollerOptions>;
}

/** Items of a first listing page made this long before its newest are late arrivals. */
const WALK_START_WINDOW_S = 5;

/**
 * Where the walk begins on the first listing page: its lowest id made within
 * WALK_START_WINDOW_S of the newest. A page's oldest items can be late ones (a listing shows some
 * items 5–25 s late, at their id position); beginning below them would leave the walk that far
 * behind the stream at the start, to catch up on spare requests only.
 */
function walkStartOf(items: readonly RedditItem[]): number {
  const newest = Math.max(...items.map((item) => item.createdUtc));
  return Math.min(
    ...items.filter((item) => item.createdUtc >= newest - WALK_START_WINDOW_S).map(itemNumber),
  );
}

/**
 * Covers Reddit's new posts and comments within the credentials' request allowance: walks each
 * kind's id space through /api/info (100 ids a request, parent posts riding along), and reads
 * the listings for the newest ids and as a cheap source of fresh items. One call of pollOnce
 * sends what the pacers allow right now; a scheduler calls it again, never two at once.
 */
export class RedditPoller {
  private readonly options: RedditPollerOptions;
  private readonly scheduler: RequestScheduler;
  private readonly parents: ParentResolver;
  private readonly handOff: PipelineHandOff;
  private readonly timings: ItemTimings;
  private walks: KindWalks | null = null;
  private coverageTotals: CoverageCounters = emptyCoverage();
  private backoffUntil: number | null = null;

  constructor(private readonly deps: RedditPollerDeps) {
    this.options = { ...DEFAULT_POLLER_OPTIONS, ...deps.options };
    this.scheduler = new RequestScheduler(this.options);
    this.parents = new ParentResolver(deps.parents);
    this.timings = new ItemTimings(deps.stages ?? NO_STAGE_CLOCK);
    this.handOff = new PipelineHandOff(deps.pipeline, deps.stateStore, deps.clock, this.timings);
  }

  /**
   * Epoch ms of the last progress: a Reddit answer whose items the pipeline took and after which
   * the walk's state was stored (on a quiet stream, an answer with nothing new counts). Null
   * before the first.
   */
  get lastProgressAt(): number | null {
    return this.handOff.lastProgressAt;
  }

  /** Running totals as last persisted or reached. */
  coverage(): CoverageCounters {
    return { ...this.coverageTotals };
  }

  status(now: number): WalkStatus[] {
    if (this.walks === null) return [];
    const walks = this.walks;
    return KINDS.map((kind) => ({
      kind,
      idsPerSecond: walks[kind].timeline.idsPerSecond(),
      idsBehind: walks[kind].idsBehind(),
      lagSeconds: walks[kind].lagSeconds(now),
    }));
  }

  get requestsPerMinute(): number {
    return this.deps.api.requestsPerMinute;
  }

  /** Drops what is in memory: the next poll starts from the stored state (after a lease change). */
  forget(): void {
    this.walks = null;
    this.parents.forget();
    this.scheduler.forget();
  }

  /** Earliest epoch ms at which another pollOnce may send something. */
  nextPollAt(now: number): number {
    if (this.backoffUntil !== null && this.backoffUntil > now) return this.backoffUntil;
    return this.deps.api.nextRequestAt(now);
  }

  /**
   * Sends what the pacers allow now. The items go to the pipeline through PipelineHandOff while the
   * next request is out; `drain` waits for them.
   */
  async pollOnce(): Promise<PollSummary> {
    const summary: PollSummary = {
      posts: 0,
      comments: 0,
      listingRequests: 0,
      infoRequests: 0,
      requestsUsed: 0,
    };
    this.throwHandOffFailure();
    const walks = this.walks ?? (await this.load());
    try {
      for (let sent = 0; sent < this.options.maxRequestsPerPoll; sent += 1) {
        if (this.handOff.full) await this.handOff.settled();
        this.throwHandOffFailure();
        const now = this.deps.clock.nowMs();
        if (this.backoffUntil !== null && now < this.backoffUntil) break;
        for (const kind of KINDS) walks[kind].jumpIfBehind(now);
        const availableRequests = this.deps.api.availableRequests(now);
        if (availableRequests < 1) break;
        const parentsWanted = this.parents.hasWanted;
        const request = this.scheduler.next({ walks, now, availableRequests, parentsWanted });
        if (request === null) break;
        await this.send(walks, request, summary, now);
      }
    } catch (error) {
      if (!isRedditBackoffError(error)) {
        this.forget();
        throw error;
      }
      const now = this.deps.clock.nowMs();
      this.backoffUntil = now + error.retryAfterMs;
      this.coverageTotals[
        error instanceof RedditRateLimitedError ? 'rateLimitedCount' : 'unavailableCount'
      ] += 1;
      this.handOffItems(walks, { posts: [], comments: [] }, false);
      summary.rateLimitedUntil = this.backoffUntil;
    }
    summary.requestsUsed = summary.listingRequests + summary.infoRequests;
    return summary;
  }

  /** Waits until every item handed out so far is in the pipeline and the state stored. */
  async drain(): Promise<void> {
    await this.handOff.settled();
    this.throwHandOffFailure();
  }

  /** A failed hand-off drops what is in memory: the next poll starts again from the stored state. */
  private throwHandOffFailure(): void {
    const failure = this.handOff.takeFailure();
    if (failure === null) return;
    this.forget();
    throw failure;
  }

  private async load(): Promise<KindWalks> {
    await this.handOff.settled();
    this.handOff.takeFailure();
    const state = await this.deps.stateStore.load();
    this.coverageTotals = state.coverage;
    this.walks = {
      posts: new KindWalk(state.walks.posts, this.options.walk),
      comments: new KindWalk(state.walks.comments, this.options.walk),
    };
    return this.walks;
  }

  private async send(
    walks: KindWalks,
    request: PollRequest,
    summary: PollSummary,
    now: number,
  ): Promise<void> {
    let items: HandedItems;
    if (request.endpoint === 'listing') {
      summary.listingRequests += 1;
      items = await this.readListing(walks, request.kind, now);
    } else {
      summary.infoRequests += 1;
      items = await this.lookUp(walks, request.lookAhead, now);
    }
    this.handOffItems(walks, items, true);
    summary.posts += items.posts.length;
    summary.comments += items.comments.length;
  }

  /**
   * Hands `items` to the pipeline with the state as it is now (which has moved past exactly
   * these items). `answered`: they follow a Reddit answer.
   */
  private handOffItems(walks: KindWalks, items: HandedItems, answered: boolean): void {
    for (const comment of items.comments) walks.comments.release(itemNumber(comment));
    this.parents.postsHandedOff(items.posts);
    this.coverageTotals.itemsSeen += items.posts.length + items.comments.length;
    for (const kind of KINDS) this.coverageTotals.idsDropped += walks[kind].takeDropped();
    const state: PollerState = {
      walks: { posts: walks.posts.snapshot(), comments: walks.comments.snapshot() },
      coverage: { ...this.coverageTotals },
    };
    this.handOff.enqueue(items, state, answered);
  }

  private async readListing(
    walks: KindWalks,
    kind: ListingKind,
    now: number,
  ): Promise<HandedItems> {
    this.scheduler.listingSent(kind, now);
    this.coverageTotals.listingRequests += 1;
    const page = await this.deps.api.listNew(kind, { limit: MAX_PAGE_SIZE });
    const answeredAt = this.deps.clock.nowMs();
    const items = page.items.filter((item) => itemKind(item) === kind);
    observeItems(walks, items);
    const walk = walks[kind];
    // Before the walk begins every item is new: the first page is handed over whole.
    const fresh = items.filter((item) => walk.isNew(itemNumber(item)));
    if (items.length > 0) walk.startAt(walkStartOf(items));
    for (const item of fresh) walk.markFound(itemNumber(item));
    this.coverageTotals.itemsFromListings += fresh.length;
    this.timings.answered(fresh, () => now, answeredAt);
    return this.admit(walks, fresh);
  }

  /** One /api/info request: wanted parents and the walks' ids (InfoBatch). */
  private async lookUp(walks: KindWalks, lookAhead: boolean, now: number): Promise<HandedItems> {
    const batch = packInfoBatch(walks, this.parents.wanted(), lookAhead, now);
    this.coverageTotals.infoRequests += 1;
    if (lookAhead) this.scheduler.lookAheadSent(now);
    const items = await this.deps.api.info(batch.fullnames);
    const answeredAt = this.deps.clock.nowMs();
    const firstAskedAt = retryAskTimes(walks, batch);
    this.coverageTotals.idsAsked += batch.walkIdsAsked;
    this.coverageTotals.idsAskedAhead += batch.aheadIdsAsked;
    this.coverageTotals.parentsAsked += batch.parents.length;

    observeItems(walks, items);
    const outcome = settleInfoBatch(walks, batch, items, now);
    for (const kind of KINDS) {
      const { asked, found } = outcome.visibility[kind];
      this.scheduler.idsAnswered(kind, asked, found);
    }
    this.coverageTotals.idsAbsentOnce += outcome.idsAbsentOnce;
    this.coverageTotals.idsGivenUp += outcome.idsGivenUp;
    this.coverageTotals.itemsFromInfo += outcome.fresh.length;
    this.timings.answered(outcome.fresh, (item) => firstAskedAt(item) ?? now, answeredAt);
    const parentsFound = await this.parents.settle(batch.parents, items);
    this.coverageTotals.parentsFound += parentsFound;
    return this.admit(walks, outcome.fresh, new Set(batch.parents));
  }

  /**
   * The new items ready for the pipeline: every post, and the comments whose parent post is
   * settled (ParentResolver); the walk keeps the others' ids until they are handed over.
   */
  private async admit(
    walks: KindWalks,
    items: readonly RedditItem[],
    resolved?: ReadonlySet<string>,
  ): Promise<HandedItems> {
    const posts = items.filter((item) => item.type === 'post');
    const comments = items.filter((item) => item.type === 'comment');
    for (const comment of comments) walks.comments.hold(itemNumber(comment));
    const postsAlongside = new Set(posts.map((post) => post.id));
    return { posts, comments: await this.parents.admit(comments, { postsAlongside, resolved }) };
  }
}

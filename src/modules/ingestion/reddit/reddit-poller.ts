import type { Clock } from '../../../common/time/clock.js';
import type { RedditComment, RedditItem, RedditPost } from '../reddit-item.js';
import type { WalkAsk, WalkRules } from './id-walk.js';
import { askSize, DEFAULT_WALK_RULES, KindWalk } from './id-walk.js';
import { latestCreationMs } from './id-timeline.js';
import type { CoverageCounters, PollerState, PollerStateStore } from './poller-state.js';
import { emptyCoverage } from './poller-state.js';
import type { RedditApi } from './reddit-api.js';
import { INFO_BATCH_SIZE, MAX_PAGE_SIZE } from './reddit-api.js';
import { isRedditBackoffError, RedditRateLimitedError } from './reddit-errors.js';
import type { ListingKind } from './reddit-id.js';
import { fullnameOf, idToNumber, itemKind, itemNumber, numberToId } from './reddit-id.js';

export type { CoverageCounters, PollerState, PollerStateStore } from './poller-state.js';

/** The ingestion pipeline. */
export interface ItemSink {
  process(items: RedditItem[]): Promise<void>;
}

/** Where parent posts live for the pipeline (the posts cache). */
export interface ParentPostStore {
  /** The ids among `postIds` whose post is stored. */
  known(postIds: readonly string[]): Promise<Set<string>>;
  /** Parent posts looked up on /api/info, stored before their comments reach the pipeline. */
  remember(posts: readonly RedditPost[]): Promise<void>;
}

export interface RedditPollerOptions {
  /** Longest time between two reads of a listing while requests are to spare (INGEST_POLL_MS). */
  listingIntervalMs: number;
  /** Longest time between two reads of a listing whatever the load: the walk needs its newest id. */
  maxListingGapMs: number;
  /** A partly filled /api/info request waits at most this long for more ids when requests are scarce. */
  maxBatchWaitMs: number;
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
  sink: ItemSink;
  parents: ParentPostStore;
  clock: Clock;
  options?: Partial<RedditPollerOptions>;
}

const KINDS: readonly ListingKind[] = ['posts', 'comments'];
/** Share of ids /api/info returns before the walk has measured it (Reddit hides about 15%). */
const DEFAULT_VISIBLE_SHARE = 0.85;
/** A listing page is worth reading once it should hold this many items not seen yet. */
const LISTING_WORTH_ITEMS = 90;
const MIN_LISTING_GAP_MS = 1_000;
/** Deliveries the poller may be ahead of the pipeline by. */
const MAX_DELIVERIES_IN_FLIGHT = 2;
const RECENT_POSTS_KEPT = 20_000;
/** Parents Reddit did not return, remembered so that their next comments cost no request. */
const MISSING_PARENTS_KEPT = 50_000;

/** `lookAhead`: an /api/info request that also asks the ids ahead of the walks (KindWalk.packAhead). */
type PollRequest =
  { endpoint: 'listing'; kind: ListingKind } | { endpoint: 'info'; lookAhead: boolean };

/**
 * Covers Reddit's new posts and comments within the credentials' request allowance: walks each
 * kind's id space through /api/info (100 ids a request, parent posts riding along), and reads
 * the listings for the newest ids and as a cheap source of fresh items. One call of pollOnce
 * sends what the pacers allow right now; a scheduler calls it again, never two at once.
 */
export class RedditPoller {
  private readonly options: RedditPollerOptions;
  private walks: Record<ListingKind, KindWalk> | null = null;
  private coverageTotals: CoverageCounters = emptyCoverage();
  private readonly lastListingAt: Record<ListingKind, number | null> = {
    posts: null,
    comments: null,
  };
  /** When the last look ahead (an /api/info request for the ids ahead of the walks) went out. */
  private lastAheadAt: number | null = null;
  private readonly visible: Record<ListingKind, { asked: number; found: number }> = {
    posts: { asked: 0, found: 0 },
    comments: { asked: 0, found: 0 },
  };
  /** Comments waiting for their parent post, by comment id. */
  private readonly held = new Map<string, RedditComment>();
  /** Items ready for the pipeline, delivered after each request. */
  private outbox: { posts: RedditPost[]; comments: RedditComment[] } = { posts: [], comments: [] };
  private readonly wantedParents = new Set<string>();
  /** Posts handed to the pipeline lately: their comments need no cache read (it may still be writing). */
  private readonly deliveredPosts = new Set<string>();
  private deliveries: Promise<void> = Promise.resolve();
  private deliveriesInFlight = 0;
  private deliveryFailure: unknown = null;
  /** Parent posts /api/info did not return (removed, private): their comments use the fallback. */
  private readonly missingParents = new Set<string>();
  private readySince: number | null = null;
  private backoffUntil: number | null = null;
  private progressAt: number | null = null;

  constructor(private readonly deps: RedditPollerDeps) {
    this.options = { ...DEFAULT_POLLER_OPTIONS, ...deps.options };
  }

  /**
   * Epoch ms of the last progress: a Reddit answer whose items the pipeline took and after which
   * the walk's state was stored (on a quiet stream, an answer with nothing new counts). Null
   * before the first.
   */
  get lastProgressAt(): number | null {
    return this.progressAt;
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

  /** What the credentials allow per minute together. */
  get requestsPerMinute(): number {
    return this.deps.api.requestsPerMinute;
  }

  /** Drops what is in memory: the next poll starts from the stored state (after a lease change). */
  forget(): void {
    this.walks = null;
    this.held.clear();
    this.outbox = { posts: [], comments: [] };
    this.wantedParents.clear();
    this.readySince = null;
    this.lastListingAt.posts = null;
    this.lastListingAt.comments = null;
    this.lastAheadAt = null;
  }

  /** Earliest epoch ms at which another pollOnce may send something. */
  nextPollAt(now: number): number {
    if (this.backoffUntil !== null && this.backoffUntil > now) return this.backoffUntil;
    return this.deps.api.nextRequestAt(now);
  }

  /**
   * Sends what the pacers allow now. Items go to the pipeline in order while the next request is
   * already out (at most MAX_DELIVERIES_IN_FLIGHT behind); the stored state only ever moves past
   * items the pipeline took. `drain` waits for them.
   */
  async pollOnce(): Promise<PollSummary> {
    const summary: PollSummary = {
      posts: 0,
      comments: 0,
      listingRequests: 0,
      infoRequests: 0,
      requestsUsed: 0,
    };
    this.throwDeliveryFailure();
    const walks = this.walks ?? (await this.load());
    try {
      for (let sent = 0; sent < this.options.maxRequestsPerPoll; sent += 1) {
        if (this.deliveriesInFlight >= MAX_DELIVERIES_IN_FLIGHT) await this.deliveries;
        this.throwDeliveryFailure();
        const now = this.deps.clock.nowMs();
        if (this.backoffUntil !== null && now < this.backoffUntil) break;
        for (const kind of KINDS) walks[kind].jumpIfBehind(now);
        if (this.deps.api.availableRequests(now) < 1) break;
        const request = this.choose(walks, now);
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
      this.enqueueDelivery(walks, false);
      summary.rateLimitedUntil = this.backoffUntil;
    }
    summary.requestsUsed = summary.listingRequests + summary.infoRequests;
    return summary;
  }

  /** Waits until every item handed out so far is in the pipeline and the state stored. */
  async drain(): Promise<void> {
    await this.deliveries;
    this.throwDeliveryFailure();
  }

  /** A failed delivery drops what is in memory: the next poll starts again from the stored state. */
  private throwDeliveryFailure(): void {
    const failure = this.deliveryFailure;
    if (failure === null) return;
    this.deliveryFailure = null;
    this.forget();
    throw failure;
  }

  private async load(): Promise<Record<ListingKind, KindWalk>> {
    await this.deliveries;
    this.deliveryFailure = null;
    const state = await this.deps.stateStore.load();
    this.coverageTotals = state.coverage;
    this.walks = {
      posts: new KindWalk(state.walks.posts, this.options.walk),
      comments: new KindWalk(state.walks.comments, this.options.walk),
    };
    return this.walks;
  }

  /**
   * Hands the outbox to the pipeline after the deliveries before it, then stores the state as it
   * is now (which has moved past exactly these items). `answered`: it follows a Reddit answer,
   * so once stored it is progress.
   */
  private enqueueDelivery(
    walks: Record<ListingKind, KindWalk>,
    answered: boolean,
  ): {
    posts: number;
    comments: number;
  } {
    const { posts, comments } = this.outbox;
    this.outbox = { posts: [], comments: [] };
    for (const comment of comments) walks.comments.release(itemNumber(comment));
    for (const post of posts) this.rememberDeliveredPost(post.id);
    this.coverageTotals.itemsSeen += posts.length + comments.length;
    for (const kind of KINDS) this.coverageTotals.idsDropped += walks[kind].takeDropped();
    const state: PollerState = {
      walks: { posts: walks.posts.snapshot(), comments: walks.comments.snapshot() },
      coverage: { ...this.coverageTotals },
    };
    const byId = (a: RedditItem, b: RedditItem) => itemNumber(a) - itemNumber(b);
    const items = [...posts.sort(byId), ...comments.sort(byId)];
    this.deliveriesInFlight += 1;
    this.deliveries = this.deliveries.then(async () => {
      try {
        if (this.deliveryFailure !== null) return;
        if (items.length > 0) await this.deps.sink.process(items);
        await this.deps.stateStore.save(state);
        if (answered) this.progressAt = this.deps.clock.nowMs();
      } catch (error) {
        this.deliveryFailure = error;
      } finally {
        this.deliveriesInFlight -= 1;
      }
    });
    return { posts: posts.length, comments: comments.length };
  }

  private rememberDeliveredPost(postId: string): void {
    this.deliveredPosts.add(postId);
    if (this.deliveredPosts.size <= RECENT_POSTS_KEPT) return;
    const oldest = this.deliveredPosts.values().next();
    if (oldest.done !== true) this.deliveredPosts.delete(oldest.value);
  }

  /**
   * The next request worth its cost: parents that hold comments back and full /api/info batches
   * first, then listings that should bring a page of new items; partly filled batches and fresh
   * looks (listings, ids ahead of the walks) only while requests are to spare (or a batch waited
   * long enough); backfill last. Nothing but volume makes a request due: a quiet kind's listing
   * never takes the requests the other kind's freshness needs.
   */
  private choose(walks: Record<ListingKind, KindWalk>, now: number): PollRequest | null {
    const ready = this.readyIds(walks, now);
    if (ready === 0) this.readySince = null;
    else this.readySince ??= now;
    if (this.wantedParents.size > 0 || ready >= INFO_BATCH_SIZE) {
      return { endpoint: 'info', lookAhead: false };
    }
    const dueListing = this.mostOverdueListing(walks, now);
    if (dueListing !== null) return { endpoint: 'listing', kind: dueListing };
    const spare = this.deps.api.availableRequests(now) >= 2;
    const waited = this.readySince !== null && now - this.readySince >= this.options.maxBatchWaitMs;
    if (ready > 0 && (spare || waited)) return { endpoint: 'info', lookAhead: false };
    const freshLook = spare ? this.stalestFreshLook(walks, now) : null;
    if (freshLook !== null) return freshLook;
    if (KINDS.some((kind) => walks[kind].hasBackfill())) {
      return { endpoint: 'info', lookAhead: false };
    }
    return null;
  }

  private readyIds(walks: Record<ListingKind, KindWalk>, now: number): number {
    let ready = 0;
    for (const kind of KINDS) {
      ready += walks[kind].liveReady(now, INFO_BATCH_SIZE - ready);
      ready += walks[kind].retriesDue(now, INFO_BATCH_SIZE - ready);
    }
    return ready;
  }

  /**
   * A listing is due when it was never read, when a page should be full of new items, or after
   * maxListingGapMs (a kind with no known rate, or none shown yet).
   */
  private mostOverdueListing(
    walks: Record<ListingKind, KindWalk>,
    now: number,
  ): ListingKind | null {
    let best: { kind: ListingKind; overdue: number } | null = null;
    for (const kind of KINDS) {
      const last = this.lastListingAt[kind];
      if (last === null) return kind;
      const overdue = now - last - this.worthListingAfterMs(walks, kind);
      if (overdue >= 0 && (best === null || overdue > best.overdue)) best = { kind, overdue };
    }
    return best?.kind ?? null;
  }

  /**
   * With requests to spare, every listingIntervalMs: each kind's listing, and an /api/info
   * request for the ids ahead of the walks. The one waited for longest goes first, so at any
   * INGEST_POLL_MS they share the spare requests evenly.
   */
  private stalestFreshLook(walks: Record<ListingKind, KindWalk>, now: number): PollRequest | null {
    const looks: { request: PollRequest; last: number | null }[] = KINDS.map((kind) => ({
      request: { endpoint: 'listing', kind },
      last: this.lastListingAt[kind],
    }));
    if (KINDS.some((kind) => walks[kind].started)) {
      looks.push({ request: { endpoint: 'info', lookAhead: true }, last: this.lastAheadAt });
    }
    let best: { request: PollRequest; last: number } | null = null;
    for (const { request, last } of looks) {
      if (last === null) return request;
      if (now - last < this.options.listingIntervalMs) continue;
      if (best === null || last < best.last) best = { request, last };
    }
    return best?.request ?? null;
  }

  private worthListingAfterMs(walks: Record<ListingKind, KindWalk>, kind: ListingKind): number {
    const rate = walks[kind].timeline.idsPerSecond();
    const { asked, found } = this.visible[kind];
    const share = asked >= 1_000 ? found / asked : DEFAULT_VISIBLE_SHARE;
    if (rate === null || rate * share <= 0) return this.options.maxListingGapMs;
    const fillMs = (LISTING_WORTH_ITEMS * 1_000) / (rate * share);
    return Math.min(this.options.maxListingGapMs, Math.max(MIN_LISTING_GAP_MS, fillMs));
  }

  private async send(
    walks: Record<ListingKind, KindWalk>,
    request: PollRequest,
    summary: PollSummary,
    now: number,
  ): Promise<void> {
    if (request.endpoint === 'listing') {
      summary.listingRequests += 1;
      await this.readListing(walks, request.kind, now);
    } else {
      summary.infoRequests += 1;
      await this.lookUp(walks, request.lookAhead, now);
    }
    const delivered = this.enqueueDelivery(walks, true);
    summary.posts += delivered.posts;
    summary.comments += delivered.comments;
  }

  private async readListing(
    walks: Record<ListingKind, KindWalk>,
    kind: ListingKind,
    now: number,
  ): Promise<void> {
    this.lastListingAt[kind] = now;
    this.coverageTotals.listingRequests += 1;
    const page = await this.deps.api.listNew(kind, { limit: MAX_PAGE_SIZE });
    const items = page.items.filter((item) => itemKind(item) === kind);
    this.observe(walks, items);
    const walk = walks[kind];
    if (items.length > 0) walk.startAt(Math.min(...items.map(itemNumber)));
    const fresh = items.filter((item) => walk.isNew(itemNumber(item)));
    for (const item of fresh) walk.markFound(itemNumber(item));
    this.coverageTotals.itemsFromListings += fresh.length;
    await this.accept(walks, fresh);
  }

  /**
   * One /api/info request: wanted parents first, then each walk's live ids and due retries, then
   * (when it is a look ahead) the ids ahead of the walks, then backfill in the room left.
   */
  private async lookUp(
    walks: Record<ListingKind, KindWalk>,
    lookAhead: boolean,
    now: number,
  ): Promise<void> {
    const parents = [...this.wantedParents].slice(0, INFO_BATCH_SIZE);
    let room = INFO_BATCH_SIZE - parents.length;
    const asks = {} as Record<ListingKind, WalkAsk>;
    for (const kind of KINDS) {
      asks[kind] = walks[kind].pack(now, room, { live: true, retry: false, backfill: false });
      room -= askSize(asks[kind]);
    }
    for (const kind of KINDS) {
      const only = { live: false, retry: true, backfill: false };
      asks[kind].retry = walks[kind].pack(now, room, only).retry;
      room -= asks[kind].retry.length;
    }
    const ahead = lookAhead ? this.packAhead(walks, now, room) : { posts: [], comments: [] };
    room -= ahead.posts.length + ahead.comments.length;
    for (const kind of KINDS) {
      const only = { live: false, retry: false, backfill: true };
      asks[kind].backfill = walks[kind].pack(now, room, only).backfill;
      room -= asks[kind].backfill.length;
    }
    const fullnamesOf = (ids: Record<ListingKind, number[]>) =>
      KINDS.flatMap((kind) => ids[kind].map((id) => fullnameOf(kind, numberToId(id))));
    const walkFullnames = fullnamesOf({
      posts: [...asks.posts.live, ...asks.posts.retry, ...asks.posts.backfill],
      comments: [...asks.comments.live, ...asks.comments.retry, ...asks.comments.backfill],
    });
    const aheadFullnames = fullnamesOf(ahead);
    const parentFullnames = parents.map((id) => fullnameOf('posts', id));
    const fullnames = [...new Set([...parentFullnames, ...walkFullnames, ...aheadFullnames])];
    this.coverageTotals.infoRequests += 1;
    if (lookAhead) this.lastAheadAt = now;
    const items = await this.deps.api.info(fullnames);
    this.coverageTotals.idsAsked += walkFullnames.length;
    this.coverageTotals.idsAskedAhead += aheadFullnames.length;
    this.coverageTotals.parentsAsked += parents.length;

    this.observe(walks, items);
    const fresh: RedditItem[] = [];
    for (const kind of KINDS) {
      const asked = new Set([
        ...asks[kind].live,
        ...asks[kind].retry,
        ...asks[kind].backfill,
        ...ahead[kind],
      ]);
      const ofKind = items.filter((item) => itemKind(item) === kind);
      const found = new Set(ofKind.map(itemNumber).filter((id) => asked.has(id)));
      const outcome = walks[kind].settle(asks[kind], found, now);
      // Each id counts once: found ahead (the walk then skips it), or at its live ask.
      const foundAhead = ahead[kind].filter((id) => found.has(id)).length;
      this.visible[kind].asked += asks[kind].live.length + foundAhead;
      this.visible[kind].found += asks[kind].live.filter((id) => found.has(id)).length + foundAhead;
      this.coverageTotals.idsAbsentOnce += outcome.absentOnce;
      this.coverageTotals.idsGivenUp += outcome.givenUp;
      for (const item of ofKind) {
        const id = itemNumber(item);
        if (asked.has(id) || (walks[kind].started && walks[kind].isNew(id))) {
          walks[kind].markFound(id);
          fresh.push(item);
        }
      }
    }
    this.coverageTotals.itemsFromInfo += fresh.length;
    const wanted = new Set(parents);
    const parentPosts = items.filter(
      (item): item is RedditPost => item.type === 'post' && wanted.has(item.id),
    );
    this.coverageTotals.parentsFound += parentPosts.length;
    if (parentPosts.length > 0) await this.deps.parents.remember(parentPosts);
    const returned = new Set(parentPosts.map((post) => post.id));
    for (const id of parents) {
      this.wantedParents.delete(id);
      if (!returned.has(id)) this.rememberMissingParent(id);
    }
    await this.accept(walks, fresh, new Set(parents));
  }

  /**
   * Up to `room` ids ahead of the walks that have begun, shared by each kind's id rate (at least
   * a tenth of it each; evenly while no rate is known), where new ids are likeliest.
   */
  private packAhead(
    walks: Record<ListingKind, KindWalk>,
    now: number,
    room: number,
  ): Record<ListingKind, number[]> {
    const ahead: Record<ListingKind, number[]> = { posts: [], comments: [] };
    const begun = KINDS.filter((kind) => walks[kind].started);
    const rates = begun.map((kind) => walks[kind].timeline.idsPerSecond() ?? 0);
    const total = rates.reduce((sum, rate) => sum + rate, 0);
    const weights = rates.map((rate) => (total > 0 ? Math.max(rate, total / 10) : 1));
    let weightLeft = weights.reduce((sum, weight) => sum + weight, 0);
    let left = room;
    for (const [index, kind] of begun.entries()) {
      const share = Math.round((left * weights[index]) / weightLeft);
      ahead[kind] = walks[kind].packAhead(now, share);
      left -= ahead[kind].length;
      weightLeft -= weights[index];
    }
    return ahead;
  }

  /** Bounds the age of unseen ids: by each item, and a post by each comment made on it. */
  private observe(walks: Record<ListingKind, KindWalk>, items: readonly RedditItem[]): void {
    for (const kind of KINDS) {
      walks[kind].timeline.observeAll(
        items
          .filter((item) => itemKind(item) === kind)
          .map((item) => ({ id: itemNumber(item), createdMs: latestCreationMs(item.createdUtc) })),
      );
    }
    walks.posts.timeline.observeAll(
      items
        .filter((item): item is RedditComment => item.type === 'comment')
        .map((comment) => ({
          id: idToNumber(comment.postId),
          createdMs: latestCreationMs(comment.createdUtc),
        })),
    );
  }

  /**
   * Queues new items for the pipeline. Comments whose parent post is neither queued nor in the
   * posts cache wait for it (it rides in the next /api/info request); `resolved` are parents
   * just looked up, found or not, so their comments go now.
   */
  private async accept(
    walks: Record<ListingKind, KindWalk>,
    items: readonly RedditItem[],
    resolved: ReadonlySet<string> = new Set(),
  ): Promise<void> {
    for (const item of items) {
      if (item.type === 'post') {
        this.outbox.posts.push(item);
      } else {
        this.held.set(item.id, item);
        walks.comments.hold(itemNumber(item));
      }
    }
    const queuedPosts = new Set(this.outbox.posts.map((post) => post.id));
    const settled = (postId: string) =>
      queuedPosts.has(postId) ||
      resolved.has(postId) ||
      this.missingParents.has(postId) ||
      this.deliveredPosts.has(postId);
    const comments = [...this.held.values()];
    const unknown = [
      ...new Set(comments.map((comment) => comment.postId).filter((id) => !settled(id))),
    ];
    const cached =
      unknown.length === 0 ? new Set<string>() : await this.deps.parents.known(unknown);
    for (const comment of comments) {
      if (settled(comment.postId) || cached.has(comment.postId)) {
        this.outbox.comments.push(comment);
        this.held.delete(comment.id);
      } else {
        this.wantedParents.add(comment.postId);
      }
    }
  }

  private rememberMissingParent(postId: string): void {
    this.missingParents.add(postId);
    if (this.missingParents.size <= MISSING_PARENTS_KEPT) return;
    const oldest = this.missingParents.values().next();
    if (oldest.done !== true) this.missingParents.delete(oldest.value);
  }
}

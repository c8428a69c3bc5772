import { INFO_BATCH_SIZE } from '../reddit-api.js';
import type { ListingKind } from '../reddit-id.js';
import type { KindWalks } from './kind-walks.js';
import { KINDS } from './kind-walks.js';

/** `lookAhead`: an /api/info request that also asks the ids ahead of the walks (KindWalk.packAhead). */
export type PollRequest =
  { endpoint: 'listing'; kind: ListingKind } | { endpoint: 'info'; lookAhead: boolean };

export interface SchedulingOptions {
  /** Longest time between two reads of a listing while requests are to spare (INGEST_POLL_MS). */
  listingIntervalMs: number;
  /** Longest time between two reads of a listing whatever the load: the walk needs its newest id. */
  maxListingGapMs: number;
  /** A partly filled /api/info request waits at most this long for more ids when requests are scarce. */
  maxBatchWaitMs: number;
}

export interface SchedulingInput {
  walks: KindWalks;
  now: number;
  availableRequests: number;
  /** Comments are held until their parent posts are looked up. */
  parentsWanted: boolean;
}

/** Share of ids /api/info returns before the walk has measured it (Reddit hides about 15%). */
const DEFAULT_VISIBLE_SHARE = 0.85;
/** The measured share replaces the default once this many ids were asked. */
const VISIBLE_SHARE_SAMPLE = 1_000;
/** A listing page is worth reading once it should hold this many items not seen yet. */
const LISTING_WORTH_ITEMS = 90;
const MIN_LISTING_GAP_MS = 1_000;

/**
 * Chooses the poller's next request and remembers what it needs for that: when each listing and
 * the last look ahead went out, since when ids have waited for a batch, and the share of asked
 * ids Reddit shows.
 */
export class RequestScheduler {
  private readonly lastListingAt: Record<ListingKind, number | null> = {
    posts: null,
    comments: null,
  };
  private lastAheadAt: number | null = null;
  private readySince: number | null = null;
  private readonly visible: Record<ListingKind, { asked: number; found: number }> = {
    posts: { asked: 0, found: 0 },
    comments: { asked: 0, found: 0 },
  };

  constructor(private readonly options: SchedulingOptions) {}

  /**
   * The next request worth its cost: parents that hold comments back and full /api/info batches
   * first, then listings that should bring a page of new items; partly filled batches and fresh
   * looks (listings, ids ahead of the walks) only while requests are to spare (or a batch waited
   * long enough); backfill last. Nothing but volume makes a request due: a quiet kind's listing
   * never takes the requests the other kind's freshness needs.
   */
  next({ walks, now, availableRequests, parentsWanted }: SchedulingInput): PollRequest | null {
    const ready = readyIds(walks, now);
    if (ready === 0) this.readySince = null;
    else this.readySince ??= now;
    if (parentsWanted || ready >= INFO_BATCH_SIZE) return { endpoint: 'info', lookAhead: false };
    const dueListing = this.mostOverdueListing(walks, now);
    if (dueListing !== null) return { endpoint: 'listing', kind: dueListing };
    const spare = availableRequests >= 2;
    const waited = this.readySince !== null && now - this.readySince >= this.options.maxBatchWaitMs;
    if (ready > 0 && (spare || waited)) return { endpoint: 'info', lookAhead: false };
    const freshLook = spare ? this.stalestFreshLook(walks, now) : null;
    if (freshLook !== null) return freshLook;
    if (KINDS.some((kind) => walks[kind].hasBackfill())) {
      return { endpoint: 'info', lookAhead: false };
    }
    return null;
  }

  listingSent(kind: ListingKind, now: number): void {
    this.lastListingAt[kind] = now;
  }

  lookAheadSent(now: number): void {
    this.lastAheadAt = now;
  }

  /** Of `asked` ids of a kind that Reddit had surely created, it returned `found`. */
  idsAnswered(kind: ListingKind, asked: number, found: number): void {
    this.visible[kind].asked += asked;
    this.visible[kind].found += found;
  }

  /** Starts the timing afresh (the walks were reloaded); the visible shares stay. */
  forget(): void {
    this.readySince = null;
    this.lastListingAt.posts = null;
    this.lastListingAt.comments = null;
    this.lastAheadAt = null;
  }

  /**
   * A listing is due when it was never read, when a page should be full of new items, every
   * second while a begun walk has no rate yet (the few seconds after a start), or after
   * maxListingGapMs (a kind none shown yet).
   */
  private mostOverdueListing(walks: KindWalks, now: number): ListingKind | null {
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
  private stalestFreshLook(walks: KindWalks, now: number): PollRequest | null {
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

  private worthListingAfterMs(walks: KindWalks, kind: ListingKind): number {
    const rate = walks[kind].timeline.idsPerSecond();
    const { asked, found } = this.visible[kind];
    const share = asked >= VISIBLE_SHARE_SAMPLE ? found / asked : DEFAULT_VISIBLE_SHARE;
    // Begun, without a rate yet: only listings move the walk's newest id until one is known.
    if (rate === null && walks[kind].started) return MIN_LISTING_GAP_MS;
    if (rate === null || rate * share <= 0) return this.options.maxListingGapMs;
    const fillMs = (LISTING_WORTH_ITEMS * 1_000) / (rate * share);
    return Math.min(this.options.maxListingGapMs, Math.max(MIN_LISTING_GAP_MS, fillMs));
  }
}

/** Live ids and due retries ready to ask now, counted up to one batch. */
function readyIds(walks: KindWalks, now: number): number {
  let ready = 0;
  for (const kind of KINDS) {
    ready += walks[kind].liveReady(now, INFO_BATCH_SIZE - ready);
    ready += walks[kind].retriesDue(now, INFO_BATCH_SIZE - ready);
  }
  return ready;
}

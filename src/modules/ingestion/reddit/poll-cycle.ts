import type { RedditItem } from '../reddit-item.js';
import { HoleFiller } from './hole-filler.js';
import type { ListingPlan } from './listing-plan.js';
import { planListing } from './listing-plan.js';
import type { CoverageCounters, PollerState } from './poller-state.js';
import type { RedditBackoffError } from './reddit-errors.js';
import { RedditRateLimitedError, isRedditBackoffError } from './reddit-errors.js';
import type { ListingKind } from './reddit-id.js';
import { itemNumber } from './reddit-id.js';
import type { PollSummary, RedditPollerDeps, RedditPollerOptions } from './reddit-poller.js';
import { RequestBudget } from './request-budget.js';

/** Posts first: they reach the sink before the comments' parent posts are looked up. */
const LISTING_KINDS: readonly ListingKind[] = ['posts', 'comments'];

interface ListingWork {
  kind: ListingKind;
  pagesFetched: number;
  plan: ListingPlan;
  holes: HoleFiller;
}

/**
 * One poll cycle: read each listing back to its mark, fill holes, look parents up, then hand each
 * listing's items to the sink and only then persist its new mark. A 429 / 5xx stops further
 * requests; whatever was fully read is still delivered, the rest keeps its old mark.
 */
export class PollCycle {
  static readonly minimumRequests = LISTING_KINDS.length;

  private readonly budget: RequestBudget;
  private readonly works: ListingWork[] = [];
  private backoff: { error: RedditBackoffError; until: number } | null = null;
  private backoffRecorded = false;
  private requestsRecorded = 0;

  constructor(
    private readonly deps: RedditPollerDeps,
    private readonly options: RedditPollerOptions,
    private state: PollerState,
  ) {
    this.budget = new RequestBudget(options.maxRequestsPerCycle);
  }

  static emptySummary(): PollSummary {
    return {
      posts: 0,
      comments: 0,
      pagesFetched: 0,
      holesFound: 0,
      holesFilled: 0,
      requestsUsed: 0,
    };
  }

  coverage(): CoverageCounters {
    return { ...this.state.coverage };
  }

  async run(): Promise<PollSummary> {
    await this.unlessBackingOff(async () => {
      for (const [index, kind] of LISTING_KINDS.entries()) {
        this.works.push(await this.readListing(kind, LISTING_KINDS.length - index - 1));
      }
      await this.fillHoles();
    });
    const summary = PollCycle.emptySummary();
    for (const work of this.works) {
      if (work.kind === 'comments') await this.unlessBackingOff(() => this.prefetchParents(work));
      summary[work.kind] = await this.deliver(work);
      summary.pagesFetched += work.pagesFetched;
      summary.holesFound += work.plan.holesFound;
      summary.holesFilled += work.plan.holesFilled + work.holes.found.length;
    }
    if (
      this.budget.used > this.requestsRecorded ||
      (this.backoff !== null && !this.backoffRecorded)
    ) {
      await this.save();
    }
    summary.requestsUsed = this.budget.used;
    return this.backoff === null ? summary : { ...summary, rateLimitedUntil: this.backoff.until };
  }

  /** Newest page, then older pages until one reaches the mark (bounded by pages and budget). */
  private async readListing(kind: ListingKind, listingsAfter: number): Promise<ListingWork> {
    const listing = this.state.listings[kind];
    const markNumber = listing.mark?.numericId ?? null;
    const fetched: RedditItem[] = [];
    let pagesFetched = 0;
    let after: string | undefined;
    while (pagesFetched < this.options.maxPagesPerListing && this.budget.tryTake(listingsAfter)) {
      const page = await this.deps.api.listNew(kind, { limit: this.options.pageSize, after });
      pagesFetched += 1;
      fetched.push(...page.items);
      const reachedMark =
        markNumber === null || page.items.some((item) => itemNumber(item) <= markNumber);
      if (reachedMark || page.after === null) break;
      after = page.after;
    }
    const plan = planListing(kind, listing, fetched, this.options.maxPendingHoles);
    return {
      kind,
      pagesFetched,
      plan,
      holes: new HoleFiller(this.deps.api, kind, plan.next.pendingHoles),
    };
  }

  /** One /api/info batch per listing in turn, while the budget (minus the parent reserve) lasts. */
  private async fillHoles(): Promise<void> {
    const keep = this.deps.parentPosts === undefined ? 0 : this.options.parentLookupReserve;
    let progressed = true;
    while (progressed) {
      progressed = false;
      for (const { holes } of this.works) {
        if (!holes.hasPending() || !this.budget.tryTake(keep)) continue;
        await holes.fillNextBatch();
        progressed = true;
      }
    }
  }

  private async prefetchParents(work: ListingWork): Promise<void> {
    const comments = this.itemsOf(work).filter((item) => item.type === 'comment');
    if (this.deps.parentPosts === undefined || comments.length === 0) return;
    await this.deps.parentPosts.prefetch(comments, this.budget);
  }

  private async deliver(work: ListingWork): Promise<number> {
    const items = this.itemsOf(work);
    if (items.length > 0) await this.deps.sink.process(items);
    const { coverage } = this.state;
    this.state = {
      listings: {
        ...this.state.listings,
        [work.kind]: { mark: work.plan.next.mark, pendingHoles: work.holes.pendingHoles },
      },
      coverage: {
        ...coverage,
        itemsSeen: coverage.itemsSeen + items.length,
        pagesFetched: coverage.pagesFetched + work.pagesFetched,
        holesFound: coverage.holesFound + work.plan.holesFound,
        holesFilled: coverage.holesFilled + work.plan.holesFilled + work.holes.found.length,
        holesUnfilled: coverage.holesUnfilled + work.holes.unfilled,
        holesDropped: coverage.holesDropped + work.plan.holesDropped,
      },
    };
    await this.save();
    return items.length;
  }

  private itemsOf(work: ListingWork): RedditItem[] {
    return [...work.plan.items, ...work.holes.found].sort((a, b) => itemNumber(a) - itemNumber(b));
  }

  /** Persists the state with the requests and back-off spent since the previous save. */
  private async save(): Promise<void> {
    const { coverage } = this.state;
    const newBackoff = this.backoff !== null && !this.backoffRecorded ? this.backoff.error : null;
    const rateLimited = newBackoff instanceof RedditRateLimitedError ? 1 : 0;
    const unavailable = newBackoff !== null && rateLimited === 0 ? 1 : 0;
    this.state = {
      ...this.state,
      coverage: {
        ...coverage,
        requestsUsed: coverage.requestsUsed + this.budget.used - this.requestsRecorded,
        rateLimitedCount: coverage.rateLimitedCount + rateLimited,
        unavailableCount: coverage.unavailableCount + unavailable,
      },
    };
    this.requestsRecorded = this.budget.used;
    this.backoffRecorded = this.backoff !== null;
    await this.deps.stateStore.save(this.state);
  }

  private async unlessBackingOff(task: () => Promise<void>): Promise<void> {
    if (this.backoff !== null) return;
    try {
      await task();
    } catch (error) {
      if (!isRedditBackoffError(error)) throw error;
      this.backoff = { error, until: this.deps.clock.now() + error.retryAfterMs };
    }
  }
}

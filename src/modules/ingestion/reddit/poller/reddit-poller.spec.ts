import { FixedClock } from '../../../../common/time/clock.js';
import type { RedditItem } from '../../reddit-item.js';
import type { PollerState, PollerStateStore } from '../poller-state.js';
import { emptyPollerState } from '../poller-state.js';
import type { RedditApi, RedditListingPage } from '../reddit-api.js';
import { RedditRateLimitedError } from '../reddit-errors.js';
import type { ListingKind } from '../reddit-id.js';
import { RedditPoller } from './reddit-poller.js';
import {
  InMemoryParentPosts,
  redditComment as comment,
  redditPost as post,
} from './testing/poller-fakes.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

/** Reddit at the HTTP edge: fixed listing pages, /api/info from a table, a request budget. */
class ScriptedReddit implements RedditApi {
  readonly requests: string[] = [];
  readonly listings: Record<ListingKind, RedditItem[]> = { posts: [], comments: [] };
  readonly byFullname = new Map<string, RedditItem>();
  readonly requestsPerMinute = 100;
  budget = 0;
  failNext: Error | null = null;

  listNew(kind: ListingKind): Promise<RedditListingPage> {
    this.take(`listing ${kind}`);
    return Promise.resolve({ items: this.listings[kind], after: null, before: null });
  }

  info(fullnames: readonly string[]): Promise<RedditItem[]> {
    this.take(`info ${fullnames.join(',')}`);
    return Promise.resolve(fullnames.flatMap((fullname) => this.byFullname.get(fullname) ?? []));
  }

  availableRequests(): number {
    return this.budget;
  }

  nextRequestAt(now: number): number {
    return now;
  }

  private take(request: string): void {
    this.requests.push(request);
    this.budget -= 1;
    const failure = this.failNext;
    this.failNext = null;
    if (failure !== null) throw failure;
  }
}

class MemoryStateStore implements PollerStateStore {
  saved: PollerState | null = null;
  loads = 0;

  load(): Promise<PollerState> {
    this.loads += 1;
    return Promise.resolve(this.saved ?? emptyPollerState());
  }

  save(state: PollerState): Promise<void> {
    this.saved = state;
    return Promise.resolve();
  }
}

describe('RedditPoller', () => {
  let clock: FixedClock;
  let reddit: ScriptedReddit;
  let stateStore: MemoryStateStore;
  let parents: InMemoryParentPosts;
  let handed: string[][];
  let pipelineFailure: Error | null;
  let poller: RedditPoller;

  beforeEach(() => {
    clock = new FixedClock(new Date(T0));
    reddit = new ScriptedReddit();
    stateStore = new MemoryStateStore();
    parents = new InMemoryParentPosts();
    handed = [];
    pipelineFailure = null;
    const pipeline = {
      process: (items: RedditItem[]) => {
        const failure = pipelineFailure;
        pipelineFailure = null;
        if (failure !== null) return Promise.reject(failure);
        handed.push(items.map((item) => item.id));
        return Promise.resolve();
      },
    };
    poller = new RedditPoller({ api: reddit, stateStore, pipeline, parents, clock });
  });

  it('holds a comment on an unknown post until the post rides in the next /api/info request', async () => {
    reddit.listings.comments = [comment('c1', 'p1')];
    reddit.byFullname.set('t3_p1', post('p1'));
    reddit.budget = 2;

    const first = await poller.pollOnce();
    await poller.drain();
    expect(first).toMatchObject({ listingRequests: 2, comments: 0 });
    expect(handed).toEqual([]);

    clock.advance(1_000);
    reddit.budget = 1;
    const second = await poller.pollOnce();
    await poller.drain();

    expect(reddit.requests).toEqual(['listing posts', 'listing comments', 'info t3_p1']);
    expect(second).toMatchObject({ infoRequests: 1, comments: 1 });
    expect([...parents.stored.keys()]).toEqual(['p1']);
    expect(handed).toEqual([['c1']]);
    expect(poller.coverage()).toMatchObject({ parentsAsked: 1, parentsFound: 1, itemsSeen: 1 });
  });

  it('after a 429, counts it, stores the state and sends nothing until Reddit’s wait is over', async () => {
    reddit.budget = 5;
    reddit.failNext = new RedditRateLimitedError('slow down', 30_000);

    const summary = await poller.pollOnce();
    await poller.drain();

    expect(summary.rateLimitedUntil).toBe(T0 + 30_000);
    expect(poller.nextPollAt(T0)).toBe(T0 + 30_000);
    expect(stateStore.saved?.coverage.rateLimitedCount).toBe(1);
    expect(poller.lastProgressAt).toBeNull();

    clock.advance(29_999);
    expect(await poller.pollOnce()).toMatchObject({ requestsUsed: 0 });
    clock.advance(1);
    expect(await poller.pollOnce()).toMatchObject({ requestsUsed: 2 });
    // The refused listing counts as read: the other kind's goes first.
    expect(reddit.requests).toEqual(['listing posts', 'listing comments', 'listing posts']);
  });

  it('when the pipeline fails, reports it and starts again from the stored state, losing no item', async () => {
    reddit.listings.posts = [post('p1')];
    reddit.budget = 1;
    pipelineFailure = new Error('pipeline down');

    await poller.pollOnce();
    await expect(poller.drain()).rejects.toThrow('pipeline down');

    reddit.budget = 1;
    await poller.pollOnce();
    await poller.drain();

    expect(stateStore.loads).toBe(2);
    expect(handed).toEqual([['p1']]);
    expect(poller.lastProgressAt).toBe(T0);
  });
});

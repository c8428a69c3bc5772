import type { FakeRedditOptions } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import { FakeRedditServer } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import type { ManualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import { manualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import type { ParentPostFields, RedditComment, RedditItem } from '../reddit-item.js';
import { ParentPostLookup } from './parent-post-lookup.js';
import { InMemoryPollerStateStore } from './poller-state.js';
import { RedditClientPool } from './reddit-client-pool.js';
import type {
  ItemSink,
  ParentPostPrefetcher,
  RedditPollerDeps,
  RedditPollerOptions,
} from './reddit-poller.js';
import { RedditPoller, requestBudgetPerCycle } from './reddit-poller.js';
import type { RequestBudget } from './request-budget.js';

class RecordingSink implements ItemSink {
  readonly batches: RedditItem[][] = [];
  readonly events: string[] = [];

  process(items: RedditItem[]): Promise<void> {
    this.batches.push(items);
    this.events.push(`sink:${items[0]?.type ?? 'none'}`);
    return Promise.resolve();
  }

  ids(type?: RedditItem['type']): string[] {
    return this.batches
      .flat()
      .filter((item) => type === undefined || item.type === type)
      .map((item) => item.id);
  }
}

const CREDENTIALS = [
  { clientId: 'client-a', clientSecret: 'secret-a' },
  { clientId: 'client-b', clientSecret: 'secret-b' },
];

describe('RedditPoller', () => {
  let reddit: FakeRedditServer;
  let clock: ManualClock;
  let store: InMemoryPollerStateStore;
  let sink: RecordingSink;

  async function startReddit(options: FakeRedditOptions = {}) {
    reddit = await FakeRedditServer.start({ credentials: CREDENTIALS, ...options });
  }

  function newApi(credentials = 1): RedditClientPool {
    return RedditClientPool.fromSettings(
      {
        apiBase: reddit.baseUrl,
        authBase: reddit.baseUrl,
        userAgent: 'node:keyword-alerts-test:v1',
        credentials: CREDENTIALS.slice(0, credentials),
      },
      clock,
    );
  }

  function newPoller(
    options: Partial<RedditPollerOptions> = {},
    overrides: Partial<Pick<RedditPollerDeps, 'api' | 'sink' | 'parentPosts'>> = {},
  ): RedditPoller {
    return new RedditPoller({
      api: newApi(),
      stateStore: store,
      sink,
      clock,
      options: { maxRequestsPerCycle: 10, ...options },
      ...overrides,
    });
  }

  function listingRequests(path: '/r/all/new' | '/r/all/comments') {
    return reddit.apiRequests().filter((request) => request.path === path);
  }

  beforeEach(() => {
    clock = manualClock();
    store = new InMemoryPollerStateStore();
    sink = new RecordingSink();
  });

  afterEach(async () => {
    await reddit.close();
  });

  describe('following the listings', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('delivers the newest posts, then comments, in ascending id order and sets the marks', async () => {
      const postIds = reddit.addPosts(3);
      const commentIds = reddit.addComments(4, postIds[0]);

      const summary = await newPoller().pollOnce();

      expect(sink.batches.map((batch) => batch.map((item) => item.id))).toEqual([
        postIds,
        commentIds,
      ]);
      expect(summary).toEqual({
        posts: 3,
        comments: 4,
        pagesFetched: 2,
        holesFound: 0,
        holesFilled: 0,
        requestsUsed: 2,
      });
      const state = await store.load();
      expect(state.listings.posts.mark).toEqual({
        fullname: `t3_${postIds[2]}`,
        numericId: parseInt(postIds[2], 36),
      });
      expect(state.listings.comments.mark?.fullname).toBe(`t1_${commentIds[3]}`);
    });

    it('sends only what is newer than the marks on the next cycle', async () => {
      const [firstPost] = reddit.addPosts(1);
      reddit.addComments(2, firstPost);
      const poller = newPoller();
      await poller.pollOnce();
      const newPosts = reddit.addPosts(2);

      const summary = await poller.pollOnce();

      expect(sink.batches.at(-1)?.map((item) => item.id)).toEqual(newPosts);
      expect(summary).toMatchObject({ posts: 2, comments: 0, requestsUsed: 2 });
    });

    it('pages back with `after` until it reaches the mark when 250 items arrived during a pause', async () => {
      reddit.addPosts(1);
      const poller = newPoller();
      await poller.pollOnce();
      const newPosts = reddit.addPosts(250);

      const summary = await poller.pollOnce();

      const postPages = listingRequests('/r/all/new').slice(1);
      expect(postPages.map((request) => request.query.get('after'))).toEqual([
        null,
        `t3_${newPosts[150]}`,
        `t3_${newPosts[50]}`,
      ]);
      expect(sink.ids('post').slice(1)).toEqual(newPosts);
      expect(summary).toMatchObject({ posts: 250, pagesFetched: 4, holesFound: 0 });
    });

    it('stops paging at maxPagesPerListing and recovers the rest of the gap through /api/info', async () => {
      reddit.addPosts(1);
      const poller = newPoller({ maxPagesPerListing: 2 });
      await poller.pollOnce();
      const newPosts = reddit.addPosts(250);

      const summary = await poller.pollOnce();

      expect(listingRequests('/r/all/new')).toHaveLength(3);
      expect(summary).toMatchObject({ posts: 250, holesFound: 50, holesFilled: 50 });
      expect(sink.ids('post').slice(1)).toEqual(newPosts);
    });

    it('fills holes of the id sequence through /api/info and counts what Reddit no longer shows', async () => {
      reddit.addPosts(1);
      const poller = newPoller();
      await poller.pollOnce();
      const newPosts = reddit.addPosts(10);
      reddit.hideFromListings([newPosts[1], newPosts[4], newPosts[5]].map((id) => `t3_${id}`));
      reddit.remove([newPosts[2], newPosts[7]].map((id) => `t3_${id}`));

      const summary = await poller.pollOnce();

      const [lookup] = reddit.apiRequests().filter((request) => request.path === '/api/info');
      expect(lookup?.query.get('id')?.split(',').sort()).toEqual(
        [1, 2, 4, 5, 7].map((index) => `t3_${newPosts[index]}`).sort(),
      );
      expect(sink.batches.at(-1)?.map((item) => item.id)).toEqual(
        newPosts.filter((_, index) => index !== 2 && index !== 7),
      );
      expect(summary).toMatchObject({ posts: 8, holesFound: 5, holesFilled: 3, requestsUsed: 3 });
      expect(poller.coverage()).toMatchObject({ holesFound: 5, holesFilled: 3, holesUnfilled: 2 });
      expect((await store.load()).listings.posts.pendingHoles).toEqual([]);
    });

    it('treats gaps inside the first page as holes on the very first cycle', async () => {
      const postIds = reddit.addPosts(4);
      reddit.hideFromListings([`t3_${postIds[1]}`]);

      const summary = await newPoller().pollOnce();

      expect(sink.ids('post')).toEqual(postIds);
      expect(summary).toMatchObject({ holesFound: 1, holesFilled: 1 });
    });
  });

  describe('request budget', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('never spends more than maxRequestsPerCycle and keeps the holes it could not afford', async () => {
      reddit.addPosts(1);
      const poller = newPoller({ maxRequestsPerCycle: 3 });
      await poller.pollOnce();
      const newPosts = reddit.addPosts(300);
      reddit.hideFromListings(newPosts.slice(0, 250).map((id) => `t3_${id}`));

      const summaries = [await poller.pollOnce(), await poller.pollOnce(), await poller.pollOnce()];

      expect(summaries.map((summary) => summary.requestsUsed)).toEqual([3, 3, 3]);
      expect(summaries.map((summary) => summary.holesFilled)).toEqual([100, 100, 50]);
      expect(sink.ids('post').slice(1).sort()).toEqual([...newPosts].sort());
      expect(new Set(sink.ids()).size).toBe(sink.ids().length);
    });

    it('gives up the oldest holes beyond maxPendingHoles', async () => {
      reddit.addPosts(1);
      const poller = newPoller({ maxRequestsPerCycle: 2, maxPendingHoles: 30 });
      await poller.pollOnce();
      const newPosts = reddit.addPosts(60);
      reddit.hideFromListings(newPosts.slice(0, 59).map((id) => `t3_${id}`));

      await poller.pollOnce();

      const pending = (await store.load()).listings.posts.pendingHoles;
      expect(pending).toEqual([
        { from: parseInt(newPosts[29], 36), to: parseInt(newPosts[58], 36) },
      ]);
      expect(poller.coverage()).toMatchObject({ holesFound: 59, holesDropped: 29 });
    });
  });

  describe('rate limits and outages', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('backs off after a 429 with Retry-After, keeps the marks, and catches up afterwards', async () => {
      reddit.addComments(1, reddit.addPosts(1)[0]);
      const poller = newPoller();
      await poller.pollOnce();
      const listingsBefore = (await store.load()).listings;
      const newPosts = reddit.addPosts(5);
      reddit.respondOnce('/r/all/new', { status: 429, headers: { 'retry-after': '30' } });
      const limitedAt = clock.now();

      const limited = await poller.pollOnce();
      const stateWhileLimited = await store.load();
      clock.advance(29_000);
      const stillWaiting = await poller.pollOnce();
      const requestsWhileWaiting = reddit.apiRequests().length;
      clock.advance(1_000);
      const recovered = await poller.pollOnce();

      expect(limited).toMatchObject({
        posts: 0,
        comments: 0,
        rateLimitedUntil: limitedAt + 30_000,
      });
      expect(stateWhileLimited.listings).toEqual(listingsBefore);
      expect(stateWhileLimited.coverage).toMatchObject({ rateLimitedCount: 1, requestsUsed: 3 });
      expect(stillWaiting).toMatchObject({ requestsUsed: 0, rateLimitedUntil: limitedAt + 30_000 });
      expect(requestsWhileWaiting).toBe(3);
      expect(recovered).toMatchObject({ posts: 5, comments: 0 });
      expect(recovered.rateLimitedUntil).toBeUndefined();
      expect(sink.ids('post').slice(1)).toEqual(newPosts);
      expect((await store.load()).listings.posts.mark?.fullname).toBe(`t3_${newPosts[4]}`);
    });

    it('still delivers the posts when only the comments listing is rate limited', async () => {
      const [post] = reddit.addPosts(1);
      reddit.addComments(1, post);
      const poller = newPoller();
      await poller.pollOnce();
      const commentMark = (await store.load()).listings.comments.mark;
      const newPosts = reddit.addPosts(2);
      const newComments = reddit.addComments(2, post);
      reddit.respondOnce('/r/all/comments', { status: 429, headers: { 'retry-after': '10' } });

      const limited = await poller.pollOnce();
      const marksWhileLimited = (await store.load()).listings;
      clock.advance(10_000);
      await poller.pollOnce();

      expect(limited).toMatchObject({ posts: 2, comments: 0 });
      expect(limited.rateLimitedUntil).toBeDefined();
      expect(marksWhileLimited.posts.mark?.fullname).toBe(`t3_${newPosts[1]}`);
      expect(marksWhileLimited.comments.mark).toEqual(commentMark);
      expect(sink.ids('post').slice(1)).toEqual(newPosts);
      expect(sink.ids('comment').slice(1)).toEqual(newComments);
    });

    it('backs off exponentially while Reddit answers 5xx', async () => {
      const poller = newPoller();
      reddit.respondOnce('/r/all/new', { status: 503 });
      reddit.respondOnce('/r/all/new', { status: 503 });
      const start = clock.now();

      const first = await poller.pollOnce();
      clock.advance(1_000);
      const second = await poller.pollOnce();
      clock.advance(2_000);
      const third = await poller.pollOnce();

      expect(first.rateLimitedUntil).toBe(start + 1_000);
      expect(second.rateLimitedUntil).toBe(start + 3_000);
      expect(third.rateLimitedUntil).toBeUndefined();
      expect(poller.coverage()).toMatchObject({ unavailableCount: 2, rateLimitedCount: 0 });
    });
  });

  describe('restarts', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('resumes from the stored marks in a new poller without sending any item twice', async () => {
      const [post] = reddit.addPosts(3);
      reddit.addComments(3, post);
      await newPoller().pollOnce();
      const laterPosts = reddit.addPosts(2);
      const laterComments = reddit.addComments(2, post);

      const afterRestart = await newPoller().pollOnce();

      expect(afterRestart).toMatchObject({ posts: 2, comments: 2 });
      expect(sink.ids().length).toBe(10);
      expect(new Set(sink.ids()).size).toBe(10);
      expect(sink.batches.slice(-2).map((batch) => batch.map((item) => item.id))).toEqual([
        laterPosts,
        laterComments,
      ]);
    });

    it('keeps the mark when the sink fails, so the items come again instead of being skipped', async () => {
      const postIds = reddit.addPosts(2);
      const failingSink: ItemSink = { process: () => Promise.reject(new Error('database down')) };

      await expect(newPoller({}, { sink: failingSink }).pollOnce()).rejects.toThrow(
        'database down',
      );
      await newPoller().pollOnce();

      expect(sink.ids('post')).toEqual(postIds);
    });
  });

  describe('several credentials', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('spreads the cycle requests over the credentials', async () => {
      reddit.addPosts(1);
      const poller = newPoller({}, { api: newApi(2) });

      await poller.pollOnce();
      await poller.pollOnce();

      const clients = reddit.apiRequests().map((request) => request.clientId);
      expect(clients.filter((client) => client === 'client-a')).toHaveLength(2);
      expect(clients.filter((client) => client === 'client-b')).toHaveLength(2);
    });

    it('keeps polling through the other credential when one is rate limited', async () => {
      reddit.addPosts(1);
      const poller = newPoller({}, { api: newApi(2) });
      reddit.respondOnce('/r/all/new', { status: 429, headers: { 'retry-after': '60' } });

      const summary = await poller.pollOnce();

      expect(summary).toMatchObject({ posts: 1 });
      expect(summary.rateLimitedUntil).toBeUndefined();
    });
  });

  describe('parent posts hook', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('looks parents up after the posts reached the sink and before the comments, within budget', async () => {
      const [oldPost] = reddit.addPosts(1);
      await newPoller().pollOnce();
      const [newPost] = reddit.addPosts(1);
      const commentIds = [...reddit.addComments(2, oldPost), ...reddit.addComments(1, newPost)];
      const api = newApi();
      const lookup = new ParentPostLookup(api);
      const parents = new Map<string, ParentPostFields>();
      const prefetcher: ParentPostPrefetcher = {
        async prefetch(comments: readonly RedditComment[], budget: RequestBudget) {
          sink.events.push(`prefetch:${comments.map((comment) => comment.id).join(',')}`);
          for (const [id, fields] of await lookup.lookup(comments, budget)) parents.set(id, fields);
        },
      };

      const summary = await newPoller({}, { api, parentPosts: prefetcher }).pollOnce();

      expect(sink.events.slice(-3)).toEqual([
        'sink:post',
        `prefetch:${commentIds.join(',')}`,
        'sink:comment',
      ]);
      expect(parents.get(oldPost)).toEqual({
        title: `Post ${oldPost}`,
        selftext: `Body of post ${oldPost} \u{1F97A}`,
        score: 1,
        numComments: 0,
      });
      expect([...parents.keys()].sort()).toEqual([oldPost, newPost].sort());
      const lookups = reddit.apiRequests().filter((request) => request.path === '/api/info');
      expect(lookups).toHaveLength(1);
      expect(summary.requestsUsed).toBe(3);
    });

    it('keeps parentLookupReserve requests away from hole filling for the hook', async () => {
      reddit.addPosts(1);
      await newPoller().pollOnce();
      const newPosts = reddit.addPosts(300);
      reddit.hideFromListings(newPosts.slice(0, 299).map((id) => `t3_${id}`));
      reddit.addComments(1, newPosts[299]);
      const budgets: number[] = [];
      const prefetcher: ParentPostPrefetcher = {
        prefetch(_comments: readonly RedditComment[], budget: RequestBudget) {
          budgets.push(budget.remaining);
          return Promise.resolve();
        },
      };

      const summary = await newPoller(
        { maxRequestsPerCycle: 5, parentLookupReserve: 2 },
        { parentPosts: prefetcher },
      ).pollOnce();

      expect(summary).toMatchObject({ holesFound: 299, holesFilled: 100 });
      expect(budgets).toEqual([2]);
    });

    it('leaves the parent hook no request when the budget is spent', async () => {
      const [post] = reddit.addPosts(1);
      reddit.addComments(1, post);
      const budgets: number[] = [];
      const prefetcher: ParentPostPrefetcher = {
        prefetch(_comments: readonly RedditComment[], budget: RequestBudget) {
          budgets.push(budget.remaining);
          return Promise.resolve();
        },
      };

      await newPoller({ maxRequestsPerCycle: 2 }, { parentPosts: prefetcher }).pollOnce();

      expect(budgets).toEqual([0]);
      expect(sink.ids('comment')).toHaveLength(1);
    });
  });
});

describe('RedditPoller budget sizing', () => {
  const unusedApi = {
    listNew: () => Promise.reject(new Error('not called')),
    info: () => Promise.reject(new Error('not called')),
  };

  it("sizes the cycle budget from Reddit's 100 requests per minute per credential", () => {
    expect(requestBudgetPerCycle(1, 2_000)).toBe(3);
    expect(requestBudgetPerCycle(3, 2_000)).toBe(10);
    expect(requestBudgetPerCycle(1, 500)).toBe(2);
  });

  it('refuses a budget too small for one page per listing', () => {
    const tooSmall = () =>
      new RedditPoller({
        api: unusedApi,
        stateStore: new InMemoryPollerStateStore(),
        sink: new RecordingSink(),
        clock: manualClock(),
        options: { maxRequestsPerCycle: 1 },
      });

    expect(tooSmall).toThrow('maxRequestsPerCycle must be at least 2');
  });
});

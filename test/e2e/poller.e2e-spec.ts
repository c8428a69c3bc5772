import { createKeywords } from '../factories/keyword.factory.js';
import { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import {
  afterIngesting,
  createPollingApp,
  metricValue,
  pollFor,
  pollOnce,
  seenItems,
  TEST_USER_AGENT,
  visibleCreated,
} from '../utils/polling-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';

interface AlertBody {
  id: string;
  event: 'post' | 'comment';
  title: string;
  selftext: string;
  upvotes: number;
  replies: number;
  comment?: string;
  keyword: string;
  url: string;
}

/** Every 25th generated item carries the keyword: enough alerts to check, under the daily cap. */
const NEEDLE = 'needle';
const withNeedles = (sequence: number) => (sequence % 25 === 0 ? NEEDLE : '');
/** A small Reddit: what these tests need in a few seconds, with every constraint of the real one. */
const SMALL_STREAM = { postsPerSecond: 4, commentsPerSecond: 30, words: withNeedles };

describe.each(testDatabaseKinds())('Reddit poller on %s', (kind) => {
  let reddit: FakeRedditServer;
  let database: TestDatabase;
  let t: TestApp;
  let key: string;

  /** A (re)started app whose clock goes on from `now`, with Reddit reading that clock. */
  const startApp = (env: Record<string, string> = {}, now = TEST_NOW) =>
    createPollingApp(kind, reddit, env, { databaseUrl: database.url, now });
  const restart = async (env: Record<string, string> = {}) => {
    const now = new Date(t.clock.nowMs());
    await t.close();
    t = await startApp(env, now);
  };

  beforeEach(async () => {
    reddit = await FakeRedditServer.start();
    database = await createTestDatabase(kind);
    t = await startApp();
    ({ apiKey: key } = await t.account('pro'));
  });

  afterEach(async () => {
    await t.close();
    await database.drop();
    await reddit.close();
  });

  const alerts = async () => {
    const { body } = await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200);
    return body.data as AlertBody[];
  };
  /**
   * A first run starts with what the listings show: older items, and those still on their way
   * into the listings then, are out of its scope. Returns when the scope begins.
   */
  const warmUp = async () => {
    await pollFor(t, 5);
    return t.clock.nowMs();
  };
  /** Visible items created in [from, to] that never reached the pipeline. */
  const missed = async (from: number, to: number) => {
    const seen = await seenItems(t);
    return visibleCreated(reddit, from, to).filter((itemKey) => !seen.has(itemKey));
  };
  /** Items handed to the pipeline (persisted across restarts) minus distinct items stored. */
  const handedTwice = async () => {
    const [row] = await t.database.query<{ value: string }>(
      t.database.manager,
      "SELECT value FROM ingest_state WHERE name = 'reddit_poller'",
    );
    const handed = (JSON.parse(row.value) as { coverage: { itemsSeen: number } }).coverage
      .itemsSeen;
    return handed - (await seenItems(t)).size;
  };
  const hiddenSeen = async () => {
    const seen = await seenItems(t);
    return (['t3', 't1'] as const)
      .flatMap((k) => reddit.world.created(k).filter((thing) => thing.hidden))
      .filter((thing) => seen.has(`${thing.kind}_${thing.numericId.toString(36)}`)).length;
  };

  it('delivers every visible item of a realistic stream once, comments with their parent post', async () => {
    await createKeywords(t, key, [NEEDLE]);
    reddit.generate(SMALL_STREAM);
    const start = await warmUp();

    await pollFor(t, 30);
    const end = t.clock.nowMs();
    reddit.world.stopGenerating();
    await pollFor(t, 15, 500);

    expect(visibleCreated(reddit, start, end).length).toBeGreaterThan(800);
    expect(await missed(start, end)).toEqual([]);
    expect(await handedTwice()).toBe(0);
    expect(await hiddenSeen()).toBe(0);
    expect(reddit.counts.status429).toBe(0);
    const commentAlerts = (await alerts()).filter((alert) => alert.event === 'comment');
    expect(commentAlerts.length).toBeGreaterThan(5);
    for (const alert of commentAlerts) {
      const postId = /\/comments\/(\w+)\//.exec(alert.url)?.[1] ?? '';
      const parent = reddit.world.thing(`t3_${postId}`);
      if (parent === undefined || parent.hidden) continue;
      expect({ id: alert.id, title: alert.title, selftext: alert.selftext }).toEqual({
        id: alert.id,
        title: parent.data.title,
        selftext: parent.data.selftext,
      });
    }
  });

  it('spends requests where the volume is and stays inside the allowance', async () => {
    const start = t.clock.nowMs();
    reddit.generate({ postsPerSecond: 8, commentsPerSecond: 80 });

    await pollFor(t, 60, 500);

    const requests = reddit.apiRequests();
    const infoIds = requests
      .filter((request) => request.path === '/api/info')
      .flatMap((request) => request.query.get('id')?.split(',') ?? []);
    // Parent posts from before the stream are lookups for comments, not the posts' own walk.
    const walked = (prefix: string) =>
      infoIds.filter(
        (fullname) =>
          fullname.startsWith(prefix) && (reddit.world.thing(fullname)?.createdMs ?? 0) >= start,
      ).length;
    const listings = (path: string) => requests.filter((request) => request.path === path).length;
    const effort = {
      comments: listings('/r/all/comments') + walked('t1_') / 100,
      posts: listings('/r/all/new') + walked('t3_') / 100,
    };
    expect(requests.length).toBeLessThanOrEqual(104);
    expect(reddit.counts.status429).toBe(0);
    // Comments are 10 times the posts here; listings and walk together follow the volume.
    expect(effort.comments / effort.posts).toBeGreaterThan(4);
    // Below capacity, a partly filled batch goes out rather than wait: still most of 100.
    expect(infoIds.length / requests.filter((r) => r.path === '/api/info').length).toBeGreaterThan(
      60,
    );
    for (const request of requests.filter((r) => r.path.startsWith('/r/all/'))) {
      expect(request.query.get('limit')).toBe('100');
      expect(request.query.get('raw_json')).toBe('1');
    }
    expect(requests.every((request) => request.headers['user-agent'] === TEST_USER_AGENT)).toBe(
      true,
    );
  });

  it('renews tokens that expire every 20 s without a 401, and re-authenticates after one', async () => {
    await t.close();
    await reddit.close();
    reddit = await FakeRedditServer.start({ tokenLifetimeSeconds: 20 });
    t = await startApp();
    reddit.generate(SMALL_STREAM);
    const start = await warmUp();

    await pollFor(t, 30);
    reddit.revokeTokens();
    await pollFor(t, 10);
    const end = t.clock.nowMs();
    reddit.world.stopGenerating();
    await pollFor(t, 15, 500);

    expect(reddit.tokenRequests().length).toBeGreaterThanOrEqual(4);
    expect(reddit.counts.status401).toBe(1);
    expect(await missed(start, end)).toEqual([]);
  });

  it('waits out a 429 and catches up without losing an item', async () => {
    reddit.generate(SMALL_STREAM);
    const start = await warmUp();
    await pollFor(t, 10);
    reddit.respondOnce('/api/info', { status: 429, headers: { 'retry-after': '8' } });

    const during = await pollFor(t, 8);
    await pollFor(t, 12);
    const end = t.clock.nowMs();
    reddit.world.stopGenerating();
    await pollFor(t, 15, 500);

    expect(during.some((result) => 'rateLimitedUntil' in result)).toBe(true);
    const limited = reddit.apiRequests().find((request) => request.status === 429);
    const whileWaiting = reddit
      .apiRequests()
      .filter((request) => limited && request.at > limited.at && request.at < limited.at + 8_000);
    expect(whileWaiting).toEqual([]);
    expect(reddit.counts.status429).toBe(1);
    expect(await missed(start, end)).toEqual([]);
    expect(await metricValue(t, 'alerts_reddit_rate_limited_total')).toBe(1);
  });

  it('resumes the walk after a restart from where it stopped, without duplicates', async () => {
    reddit.generate(SMALL_STREAM);
    const start = await warmUp();
    await pollFor(t, 12);

    await restart();
    await pollFor(t, 12);
    const end = t.clock.nowMs();
    reddit.world.stopGenerating();
    await pollFor(t, 15, 500);

    expect(await missed(start, end)).toEqual([]);
    expect(await handedTwice()).toBe(0);
  });

  it('catches up after a 2-minute outage while the newest items keep flowing', async () => {
    reddit.generate(SMALL_STREAM);
    const start = await warmUp();
    await pollFor(t, 10);

    reddit.startOutage();
    await pollFor(t, 120, 1_000);
    reddit.endOutage();
    const recovered = t.clock.nowMs();
    await pollFor(t, 60, 1_000);
    const end = t.clock.nowMs();
    reddit.world.stopGenerating();
    await pollFor(t, 60, 1_000);

    expect(await missed(start, end)).toEqual([]);
    expect(await handedTwice()).toBe(0);
    // Items made after Reddit came back reached the pipeline within seconds, not after the backlog.
    const seen = await seenItems(t);
    const fresh = visibleCreated(reddit, recovered + 20_000, end - 10_000);
    const delays = fresh.map((itemKey) => (seen.get(itemKey) ?? Infinity) - creationOf(itemKey));
    expect(fresh.length).toBeGreaterThan(500);
    expect(Math.max(...delays)).toBeLessThan(30_000);
    expect(await metricValue(t, 'alerts_reddit_unavailable_total')).toBeGreaterThan(0);
    // Over four simulated minutes of polls: 6–11 s alone, past 30 s under the whole suite's load.
  }, 90_000);

  const creationOf = (itemKey: string): number => {
    const thing = reddit.world.thing(itemKey);
    if (thing === undefined) throw new Error(`no ${itemKey}`);
    return thing.createdMs;
  };

  it("gives a comment its parent post's fields when the post is only on /api/info, at INGEST_POLL_MS=500", async () => {
    await restart({ INGEST_POLL_MS: '500' });
    await createKeywords(t, key, ['acme widget']);
    const thread = reddit.addPost(
      {
        title: 'Which widget should I buy?',
        selftext: 'Budget is 50 dollars.',
        score: 42,
        num_comments: 7,
      },
      { unlisted: true, hidden: false },
    );
    t.clock.advance(3_600_000);
    reddit.generate({ postsPerSecond: 2, commentsPerSecond: 10 });
    await pollFor(t, 5);
    const comment = reddit.addComment(
      thread,
      { body: 'Get the acme widget', score: 5 },
      { hidden: false },
    );

    await pollFor(t, 15);

    expect(await alerts()).toEqual([
      expect.objectContaining({
        id: comment,
        event: 'comment',
        title: 'Which widget should I buy?',
        selftext: 'Budget is 50 dollars.',
        upvotes: 42,
        replies: 7,
        comment: 'Get the acme widget',
      }),
    ]);
  });

  it('reports coverage, lag and requests by endpoint on /metrics', async () => {
    reddit.generate(SMALL_STREAM);

    await pollFor(t, 40);

    const value = (name: string) => metricValue(t, `alerts_reddit_${name}`);
    const seen = (await seenItems(t)).size;
    expect(await value('items_seen_total')).toBe(seen);
    expect(
      (await value('items_from_listings_total'))! + (await value('items_from_info_total'))!,
    ).toBeGreaterThanOrEqual(seen);
    expect(await value('requests_total{endpoint="listing"}')).toBeGreaterThan(0);
    expect(await value('requests_total{endpoint="info"}')).toBeGreaterThan(0);
    expect(await value('ids_given_up_total')).toBeGreaterThan(0);
    expect(await value('lag_seconds{kind="comments"}')).toBeLessThan(10);
    expect(await value('ids_behind{kind="comments"}')).toBeLessThan(400);
    expect(await value('poller_leader')).toBe(1);
  });

  it('stops matching a keyword paused between two polls', async () => {
    const [paused] = await createKeywords(t, key, ['paused phrase', 'still active']);
    reddit.addPost({ title: 'paused phrase before' }, { hidden: false });
    await pollFor(t, 5);
    await t.http
      .patch(`/api/v1/keywords/${paused.id}`)
      .set(bearer(key))
      .send({ active: false })
      .expect(200);
    const post = reddit.addPost({ title: 'paused phrase after, still active' }, { hidden: false });
    reddit.addComment(post, { body: 'paused phrase in a comment' }, { hidden: false });

    await pollFor(t, 5);

    const found = (await alerts()).map((alert) => `${alert.keyword}: ${alert.title}`).sort();
    expect(found).toEqual([
      'paused phrase: paused phrase before',
      'still active: paused phrase after, still active',
    ]);
  });

  it('applies keyword filters, and filters changed between two polls from the next poll on', async () => {
    const { body } = await t.http
      .post('/api/v1/keywords')
      .set(bearer(key))
      .send({
        text: 'filtered phrase',
        exclude: ['giveaway'],
        exclude_subreddits: ['r/nba'],
        exclude_authors: ['u/spam_bot'],
      })
      .expect(201);
    const visible = { hidden: false };
    reddit.addPost({ title: 'filtered phrase giveaway', subreddit: 'Amd' }, visible);
    reddit.addPost({ title: 'filtered phrase in sports', subreddit: 'NBA' }, visible);
    const kept = reddit.addPost(
      { title: 'Weekly thread', selftext: 'a filtered phrase', subreddit: 'Amd' },
      visible,
    );
    reddit.addComment(kept, { body: 'filtered phrase!', author: 'Spam_Bot' }, visible);
    await pollFor(t, 5);
    await t.http
      .patch(`/api/v1/keywords/${body.created[0].id}`)
      .set(bearer(key))
      .send({ exclude: [], exclude_subreddits: [] })
      .expect(200);
    reddit.addPost({ title: 'filtered phrase giveaway again', subreddit: 'nba' }, visible);
    reddit.addComment(kept, { body: 'filtered phrase, by the bot', author: 'spam_bot' }, visible);

    await pollFor(t, 5);

    const found = (await alerts()).map((alert) => `${alert.event}: ${alert.title}`).sort();
    expect(found).toEqual(['post: Weekly thread', 'post: filtered phrase giveaway again']);
    const usage = await t.http.get('/api/v1/usage').set(bearer(key)).expect(200);
    expect(usage.body.data).toMatchObject({ delivered_today: 2, capped_today: 0 });
  });

  it('is off without credentials: nothing is polled and the API still serves', async () => {
    await t.close();
    t = await createTestApp(kind, {}, { databaseUrl: database.url });
    reddit.addPost({ title: 'never fetched' });

    const result = await pollOnce(t);

    expect(result).toEqual({ status: 'skipped', reason: 'poller-off' });
    expect(reddit.requests).toHaveLength(0);
    await t.http.get('/api/v1/alerts').set(bearer(key)).expect(200);
  });

  it('polls on its own in a worker, and stops when the app closes', async () => {
    await createKeywords(t, key, ['background']);
    reddit.addPost({ title: 'background poll' }, { hidden: false, listedAt: t.clock.nowMs() });
    await t.close();
    t = await startApp({ ROLE: 'worker', INGEST_POLL_MS: '100' });

    await afterIngesting(t, async () => (await seenItems(t)).size > 0);
    await t.close();
    const requestsAtClose = reddit.requests.length;
    t = await startApp();

    expect(await alerts()).toEqual([expect.objectContaining({ title: 'background poll' })]);
    expect(reddit.requests).toHaveLength(requestsAtClose);
  });
});

import { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { bearer, createTestApp, TEST_NOW, type TestApp } from '../utils/create-test-app.js';
import { metricValue, pollOnce, redditEnv, TEST_USER_AGENT } from '../utils/polling-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';

const TOKEN_LIFETIME_SECONDS = 3_600;

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

describe.each(testDatabaseKinds())('Reddit poller on %s', (kind) => {
  let reddit: FakeRedditServer;
  let database: TestDatabase;
  let t: TestApp;
  let key: string;

  const startApp = (env: Record<string, string> = {}) =>
    createTestApp(kind, redditEnv(reddit, env), { databaseUrl: database.url });

  beforeEach(async () => {
    reddit = await FakeRedditServer.start({ tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS });
    database = await createTestDatabase(kind);
    t = await startApp();
    ({ apiKey: key } = await t.account('pro'));
  });

  afterEach(async () => {
    await t.close();
    await database.drop();
    await reddit.close();
  });

  const addKeywords = async (texts: string[]) => {
    const keywords = texts.map((text) => ({ text }));
    const { body } = await t.http
      .post('/api/v1/keywords')
      .set(bearer(key))
      .send({ keywords })
      .expect(201);
    return body.created as { id: string; text: string }[];
  };
  const alerts = async () => {
    const { body } = await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200);
    return body.data as AlertBody[];
  };
  const alertIds = async () => (await alerts()).map((alert) => `${alert.event}:${alert.id}`).sort();
  const listingRequests = () =>
    reddit.apiRequests().filter((request) => request.path.startsWith('/r/all/'));

  it('turns matching posts and comments into alerts, parents looked up on /api/info when unknown', async () => {
    await addKeywords(['acme widget']);
    const oldThread = reddit.addPost({
      title: 'Which widget should I buy?',
      selftext: 'Budget is 50 dollars.',
      score: 42,
      num_comments: 7,
    });
    const removedThread = reddit.addPost({ title: 'A thread that gets removed' });
    reddit.addPosts(100);
    const newPost = reddit.addPost({
      title: 'The new ACME widget is out',
      selftext: 'Specs inside',
      score: 3,
      num_comments: 1,
    });
    const onOldThread = reddit.addComment(oldThread, { body: 'Get the acme widget', score: 5 });
    const onNewPost = reddit.addComment(newPost, { body: 'acme widget looks great' });
    const onRemoved = reddit.addComment(removedThread, { body: 'my acme widget broke' });
    reddit.remove([`t3_${removedThread}`]);

    const result = await pollOnce(t);

    expect(result).toMatchObject({ status: 'polled', posts: 100, comments: 3, requestsUsed: 3 });
    const byId = Object.fromEntries((await alerts()).map((alert) => [alert.id, alert]));
    expect(Object.keys(byId).sort()).toEqual([newPost, onOldThread, onNewPost, onRemoved].sort());
    expect(byId[newPost]).toMatchObject({
      event: 'post',
      title: 'The new ACME widget is out',
      selftext: 'Specs inside',
      upvotes: 3,
      replies: 1,
      keyword: 'acme widget',
    });
    expect(byId[onOldThread]).toMatchObject({
      event: 'comment',
      title: 'Which widget should I buy?',
      selftext: 'Budget is 50 dollars.',
      upvotes: 42,
      replies: 7,
      comment: 'Get the acme widget',
    });
    expect(byId[onOldThread].url).toMatch(
      new RegExp(`^https://www\\.reddit\\.com/r/\\w+/comments/${oldThread}/.+/${onOldThread}/$`),
    );
    expect(byId[onNewPost]).toMatchObject({ title: 'The new ACME widget is out', upvotes: 3 });
    expect(byId[onRemoved]).toMatchObject({
      title: 'A thread that gets removed',
      selftext: '',
      upvotes: 0,
      replies: 0,
    });
    const lookups = reddit.apiRequests().filter((request) => request.path === '/api/info');
    expect(lookups.map((request) => request.query.get('id')?.split(',').sort())).toEqual([
      [`t3_${oldThread}`, `t3_${removedThread}`].sort(),
    ]);
  });

  it("sends Reddit's user agent, raw_json=1 and limit=100, with a client-credentials token", async () => {
    reddit.addComments(1, reddit.addPost());

    await pollOnce(t);

    const [token] = reddit.tokenRequests();
    expect(token).toMatchObject({ method: 'POST', body: 'grant_type=client_credentials' });
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from('client-a:secret-a').toString('base64')}`,
    );
    expect(reddit.requests.map((request) => request.headers['user-agent'])).toEqual(
      reddit.requests.map(() => TEST_USER_AGENT),
    );
    expect(listingRequests().map((request) => request.path)).toEqual([
      '/r/all/new',
      '/r/all/comments',
    ]);
    for (const request of listingRequests()) {
      expect(request.query.get('raw_json')).toBe('1');
      expect(request.query.get('limit')).toBe('100');
      expect(request.clientId).toBe('client-a');
    }
  });

  it('renews the token before it expires, and at once when Reddit refuses it', async () => {
    await addKeywords(['token test']);
    const bearers = () => reddit.apiRequests().map((request) => request.headers.authorization);

    await pollOnce(t);
    t.clock.advance((TOKEN_LIFETIME_SECONDS / 2) * 1_000);
    await pollOnce(t);
    const beforeExpiry = reddit.tokenRequests().length;
    t.clock.advance((TOKEN_LIFETIME_SECONDS / 2) * 1_000);
    reddit.addPost({ title: 'token test after renewal' });
    const renewed = await pollOnce(t);
    const afterRenewal = bearers().slice(-2);
    reddit.revokeTokens();
    reddit.addPost({ title: 'token test after revocation' });
    const afterRevocation = await pollOnce(t);

    expect(beforeExpiry).toBe(1);
    expect(afterRenewal).toEqual(['bearer token-client-a-2', 'bearer token-client-a-2']);
    expect(renewed).toMatchObject({ status: 'polled', posts: 1 });
    expect(afterRevocation).toMatchObject({ status: 'polled', posts: 1 });
    expect(reddit.tokenRequests()).toHaveLength(3);
    expect((await alerts()).map((alert) => alert.title).sort()).toEqual([
      'token test after renewal',
      'token test after revocation',
    ]);
  });

  it('backs off on a 429 with Retry-After without losing its place, then catches up', async () => {
    await addKeywords(['rate limit']);
    reddit.addPost({ title: 'rate limit zero' });
    await pollOnce(t);
    const waiting = reddit.addPosts(3).map((id, index) => {
      reddit.addComment(id, { body: `rate limit comment ${index}` });
      return id;
    });
    reddit.respondOnce('/r/all/new', { status: 429, headers: { 'retry-after': '30' } });

    const limited = await pollOnce(t);
    const alertsWhileLimited = await alertIds();
    t.clock.advance(29_000);
    const requestsBefore = reddit.apiRequests().length;
    const stillWaiting = await pollOnce(t);
    const requestsWhileWaiting = reddit.apiRequests().length - requestsBefore;
    for (const id of waiting) reddit.addComment(id, { body: 'rate limit later' });
    t.clock.advance(1_000);
    const recovered = await pollOnce(t);

    expect(limited).toMatchObject({
      status: 'polled',
      posts: 0,
      comments: 0,
      rateLimitedUntil: TEST_NOW.getTime() + 30_000,
    });
    expect(alertsWhileLimited).toHaveLength(1);
    expect(stillWaiting).toMatchObject({ requestsUsed: 0 });
    expect(requestsWhileWaiting).toBe(0);
    expect(recovered).toMatchObject({ status: 'polled', posts: 3, comments: 6 });
    expect(recovered).not.toHaveProperty('rateLimitedUntil');
    const ids = await alertIds();
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect(await metricValue(t, 'alerts_reddit_rate_limited_total')).toBe(1);
  });

  it('resumes after a restart from the stored marks, without duplicates', async () => {
    await addKeywords(['restart']);
    const first = reddit.addPost({ title: 'restart one' });
    reddit.addPost({ title: 'restart two' });
    reddit.addComment(first, { body: 'restart comment' });
    await pollOnce(t);
    const before = await alertIds();

    await t.close();
    t = await startApp();
    const later = reddit.addPost({ title: 'restart three' });
    reddit.addComment(later, { body: 'restart again' });
    const afterRestart = await pollOnce(t);

    expect(before).toHaveLength(3);
    expect(afterRestart).toMatchObject({ status: 'polled', posts: 1, comments: 1 });
    const after = await alertIds();
    expect(after).toHaveLength(5);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(new Set(after).size).toBe(5);
  });

  it('stops matching a keyword paused between two polls', async () => {
    const [paused] = await addKeywords(['paused phrase', 'still active']);
    reddit.addPost({ title: 'paused phrase before' });
    await pollOnce(t);
    await t.http
      .patch(`/api/v1/keywords/${paused.id}`)
      .set(bearer(key))
      .send({ active: false })
      .expect(200);
    const post = reddit.addPost({ title: 'paused phrase after, still active' });
    reddit.addComment(post, { body: 'paused phrase in a comment' });

    const second = await pollOnce(t);

    expect(second).toMatchObject({ posts: 1, comments: 1 });
    const found = (await alerts()).map((alert) => `${alert.keyword}: ${alert.title}`).sort();
    expect(found).toEqual([
      'paused phrase: paused phrase before',
      'still active: paused phrase after, still active',
    ]);
  });

  it('reports coverage on /metrics: items, pages, holes found, filled and unfilled, requests', async () => {
    const posts = reddit.addPosts(5);
    reddit.hideFromListings([`t3_${posts[1]}`]);
    reddit.remove([`t3_${posts[3]}`]);

    const result = await pollOnce(t);

    expect(result).toMatchObject({ posts: 4, holesFound: 2, holesFilled: 1, requestsUsed: 3 });
    const metrics = Object.fromEntries(
      await Promise.all(
        [
          'items_seen_total',
          'listing_pages_total',
          'holes_found_total',
          'holes_filled_total',
          'holes_unfilled_total',
          'requests_total',
          'rate_limited_total',
          'last_successful_poll_seconds',
          'poller_leader',
        ].map(async (name) => [name, await metricValue(t, `alerts_reddit_${name}`)]),
      ),
    );
    expect(metrics).toEqual({
      items_seen_total: 4,
      listing_pages_total: 2,
      holes_found_total: 2,
      holes_filled_total: 1,
      holes_unfilled_total: 1,
      requests_total: 3,
      rate_limited_total: 0,
      last_successful_poll_seconds: TEST_NOW.getTime() / 1_000,
      poller_leader: 1,
    });
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

  it('polls on its own every INGEST_POLL_MS in a worker, and stops when the app closes', async () => {
    await t.close();
    t = await startApp({ ROLE: 'worker', INGEST_POLL_MS: '100' });
    await addKeywords(['background']);
    const postListings = () => listingRequests().filter((r) => r.path === '/r/all/new').length;
    const listingsBefore = postListings();
    reddit.addPost({ title: 'background poll' });

    // Cycles never overlap: a second listing request means the first cycle was fully processed.
    await waitFor(() => postListings() >= listingsBefore + 2);
    await t.close();
    const requestsAtClose = reddit.requests.length;
    t = await startApp();

    expect(await alerts()).toEqual([expect.objectContaining({ title: 'background poll' })]);
    expect(reddit.requests).toHaveLength(requestsAtClose);
  });
});

/** Waits for a background loop that runs on real timers (only the loop test needs this). */
async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

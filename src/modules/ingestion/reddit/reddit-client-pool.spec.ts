import type { FakeRedditOptions } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import { FakeRedditServer, INSTANT } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import type { ManualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import { manualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import { RedditClientPool } from './reddit-client-pool.js';
import { RedditRateLimitedError } from './reddit-errors.js';

const CREDENTIALS = [
  { clientId: 'client-a', clientSecret: 'secret-a' },
  { clientId: 'client-b', clientSecret: 'secret-b' },
  { clientId: 'client-c', clientSecret: 'secret-c' },
];

describe('RedditClientPool', () => {
  let reddit: FakeRedditServer;
  let clock: ManualClock;
  let pool: RedditClientPool;

  async function startPool(options: FakeRedditOptions, credentialCount: number) {
    const credentials = CREDENTIALS.slice(0, credentialCount);
    clock = manualClock();
    reddit = await FakeRedditServer.start({
      realism: INSTANT,
      now: () => clock.nowMs(),
      ...options,
      credentials,
    });
    pool = RedditClientPool.fromSettings(
      {
        apiBase: reddit.baseUrl,
        authBase: reddit.baseUrl,
        userAgent: 'node:keyword-alerts-test:v1',
        credentials,
      },
      clock,
    );
  }

  function callsPerClient(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { clientId } of reddit.apiRequests()) {
      counts[clientId ?? 'none'] = (counts[clientId ?? 'none'] ?? 0) + 1;
    }
    return counts;
  }

  afterEach(async () => {
    await reddit.close();
  });

  it('shares the load between credentials, each with its own token', async () => {
    await startPool({}, 3);

    for (let call = 0; call < 6; call += 1) await pool.listNew('posts');

    expect(callsPerClient()).toEqual({ 'client-a': 2, 'client-b': 2, 'client-c': 2 });
    expect(reddit.tokenRequests()).toHaveLength(3);
    expect(pool.rateLimits().map((status) => status.used)).toEqual([2, 2, 2]);
  });

  it('sends a large lookup in batches spread over the credentials', async () => {
    await startPool({}, 2);
    const postIds = reddit.addPosts(150);

    const items = await pool.info(postIds.map((id) => `t3_${id}`));

    expect(items).toHaveLength(150);
    expect(callsPerClient()).toEqual({ 'client-a': 1, 'client-b': 1 });
  });

  it('sends everything to the credentials with budget left while one has none', async () => {
    await startPool({ windowSeconds: 120 }, 2);
    reddit.respondOnce('/r/all/new', {
      status: 200,
      headers: { 'x-ratelimit-remaining': '0.0' },
      body: { kind: 'Listing', data: { after: null, dist: 0, children: [], before: null } },
    });
    await pool.listNew('posts');

    for (let call = 0; call < 3; call += 1) await pool.listNew('posts');
    clock.advance(121_000);
    await pool.listNew('posts');

    expect(reddit.apiRequests().map((request) => request.clientId)).toEqual([
      'client-a',
      'client-b',
      'client-b',
      'client-b',
      'client-a',
    ]);
  });

  it('throws RedditRateLimitedError when no credential has budget, until a window resets', async () => {
    await startPool({ requestsPerMinute: 0.5, windowSeconds: 120 }, 2);
    await pool.listNew('posts');
    await pool.listNew('comments');

    const exhausted = await pool.listNew('posts').catch((error: unknown) => error);
    clock.advance(121_000);
    await pool.listNew('posts');

    expect(exhausted).toBeInstanceOf(RedditRateLimitedError);
    // The window ends 120 s after its first request; Reset is whole seconds, hence one more.
    expect(exhausted).toMatchObject({ retryAfterMs: 121_000 });
    expect(reddit.apiRequests()).toHaveLength(3);
  });

  it('retries a call that got a 429 on another credential and skips the limited one meanwhile', async () => {
    await startPool({}, 2);
    reddit.respondOnce('/r/all/new', { status: 429, headers: { 'retry-after': '60' } });

    await pool.listNew('posts');
    await pool.listNew('posts');
    clock.advance(60_000);
    await pool.listNew('posts');

    expect(reddit.apiRequests().map((request) => request.clientId)).toEqual([
      'client-a',
      'client-b',
      'client-b',
      'client-a',
    ]);
  });
});

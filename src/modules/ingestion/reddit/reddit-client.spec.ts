import type { Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeRedditServer, INSTANT } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import type { ManualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import { manualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import { RedditClient } from './reddit-client.js';
import { RedditApiError, RedditRateLimitedError, RedditUnavailableError } from './reddit-errors.js';
import { RedditTokenProvider } from './reddit-token-provider.js';

const USER_AGENT = 'node:keyword-alerts-test:v1 (by /u/tester)';

describe('RedditClient', () => {
  let reddit: FakeRedditServer;
  let clock: ManualClock;
  let client: RedditClient;

  async function startReddit(options: Parameters<typeof FakeRedditServer.start>[0] = {}) {
    clock = manualClock();
    reddit = await FakeRedditServer.start({
      realism: INSTANT,
      now: () => clock.nowMs(),
      ...options,
    });
    client = new RedditClient({
      apiBase: reddit.baseUrl,
      userAgent: USER_AGENT,
      clock,
      tokens: new RedditTokenProvider({
        authBase: reddit.baseUrl,
        userAgent: USER_AGENT,
        credentials: { clientId: 'client-a', clientSecret: 'secret-a' },
        clock,
      }),
    });
  }

  afterEach(async () => {
    await reddit.close();
  });

  describe('listings and lookups', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('lists /r/all/new with limit=100, raw_json=1, the bearer token and the User-Agent', async () => {
      const [oldest, , newest] = reddit.addPosts(3);

      const page = await client.listNew('posts');

      const [request] = reddit.apiRequests();
      expect(request?.path).toBe('/r/all/new');
      expect(Object.fromEntries(request?.query ?? [])).toEqual({ limit: '100', raw_json: '1' });
      expect(request?.headers.authorization).toBe('bearer token-client-a-1');
      expect(request?.headers['user-agent']).toBe(USER_AGENT);
      expect(page.items.map((item) => item.id)).toEqual([newest, expect.any(String), oldest]);
      expect(page.items[0]).toMatchObject({ type: 'post', title: `Post ${newest}` });
      expect(page.after).toBeNull();
    });

    it('lists /r/all/comments and passes the after and before cursors through', async () => {
      const [postId = ''] = reddit.addPosts(1);
      const commentIds = reddit.addComments(5, postId);

      const page = await client.listNew('comments', { after: `t1_${commentIds[3]}`, limit: 2 });
      await client.listNew('comments', { before: `t1_${commentIds[0]}` });

      const [afterRequest, beforeRequest] = reddit.apiRequests();
      expect(afterRequest?.path).toBe('/r/all/comments');
      expect(afterRequest?.query.get('after')).toBe(`t1_${commentIds[3]}`);
      expect(afterRequest?.query.get('limit')).toBe('2');
      expect(beforeRequest?.query.get('before')).toBe(`t1_${commentIds[0]}`);
      expect(page.items.map((item) => item.id)).toEqual([commentIds[2], commentIds[1]]);
      expect(page.items[0]).toMatchObject({ type: 'comment', postId });
      expect(page.after).toBe(`t1_${commentIds[1]}`);
    });

    it('looks fullnames up in batches of at most 100 and skips the ones Reddit drops', async () => {
      const postIds = reddit.addPosts(250);
      reddit.remove([`t3_${postIds[10]}`]);

      const items = await client.info([...postIds.map((id) => `t3_${id}`), 't3_zzzzzzz']);

      const requests = reddit.apiRequests();
      expect(requests.map((request) => request.path)).toEqual([
        '/api/info',
        '/api/info',
        '/api/info',
      ]);
      expect(requests.map((request) => request.query.get('id')?.split(',').length)).toEqual([
        100, 100, 51,
      ]);
      expect(requests.every((request) => request.query.get('raw_json') === '1')).toBe(true);
      expect(items).toHaveLength(249);
      expect(items.map((item) => item.id)).not.toContain(postIds[10]);
    });

    it('re-authenticates once when the API answers 401, then succeeds', async () => {
      reddit.addPosts(1);
      await client.listNew('posts');
      reddit.revokeTokens();

      const page = await client.listNew('posts');

      expect(page.items).toHaveLength(1);
      expect(reddit.tokenRequests()).toHaveLength(2);
      expect(reddit.apiRequests().map((request) => request.headers.authorization)).toEqual([
        'bearer token-client-a-1',
        'bearer token-client-a-1',
        'bearer token-client-a-2',
      ]);
    });

    it('gives up with RedditApiError when the fresh token is refused too', async () => {
      reddit.respondOnce('/r/all/new', { status: 401, body: { message: 'Unauthorized' } });
      reddit.respondOnce('/r/all/new', { status: 401, body: { message: 'Unauthorized' } });

      await expect(client.listNew('posts')).rejects.toMatchObject({
        name: RedditApiError.name,
        status: 401,
      });
      expect(reddit.apiRequests()).toHaveLength(2);
      expect(reddit.tokenRequests()).toHaveLength(2);
    });

    it("tracks Reddit's rate-limit headers", async () => {
      await client.listNew('posts');
      await client.listNew('comments');

      expect(client.rateLimit()).toEqual({
        remaining: 998,
        used: 2,
        resetAt: clock.nowMs() + 600_000,
        blockedUntil: null,
      });
    });

    it('throws RedditRateLimitedError on 429 with the Retry-After delay and waits it out', async () => {
      reddit.respondOnce('/r/all/new', { status: 429, headers: { 'retry-after': '30' } });

      await expect(client.listNew('posts')).rejects.toMatchObject({
        name: RedditRateLimitedError.name,
        retryAfterMs: 30_000,
      });
      clock.advance(29_999);
      await expect(client.listNew('posts')).rejects.toBeInstanceOf(RedditRateLimitedError);
      clock.advance(1);
      await expect(client.listNew('posts')).resolves.toMatchObject({ items: [] });
      expect(reddit.apiRequests()).toHaveLength(2);
    });

    it('takes the wait from X-Ratelimit-Reset when a 429 has no Retry-After', async () => {
      reddit.respondOnce('/api/info', { status: 429, headers: { 'x-ratelimit-reset': '42' } });

      await expect(client.info(['t3_abc'])).rejects.toMatchObject({
        name: RedditRateLimitedError.name,
        retryAfterMs: 42_000,
      });
    });

    it('throws RedditUnavailableError on 5xx with a growing backoff, reset by a success', async () => {
      reddit.respondOnce('/r/all/new', { status: 503 });
      reddit.respondOnce('/r/all/new', { status: 502 });
      reddit.respondOnce('/r/all/new', { status: 500, body: '<html>oops</html>' });

      const delays: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await client.listNew('posts').catch((error: RedditUnavailableError) => {
          delays.push(error.retryAfterMs);
        });
      }
      await client.listNew('posts');
      reddit.respondOnce('/r/all/new', { status: 503 });
      const afterSuccess = await client.listNew('posts').catch((error: unknown) => error);

      expect(delays).toEqual([1_000, 2_000, 4_000]);
      expect(afterSuccess).toBeInstanceOf(RedditUnavailableError);
      expect(afterSuccess).toMatchObject({ retryAfterMs: 1_000, status: 503 });
    });

    it('treats a 200 answer that is not JSON as Reddit being unavailable', async () => {
      reddit.respondOnce('/r/all/new', { status: 200 });

      await expect(client.listNew('posts')).rejects.toMatchObject({
        name: RedditUnavailableError.name,
        status: 200,
      });
    });
  });

  describe('rate-limit budget', () => {
    beforeEach(async () => {
      await startReddit({ requestsPerMinute: 1, windowSeconds: 120 });
    });

    it('stops sending once Reddit reports no budget left, until the window resets', async () => {
      await client.listNew('posts');
      await client.listNew('posts');

      const exhausted = await client.listNew('posts').catch((error: unknown) => error);
      clock.advance(121_000);
      const afterReset = await client.listNew('posts');

      expect(exhausted).toBeInstanceOf(RedditRateLimitedError);
      // The window ends 120 s after its first request; Reset is whole seconds, hence one more.
      expect(exhausted).toMatchObject({ retryAfterMs: 121_000 });
      expect(afterReset.items).toEqual([]);
      expect(reddit.apiRequests()).toHaveLength(3);
    });
  });

  describe('unreachable Reddit', () => {
    beforeEach(async () => {
      await startReddit();
    });

    it('throws RedditUnavailableError with a backoff when nothing answers', async () => {
      const unreachable = new RedditClient({
        apiBase: 'http://127.0.0.1:1',
        userAgent: USER_AGENT,
        clock,
        tokens: { getToken: () => Promise.resolve('token'), invalidate: () => undefined },
      });

      await expect(unreachable.listNew('posts')).rejects.toMatchObject({
        name: RedditUnavailableError.name,
        retryAfterMs: 1_000,
        status: null,
      });
    });
  });

  describe('misbehaving answers', () => {
    let server: Server;
    let baseUrl: string;

    async function serve(handler: (response: ServerResponse) => void): Promise<void> {
      server = createServer((_request, response) => handler(response));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }

    const clientFor = (options: { requestTimeoutMs?: number; maxResponseBytes?: number }) =>
      new RedditClient({
        apiBase: baseUrl,
        userAgent: USER_AGENT,
        clock: manualClock(),
        tokens: { getToken: () => Promise.resolve('token'), invalidate: () => undefined },
        ...options,
      });

    beforeEach(async () => {
      await startReddit();
    });

    afterEach(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('gives up on an answer that keeps trickling past the overall deadline', async () => {
      await serve((response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"kind":"Listing","data":{"children":[');
        const timer = setInterval(() => response.write(' '), 50);
        response.on('close', () => clearInterval(timer));
      });
      const startedAt = Date.now();

      const error = await clientFor({ requestTimeoutMs: 400 })
        .listNew('posts')
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(RedditUnavailableError);
      expect(Date.now() - startedAt).toBeLessThan(5_000);
    });

    it('cuts off an answer longer than the size cap', async () => {
      await serve((response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ kind: 'Listing', data: { padding: 'x'.repeat(10_000) } }));
      });

      const error = await clientFor({ maxResponseBytes: 4_096 })
        .listNew('posts')
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(RedditUnavailableError);
      expect((error as Error).message).toMatch(/longer than 4096 bytes/);
    });
  });
});

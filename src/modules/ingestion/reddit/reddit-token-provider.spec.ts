import { FakeRedditServer } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import { manualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import { RedditApiError, RedditUnavailableError } from './reddit-errors.js';
import { RedditTokenProvider } from './reddit-token-provider.js';

const USER_AGENT = 'node:keyword-alerts-test:v1 (by /u/tester)';

describe('RedditTokenProvider', () => {
  let reddit: FakeRedditServer;

  beforeEach(async () => {
    reddit = await FakeRedditServer.start({ tokenLifetimeSeconds: 3_600 });
  });

  afterEach(async () => {
    await reddit.close();
  });

  function provider(clock = manualClock(), clientSecret = 'secret-a'): RedditTokenProvider {
    return new RedditTokenProvider({
      authBase: reddit.baseUrl,
      userAgent: USER_AGENT,
      credentials: { clientId: 'client-a', clientSecret },
      clock,
    });
  }

  it('asks for a client-credentials token with HTTP Basic auth and the User-Agent', async () => {
    const token = await provider().getToken();

    const [request] = reddit.tokenRequests();
    expect(token).toBe('token-client-a-1');
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('client-a:secret-a').toString('base64')}`,
    );
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.body).toBe('grant_type=client_credentials');
  });

  it('fetches the token once and reuses it, even for concurrent callers', async () => {
    const tokens = provider();

    const concurrent = await Promise.all([tokens.getToken(), tokens.getToken()]);
    const later = await tokens.getToken();

    expect(new Set([...concurrent, later])).toEqual(new Set(['token-client-a-1']));
    expect(reddit.tokenRequests()).toHaveLength(1);
  });

  it('renews the token 60 s before it expires', async () => {
    const clock = manualClock();
    const tokens = provider(clock);
    await tokens.getToken();

    clock.advance(3_600_000 - 60_000 - 1);
    const beforeRenewal = await tokens.getToken();
    clock.advance(1);
    const renewed = await tokens.getToken();

    expect(beforeRenewal).toBe('token-client-a-1');
    expect(renewed).toBe('token-client-a-2');
    expect(reddit.tokenRequests()).toHaveLength(2);
  });

  it('fetches a new token after being invalidated', async () => {
    const tokens = provider();
    await tokens.getToken();

    tokens.invalidate();

    await expect(tokens.getToken()).resolves.toBe('token-client-a-2');
  });

  it('fails with RedditApiError when Reddit rejects the credentials', async () => {
    const failure = provider(manualClock(), 'wrong-secret').getToken();

    await expect(failure).rejects.toBeInstanceOf(RedditApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
  });

  it('fails with RedditUnavailableError and a retry delay when the token endpoint is down', async () => {
    reddit.respondOnce('/api/v1/access_token', { status: 503, headers: { 'retry-after': '7' } });
    const tokens = provider();

    await expect(tokens.getToken()).rejects.toMatchObject({
      name: RedditUnavailableError.name,
      retryAfterMs: 7_000,
      status: 503,
    });
    await expect(tokens.getToken()).resolves.toBe('token-client-a-1');
  });
});

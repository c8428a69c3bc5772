import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function spendReads(t: TestApp, apiKey: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.http
      .get(i % 2 === 0 ? '/api/v1/keywords' : '/api/v1/usage')
      .set(bearer(apiKey));
    statuses.push(res.status);
  }
  return statuses;
}

describe('read rate limit (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('sends X-RateLimit headers on GET, with Reset as epoch seconds', async () => {
    const { apiKey } = await t.account();
    const before = Math.floor(Date.now() / 1000);
    const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
    const reset = Number(res.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(before + 59);
    expect(reset).toBeLessThanOrEqual(before + 61);
    const next = await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200);
    expect(next.headers['x-ratelimit-remaining']).toBe('58');
  });

  it('shares one budget of 60 per key across all GET routes, then answers 429 rate_limited with Retry-After', async () => {
    const { apiKey } = await t.account();
    expect(await spendReads(t, apiKey, 60)).toEqual(Array(60).fill(200));
    const res = await t.http.get('/api/v1/alerts').set(bearer(apiKey)).expect(429);
    expect(res.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('gives each key its own budget', async () => {
    const first = await t.account();
    const second = await t.account();
    await spendReads(t, first.apiKey, 61);
    await t.http.get('/api/v1/keywords').set(bearer(second.apiKey)).expect(200);
  });

  it('counts writes on a separate budget of 120 per minute', async () => {
    const { apiKey } = await t.account();
    await spendReads(t, apiKey, 61);
    await t.http
      .post('/api/v1/keywords')
      .set(bearer(apiKey))
      .send({ text: 'still writable' })
      .expect(201);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 1) {
      statuses.push(
        (await t.http.patch('/api/v1/keywords/unknown').set(bearer(apiKey)).send({ active: false }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(119);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts HEAD as a read, with the same headers and the same 429', async () => {
    const { apiKey } = await t.account();
    const head = await t.http.head('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    expect(head.headers['x-ratelimit-limit']).toBe('60');
    expect(head.headers['x-ratelimit-remaining']).toBe('59');
    await spendReads(t, apiKey, 58);
    await t.http.head('/api/v1/alerts').set(bearer(apiKey)).expect(200);
    const refused = await t.http.head('/api/v1/usage').set(bearer(apiKey)).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(429);
  });

  it('does not count requests without a valid key', async () => {
    const res = await t.http.get('/api/v1/keywords').expect(401);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('read rate limit shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp('sqlite', { REDIS_URL });
    second = await createTestApp('sqlite', { REDIS_URL }, { databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('lets two instances share one budget per key', async () => {
    const { apiKey } = await first.account();
    expect(await spendReads(first, apiKey, 30)).toEqual(Array(30).fill(200));
    expect(await spendReads(second, apiKey, 30)).toEqual(Array(30).fill(200));
    const res = await first.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(429);
    expect(res.body.code).toBe('rate_limited');
    await second.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(429);
  });
});

import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

describe.each(testDatabaseKinds())('health checks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers liveness without a key, outside /api/v1', async () => {
    const res = await t.http.get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers readiness when the database is reachable', async () => {
    const res = await t.http.get('/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown routes with 404 not_found in the error shape', async () => {
    const res = await t.http.get('/api/v1/nope').expect(404);
    expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
  });
});

describe('GET /metrics', () => {
  it('is open when METRICS_TOKEN is not set', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.http.get('/metrics').expect(200);
      expect(res.text).toMatch(/^# HELP /m);
    } finally {
      await t.close();
    }
  });

  it('asks for METRICS_TOKEN as a Bearer token when it is set', async () => {
    const token = 'scrape-token-0123456789';
    const t = await createTestApp('sqlite', { METRICS_TOKEN: token });
    try {
      const { apiKey } = await t.account();
      for (const res of [
        await t.http.get('/metrics'),
        await t.http.get('/metrics').set(bearer('scrape-token-wrong')),
        await t.http.get('/metrics').set(bearer(apiKey)),
      ]) {
        expect([res.status, res.body]).toEqual([
          401,
          { error: expect.any(String), code: 'unauthorized' },
        ]);
      }
      const res = await t.http.get('/metrics').set(bearer(token)).expect(200);
      expect(res.text).toMatch(/^# HELP /m);
    } finally {
      await t.close();
    }
  });
});

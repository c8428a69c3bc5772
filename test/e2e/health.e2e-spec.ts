import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
    expect(res.body).toEqual({ status: 'ok', database: 'up', missing: [] });
  });

  it('names Redis in readiness when REDIS_URL is set', async () => {
    const withRedis = await createTestApp(kind, { REDIS_URL }, { databaseUrl: t.databaseUrl });
    try {
      const res = await withRedis.http.get('/health/ready').expect(200);
      expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up', missing: [] });
    } finally {
      await withRedis.close();
    }
  });

  it('answers unknown routes with 404 not_found in the error shape', async () => {
    const res = await t.http.get('/api/v1/nope').expect(404);
    expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
  });
});

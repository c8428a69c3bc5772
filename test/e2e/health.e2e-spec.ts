import { createTestApp, type TestApp } from '../utils/create-test-app.js';
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

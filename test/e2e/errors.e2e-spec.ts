import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

describe.each(testDatabaseKinds())('error responses on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ apiKey: key } = await t.account());
  });
  afterAll(() => t.close());

  it('answers unknown routes and methods with 404 not_found', async () => {
    for (const res of [
      await t.http.get('/api/v1/unknown').set(bearer(key)),
      await t.http.put('/api/v1/keywords').set(bearer(key)).send({}),
      await t.http.get('/somewhere'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });

  it('answers malformed JSON with 422 invalid_body on every route', async () => {
    const res = await t.http
      .post('/api/v1/webhooks')
      .set(bearer(key))
      .set('Content-Type', 'application/json')
      .send('{"url":')
      .expect(422);
    expect(res.body).toEqual({ error: 'Malformed JSON body', code: 'invalid_body' });
  });

  it('answers an unexpected failure with 500 internal_error and no internals', async () => {
    const broken = await createTestApp(kind);
    try {
      const { apiKey } = await broken.account();
      await broken.database.transaction((manager) => manager.query('DROP TABLE webhooks'));
      const res = await broken.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(500);
      expect(res.body).toEqual({
        error: expect.stringMatching(/^Internal error \(reference [0-9a-f-]{36}\)$/),
        code: 'internal_error',
      });
      expect(res.text).not.toMatch(/webhooks|SQL|at .*\.ts/i);
    } finally {
      await broken.close();
    }
  });

  it('carries a request id on every response', async () => {
    const res = await t.http.get('/health').set('X-Request-Id', 'trace-123').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-123');
    const generated = await t.http.get('/health').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

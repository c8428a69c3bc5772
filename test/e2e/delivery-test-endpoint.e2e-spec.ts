import { createWebhook } from '../factories/webhook.factory.js';
import { WEBHOOK_TEST_FIELDS } from '../utils/spec-fields.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { webhookState } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  answerWith,
  hasValidSignature,
  ReceiverPool,
  type Responder,
} from '../utils/webhook-receiver.js';

describe.each(testDatabaseKinds())('POST /webhooks/:id/test on %s', (kind) => {
  let t: TestApp;
  const receivers = new ReceiverPool();

  beforeAll(async () => {
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterEach(async () => {
    await receivers.closeAll();
  });
  afterAll(() => t.close());

  const receiver = (respond?: Responder) => receivers.start(respond);

  const sendTest = (apiKey: string, webhookId: string) =>
    t.http.post(`/api/v1/webhooks/${webhookId}/test`).set(bearer(apiKey));

  it('posts a signed sample post with test: true and answers 200 { ok, status, error }', async () => {
    const { apiKey } = await t.account();
    const endpoint = await receiver(answerWith(200));
    const hook = await createWebhook(t, apiKey, endpoint.url);
    t.clock.set(new Date('2026-11-21T11:22:33.444Z'));

    const res = await sendTest(apiKey, hook.id).expect(200);

    expect(res.body).toEqual({ ok: true, status: 200, error: null });
    const [request] = endpoint.requests;
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Service-Webhook/1.0',
      'x-webhook-id': hook.id,
      'x-webhook-event': 'test',
      'x-webhook-delivery': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await expect(hasValidSignature(request, hook.secret)).resolves.toBe(true);
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(WEBHOOK_TEST_FIELDS);
    expect(body).toMatchObject({
      event: 'test',
      timestamp: '2026-11-21T11:22:33+00:00',
      webhook_id: hook.id,
      website: null,
      inbox_id: 'test',
      id: expect.any(String),
      title: expect.any(String),
      subreddit: expect.any(String),
      author: expect.any(String),
      url: expect.stringMatching(/^https:\/\/www\.reddit\.com\/r\//),
      keyword: 'example',
      keyword_id: 'test',
      relevance_score: null,
      created_utc: Math.floor(Date.parse('2026-11-21T11:22:33Z') / 1000),
      test: true,
    });
    expect(await webhookState(t, apiKey, hook.id)).toMatchObject({
      last_delivery_at: '2026-11-21T11:22:33.444+00:00',
      total_deliveries: 1,
      consecutive_failures: 0,
      last_error: null,
    });
  });

  it('reports a non-2xx answer as ok false with its status, and records the failure', async () => {
    const { apiKey } = await t.account();
    const hook = await createWebhook(t, apiKey, (await receiver(answerWith(500))).url);

    const res = await sendTest(apiKey, hook.id).expect(200);

    expect(res.body).toEqual({ ok: false, status: 500, error: 'HTTP 500 Internal Server Error' });
    expect(await webhookState(t, apiKey, hook.id)).toMatchObject({
      last_delivery_at: expect.any(String),
      total_deliveries: 0,
      consecutive_failures: 1,
      last_error: 'HTTP 500 Internal Server Error',
      active: true,
    });
  });

  it('reports an unreachable endpoint with status null', async () => {
    const { apiKey } = await t.account();
    const closed = await receiver();
    await receivers.close(closed);
    const hook = await createWebhook(t, apiKey, closed.url);

    const res = await sendTest(apiKey, hook.id).expect(200);

    expect(res.body).toEqual({ ok: false, status: null, error: 'connection refused' });
    expect(await webhookState(t, apiKey, hook.id)).toMatchObject({
      last_error: 'connection refused',
      consecutive_failures: 1,
    });
  });

  it('still tests a paused webhook, so its owner can check the endpoint before resuming', async () => {
    const { apiKey } = await t.account();
    const endpoint = await receiver();
    const hook = await createWebhook(t, apiKey, endpoint.url);
    await t.http
      .patch(`/api/v1/webhooks/${hook.id}`)
      .set(bearer(apiKey))
      .send({ active: false })
      .expect(200);

    const res = await sendTest(apiKey, hook.id).expect(200);

    expect(res.body).toEqual({ ok: true, status: 200, error: null });
    expect(endpoint.requests).toHaveLength(1);
  });

  it.each<[string, (url: string) => Promise<string>]>([
    ['an unknown id', async () => 'no-such-webhook'],
    [
      "another account's webhook",
      async (url) => {
        const { apiKey } = await t.account();
        return (await createWebhook(t, apiKey, url)).id;
      },
    ],
    [
      'a deleted webhook',
      async (url) => {
        const { apiKey } = await t.account();
        const { id } = await createWebhook(t, apiKey, url);
        await t.http.delete(`/api/v1/webhooks/${id}`).set(bearer(apiKey)).expect(200);
        return id;
      },
    ],
  ])('answers 404 not_found for %s, sending nothing', async (_case, webhookOf) => {
    const endpoint = await receiver();
    const webhookId = await webhookOf(endpoint.url);
    const { apiKey } = await t.account();

    const res = await sendTest(apiKey, webhookId).expect(404);

    expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
    expect(endpoint.connections()).toBe(0);
  });

  it('allows 10 tests per minute per key, then answers 429 rate_limited', async () => {
    const { apiKey } = await t.account();
    const endpoint = await receiver();
    const hook = await createWebhook(t, apiKey, endpoint.url);

    for (let i = 0; i < 10; i += 1) await sendTest(apiKey, hook.id).expect(200);
    const res = await sendTest(apiKey, hook.id).expect(429);

    expect(res.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(endpoint.requests).toHaveLength(10);
    const other = await t.account();
    const otherHook = await createWebhook(t, other.apiKey, endpoint.url);
    await sendTest(other.apiKey, otherHook.id).expect(200);
  });
});

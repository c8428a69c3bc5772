import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

const HOUR_MS = 3_600_000;
const SINCE = '2020-01-01T00:00:00Z';

describe.each(testDatabaseKinds())('redelivery budget (REDELIVERY_ROWS_PER_HOUR) on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    receiver = await startWebhookReceiver((_request, response) => response.writeHead(500).end());
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true', REDELIVERY_ROWS_PER_HOUR: '5' });
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  /** An account whose webhook failed three deliveries. */
  async function threeFailures() {
    const { apiKey } = await t.account();
    const term = `budget ${Math.random().toString(36).slice(2, 8)}`;
    await createKeyword(t, apiKey, term);
    const webhook = await createWebhook(t, apiKey, receiver.url);
    await ingest(
      t,
      [1, 2, 3].map((n) => postItem({ title: `${term} ${n}` })),
    );
    await runDeliveries(t);
    return { apiKey, webhookId: webhook.id };
  }
  const bulk = (apiKey: string, webhookId: string) =>
    t.http
      .post(`/api/v1/webhooks/${webhookId}/redeliver`)
      .set(bearer(apiKey))
      .send({ since: SINCE });
  const single = (apiKey: string, webhookId: string, deliveryId: string) =>
    t.http
      .post(`/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`)
      .set(bearer(apiKey));
  const log = async (apiKey: string, webhookId: string) => {
    const res = await t.http
      .get(`/api/v1/webhooks/${webhookId}/deliveries`)
      .set(bearer(apiKey))
      .expect(200);
    return res.body.data as Array<{ id: string; status: string; attempts: number }>;
  };
  const secondsLeftInHour = () => Math.ceil((HOUR_MS - (t.clock.nowMs() % HOUR_MS)) / 1000);

  it('counts the rows bulk and single redelivery queue, and refuses a call that would pass the hour, queueing nothing', async () => {
    const { apiKey, webhookId } = await threeFailures();

    expect((await bulk(apiKey, webhookId).expect(202)).body).toEqual({ queued: 3 });
    await runDeliveries(t);
    const refused = await bulk(apiKey, webhookId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: expect.stringMatching(/5 per hour/),
      code: 'rate_limited',
    });
    expect(refused.headers['retry-after']).toBe(String(secondsLeftInHour()));
    const afterRefusal = await log(apiKey, webhookId);
    expect(afterRefusal.map((entry) => [entry.status, entry.attempts])).toEqual(
      Array(3).fill(['failed', 2]),
    );

    const [first, second, third] = afterRefusal;
    expect((await single(apiKey, webhookId, first.id).expect(202)).body).toEqual({ queued: 1 });
    expect((await single(apiKey, webhookId, second.id).expect(202)).body).toEqual({ queued: 1 });
    const singleRefused = await single(apiKey, webhookId, third.id);
    expect([singleRefused.status, singleRefused.body.code]).toEqual([429, 'rate_limited']);
    const statuses = (await log(apiKey, webhookId)).map((entry) => entry.status);
    expect(statuses).toEqual(['pending', 'pending', 'failed']);
    // A delivery already waiting queues nothing and so costs nothing.
    expect((await single(apiKey, webhookId, first.id).expect(202)).body).toEqual({ queued: 0 });
  });

  it('keeps one count per account, and starts afresh each hour', async () => {
    const spender = await threeFailures();
    const other = await threeFailures();
    await bulk(spender.apiKey, spender.webhookId).expect(202);
    await runDeliveries(t);
    expect((await bulk(spender.apiKey, spender.webhookId)).status).toBe(429);

    expect((await bulk(other.apiKey, other.webhookId).expect(202)).body).toEqual({ queued: 3 });

    t.clock.advance(secondsLeftInHour() * 1000);
    expect((await bulk(spender.apiKey, spender.webhookId).expect(202)).body).toEqual({ queued: 3 });
  });

  it('refuses over GraphQL as over REST', async () => {
    const { apiKey, webhookId } = await threeFailures();
    await bulk(apiKey, webhookId).expect(202);
    await runDeliveries(t);

    const res = await t.http
      .post('/graphql')
      .set(bearer(apiKey))
      .send({
        query: `mutation ($id: ID!, $since: String!) {
          redeliverWebhookDeliveries(webhookId: $id, input: { since: $since }) { queued }
        }`,
        variables: { id: webhookId, since: SINCE },
      });

    expect(res.body.errors[0].extensions).toEqual({ code: 'rate_limited', status: 429 });
    expect((await log(apiKey, webhookId)).map((entry) => entry.status)).toEqual(
      Array(3).fill('failed'),
    );
  });
});

import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook, type CreatedWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

const LOG_FIELDS = [
  'id',
  'alert_id',
  'event',
  'status',
  'attempts',
  'last_attempt_at',
  'response_status',
  'error',
  'duration_ms',
  'created_at',
  'next_attempt_at',
];

interface LogEntry {
  id: string;
  alert_id: string;
  event: string;
  status: string;
  attempts: number;
  last_attempt_at: string | null;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  next_attempt_at: string | null;
}

describe.each(testDatabaseKinds())('webhook delivery log and redelivery on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let answer = 500;
  const logs = capturedLogger();

  beforeAll(async () => {
    receiver = await startWebhookReceiver((_request, response) => response.writeHead(answer).end());
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' }, { logger: logs.logger });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** An account whose webhook failed three post deliveries, oldest first. */
  async function threeFailedDeliveries() {
    answer = 500;
    const { apiKey } = await t.account();
    await createKeyword(t, apiKey, 'log me');
    const webhook = await createWebhook(t, apiKey, receiver.url);
    for (const n of [1, 2, 3]) {
      await ingest(t, [postItem({ title: `log me ${n}` })]);
      t.clock.advance(1_000);
    }
    await runDeliveries(t);
    return { apiKey, webhook };
  }
  const log = async (apiKey: string, webhook: CreatedWebhook, query = '') => {
    const res = await t.http
      .get(`/api/v1/webhooks/${webhook.id}/deliveries${query}`)
      .set(bearer(apiKey))
      .expect(200);
    return res.body as { data: LogEntry[]; next_cursor: string | null };
  };

  it('shows one webhook as the list does', async () => {
    const { apiKey, webhook } = await threeFailedDeliveries();
    const listed = (await t.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(200)).body
      .data[0];

    const one = await t.http.get(`/api/v1/webhooks/${webhook.id}`).set(bearer(apiKey)).expect(200);

    expect(one.body).toEqual({ data: listed });
    const other = await t.account();
    const foreign = await t.http.get(`/api/v1/webhooks/${webhook.id}`).set(bearer(other.apiKey));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
  });

  it('lists deliveries newest first with their outcome, filtered and paginated', async () => {
    const { apiKey, webhook } = await threeFailedDeliveries();
    const alerts = (await t.http.get('/api/v1/alerts').set(bearer(apiKey)).expect(200)).body
      .data as { inbox_id: string }[];

    const { data, next_cursor } = await log(apiKey, webhook);

    expect(next_cursor).toBeNull();
    expect(data.map((entry) => entry.alert_id)).toEqual(alerts.map((alert) => alert.inbox_id));
    for (const entry of data) {
      expect(Object.keys(entry)).toEqual(LOG_FIELDS);
      expect(entry).toMatchObject({
        event: 'post',
        status: 'failed',
        attempts: 1,
        response_status: 500,
        error: expect.stringContaining('500'),
      });
      expect(entry.duration_ms).toEqual(expect.any(Number));
      expect(entry.last_attempt_at).toMatch(/\+00:00$/);
    }
    expect((await log(apiKey, webhook, '?status=succeeded')).data).toEqual([]);
    const first = await log(apiKey, webhook, '?limit=2');
    expect(first.data.map((entry) => entry.id)).toEqual(data.slice(0, 2).map((entry) => entry.id));
    const second = await log(apiKey, webhook, `?limit=2&after=${first.next_cursor}`);
    expect(second).toEqual({ data: [data[2]], next_cursor: null });
    const since = encodeURIComponent(data[1].created_at);
    expect((await log(apiKey, webhook, `?since=${since}`)).data).toEqual([data[0]]);
    for (const query of ['?status=sending', '?limit=0', '?after=nope', '?since=yesterday']) {
      const res = await t.http
        .get(`/api/v1/webhooks/${webhook.id}/deliveries${query}`)
        .set(bearer(apiKey));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('invalid_body');
    }
  });

  it('redelivers one delivery with the same id and body bytes, through the outbox', async () => {
    const { apiKey, webhook } = await threeFailedDeliveries();
    const [newest] = (await log(apiKey, webhook)).data;
    const firstAttempt = receiver.requests.find(
      (request) => request.headers['x-webhook-delivery'] === newest.id,
    )!;
    answer = 200;
    const before = receiver.requests.length;

    const res = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/deliveries/${newest.id}/redeliver`)
      .set(bearer(apiKey))
      .expect(202);
    expect(res.body).toEqual({ queued: 1 });
    expect((await log(apiKey, webhook)).data[0].status).toBe('pending');
    await runDeliveries(t);

    const resent = receiver.requests.slice(before);
    expect(resent).toHaveLength(1);
    expect(resent[0].headers['x-webhook-delivery']).toBe(newest.id);
    expect(resent[0].body.equals(firstAttempt.body)).toBe(true);
    expect(resent[0].headers['x-webhook-signature']).toBe(
      firstAttempt.headers['x-webhook-signature'],
    );
    expect((await log(apiKey, webhook)).data[0]).toMatchObject({
      id: newest.id,
      status: 'succeeded',
      attempts: 2,
      response_status: 200,
      error: null,
    });
  });

  it('redelivers the failed deliveries since a moment, and only those', async () => {
    const { apiKey, webhook } = await threeFailedDeliveries();
    const [newest, middle, oldest] = (await log(apiKey, webhook)).data;
    answer = 200;
    const before = receiver.requests.length;

    const res = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/redeliver`)
      .set(bearer(apiKey))
      .send({ since: oldest.created_at, status: 'failed' })
      .expect(202);
    expect(res.body).toEqual({ queued: 2 });
    await runDeliveries(t);

    expect(
      receiver.requests.slice(before).map((request) => request.headers['x-webhook-delivery']),
    ).toEqual([middle.id, newest.id]);
    const statuses = (await log(apiKey, webhook)).data.map((entry) => entry.status);
    expect(statuses).toEqual(['succeeded', 'succeeded', 'failed']);
    const again = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/redeliver`)
      .set(bearer(apiKey))
      .send({ since: oldest.created_at })
      .expect(202);
    expect(again.body).toEqual({ queued: 0 });
  });

  it('refuses a bad redelivery request and changes nothing', async () => {
    const { apiKey, webhook } = await threeFailedDeliveries();
    const since = '2020-01-01T00:00:00Z';
    for (const body of [{}, { since: 'soon' }, { since, status: 'succeeded' }, { since, x: 1 }]) {
      const res = await t.http
        .post(`/api/v1/webhooks/${webhook.id}/redeliver`)
        .set(bearer(apiKey))
        .send(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_body' });
    }
    const unknown = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/deliveries/no-such-delivery/redeliver`)
      .set(bearer(apiKey));
    expect(unknown.status).toBe(404);
    await t.http
      .patch(`/api/v1/webhooks/${webhook.id}`)
      .set(bearer(apiKey))
      .send({ active: false })
      .expect(200);
    const paused = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/redeliver`)
      .set(bearer(apiKey))
      .send({ since });
    expect(paused.status).toBe(422);
    expect(paused.body.error).toMatch(/paused/);
    expect((await log(apiKey, webhook)).data.map((entry) => entry.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('logs each failed attempt at warn with the webhook, status and error, never the secret', async () => {
    const { webhook } = await threeFailedDeliveries();

    const failures = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('webhook delivery failed') && line.includes(webhook.id))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({ level: 40, webhookId: webhook.id, status: 500 });
    expect(logs.text()).not.toContain(webhook.secret);
  });

  it('serves the same log and redelivery over GraphQL', async () => {
    const { apiKey, webhook } = await threeFailedDeliveries();
    const rest = (await log(apiKey, webhook)).data;
    const graphql = async (query: string, variables: Record<string, unknown>) => {
      const res = await t.http
        .post('/graphql')
        .set(bearer(apiKey))
        .send({ query, variables })
        .expect(200);
      expect(res.body.errors).toBeUndefined();
      return res.body.data as Record<string, unknown>;
    };

    const page = await graphql(
      `
        query ($id: ID!) {
          webhook(id: $id) {
            id
            name
          }
          webhookDeliveries(webhookId: $id, status: failed, first: 2) {
            edges {
              node {
                id
                alertId
                event
                status
                attempts
                responseStatus
                createdAt
              }
            }
            pageInfo {
              hasNextPage
            }
          }
        }
      `,
      { id: webhook.id },
    );
    expect(page.webhook).toMatchObject({ id: webhook.id });
    expect(page.webhookDeliveries).toEqual({
      edges: rest.slice(0, 2).map((entry) => ({
        node: {
          id: entry.id,
          alertId: entry.alert_id,
          event: 'post',
          status: 'failed',
          attempts: 1,
          responseStatus: 500,
          createdAt: entry.created_at,
        },
      })),
      pageInfo: { hasNextPage: true },
    });

    answer = 200;
    const queued = await graphql(
      `
        mutation ($id: ID!, $since: String!) {
          redeliverWebhookDeliveries(webhookId: $id, input: { since: $since }) {
            queued
          }
        }
      `,
      { id: webhook.id, since: '2020-01-01T00:00:00Z' },
    );
    expect(queued).toEqual({ redeliverWebhookDeliveries: { queued: 3 } });
    await runDeliveries(t);
    expect((await log(apiKey, webhook)).data.map((entry) => entry.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });
});

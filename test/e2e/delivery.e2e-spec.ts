import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { WEBHOOK_COMMENT_FIELDS } from '../utils/spec-fields.js';
import { utcDay } from '../../src/common/time/timestamps.js';
import { AlertEntity } from '../../src/modules/alerts/alert.entity.js';
import { DeliveryEntity } from '../../src/modules/delivery/delivery.entity.js';
import { WebhookEntity } from '../../src/modules/webhooks/webhook.entity.js';
import { insertUsage } from '../factories/alert.factory.js';
import { bearer, createTestApp, scrapeMetrics, type TestApp } from '../utils/create-test-app.js';
import {
  commentItem,
  deliveryRows,
  ingest,
  postItem,
  runDeliveries,
  webhookState,
} from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  answerWith,
  hasValidSignature,
  ReceiverPool,
  type Responder,
} from '../utils/webhook-receiver.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(testDatabaseKinds())('webhook delivery on %s', (kind) => {
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

  let watchers = 0;

  /**
   * An account watching one keyword; `term` is unique to the call (parameterised tests share
   * their text), so no other account's webhooks match the items a test ingests.
   */
  async function watcher(keyword: string) {
    const { apiKey } = await t.account();
    watchers += 1;
    const term = `${keyword} n${watchers}`;
    const { id: keywordId } = await createKeyword(t, apiKey, term);
    return { apiKey, keywordId, term };
  }

  it('sends every alert to every active webhook of the account, once, and to nobody else', async () => {
    const { apiKey, term } = await watcher('fanout widget');
    const [first, second, paused, stranger] = await Promise.all([
      receiver(),
      receiver(),
      receiver(),
      receiver(),
    ]);
    const hooks = [
      await createWebhook(t, apiKey, first.url),
      await createWebhook(t, apiKey, second.url),
      await createWebhook(t, apiKey, paused.url),
    ];
    await t.http
      .patch(`/api/v1/webhooks/${hooks[2].id}`)
      .set(bearer(apiKey))
      .send({ active: false })
      .expect(200);
    const other = await watcher('unrelated gadget');
    await createWebhook(t, other.apiKey, stranger.url);

    const summary = await ingest(t, [
      postItem({ title: `The ${term} is here` }),
      postItem({ title: `Another ${term} review` }),
    ]);
    expect(summary.alerts).toBe(2);

    expect(await runDeliveries(t)).toEqual({ claimed: 4, succeeded: 4, failed: 0, canceled: 0 });
    const alertIds = (
      (await t.http.get('/api/v1/alerts').set(bearer(apiKey)).expect(200)).body.data as {
        inbox_id: string;
      }[]
    ).map((alert) => alert.inbox_id);
    for (const active of [first, second]) {
      const inboxIds = active.requests.map((r) => JSON.parse(r.body.toString()).inbox_id);
      expect(inboxIds.sort()).toEqual([...alertIds].sort());
    }
    expect(paused.requests).toHaveLength(0);
    expect(stranger.requests).toHaveLength(0);

    expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
    expect(first.requests).toHaveLength(2);
  });

  it('posts the exact JSON bytes: whole-second timestamp, the spec field order, webhook_id, website null', async () => {
    const { apiKey, keywordId, term } = await watcher('Acme Widget');
    const endpoint = await receiver();
    const hook = await createWebhook(t, apiKey, endpoint.url);
    t.clock.set(new Date('2026-11-21T10:04:05.678Z'));
    const post = {
      id: '1q2w3e',
      title: `Café ☕ owners: is the "${term.toUpperCase()}" worth it?`,
      selftext: 'Line one\nline two',
      subreddit: 'smallbusiness',
      author: 'espresso_fan',
      score: 42,
      num_comments: 7,
      created_utc: 1763719200,
      permalink: '/r/smallbusiness/comments/1q2w3e/cafe_owners/',
    };

    await ingest(t, [postItem(post)]);
    await runDeliveries(t);

    const [alert] = (await t.http.get('/api/v1/alerts').set(bearer(apiKey)).expect(200)).body
      .data as { inbox_id: string }[];
    const expected =
      `{"event":"post","timestamp":"2026-11-21T10:04:05+00:00","webhook_id":"${hook.id}",` +
      `"website":null,"inbox_id":"${alert.inbox_id}","id":"1q2w3e",` +
      `"title":"Café ☕ owners: is the \\"${term.toUpperCase()}\\" worth it?","subreddit":"smallbusiness",` +
      `"author":"espresso_fan","selftext":"Line one\\nline two",` +
      `"url":"https://www.reddit.com/r/smallbusiness/comments/1q2w3e/cafe_owners/",` +
      `"keyword":"${term}","keyword_id":"${keywordId}","relevance_score":null,` +
      `"upvotes":42,"replies":7,"created_utc":1763719200}`;
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0].body.toString('utf8')).toBe(expected);
    expect(endpoint.requests[0].body.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('gives a comment alert its parent post fields, then comment and comment_upvotes last', async () => {
    const { apiKey, term } = await watcher('gizmo');
    const endpoint = await receiver();
    await createWebhook(t, apiKey, endpoint.url);
    const parent = {
      id: '9z8y7x',
      subreddit: 'gadgets',
      title: 'Weekly thread',
      selftext: 'Ask anything',
      score: 9,
      num_comments: 2,
    };
    const comment = { id: 'c0ffee', body: `My ${term} broke again`, score: 5 };

    await ingest(t, [postItem(parent), commentItem(parent, comment)]);
    await runDeliveries(t);

    const [request] = endpoint.requests;
    expect(request.headers['x-webhook-event']).toBe('comment');
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(WEBHOOK_COMMENT_FIELDS);
    expect(body).toMatchObject({
      event: 'comment',
      id: 'c0ffee',
      title: 'Weekly thread',
      selftext: 'Ask anything',
      upvotes: 9,
      replies: 2,
      comment: `My ${term} broke again`,
      comment_upvotes: 5,
    });
    expect(body).not.toHaveProperty('test');
  });

  it("signs the raw body with the webhook's own secret and sends the spec's headers", async () => {
    const { apiKey, term } = await watcher('signed thing');
    const [firstEndpoint, secondEndpoint] = [await receiver(), await receiver()];
    const first = await createWebhook(t, apiKey, firstEndpoint.url);
    const second = await createWebhook(t, apiKey, secondEndpoint.url);

    await ingest(t, [postItem({ title: `A ${term} appears` })]);
    await runDeliveries(t);

    const rows = await deliveryRows(t);
    for (const [endpoint, hook] of [
      [firstEndpoint, first],
      [secondEndpoint, second],
    ] as const) {
      const [request] = endpoint.requests;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks/alerts');
      expect(request.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': 'Service-Webhook/1.0',
        'x-webhook-id': hook.id,
        'x-webhook-event': 'post',
        'x-webhook-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
        'x-webhook-delivery': expect.stringMatching(UUID_V7),
      });
      await expect(hasValidSignature(request, hook.secret)).resolves.toBe(true);
      const row = rows.find((r) => r.id === request.headers['x-webhook-delivery']);
      expect(row).toMatchObject({ webhookId: hook.id, status: 'succeeded' });
    }
    await expect(hasValidSignature(firstEndpoint.requests[0], second.secret)).resolves.toBe(false);
    expect(firstEndpoint.requests[0].headers['x-webhook-delivery']).not.toBe(
      secondEndpoint.requests[0].headers['x-webhook-delivery'],
    );
  });

  it('records a success on the delivery and on the webhook', async () => {
    const { apiKey, term } = await watcher('happy path');
    const endpoint = await receiver(answerWith(204));
    const hook = await createWebhook(t, apiKey, endpoint.url);

    await ingest(t, [postItem({ title: `${term} one` }), postItem({ title: `${term} two` })]);
    await runDeliveries(t);

    expect(await webhookState(t, apiKey, hook.id)).toMatchObject({
      active: true,
      last_delivery_at: t.clock.now().toISOString().replace('Z', '+00:00'),
      total_deliveries: 2,
      last_error: null,
      consecutive_failures: 0,
    });
    const rows = (await deliveryRows(t)).filter((row) => row.webhookId === hook.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'succeeded',
        httpStatus: 204,
        error: null,
        attemptedAt: t.clock.nowMs(),
        claimedUntil: null,
        durationMs: expect.any(Number),
      });
    }
  });

  describe('a failed attempt', () => {
    it.each<[string, () => Promise<string>, number | null, string]>([
      [
        'a 500 answer',
        async () => (await receiver(answerWith(500))).url,
        500,
        'HTTP 500 Internal Server Error',
      ],
      [
        'a redirect, which is not followed',
        async () => {
          const target = await receiver();
          return (await receiver(answerWith(302, { Location: target.url }))).url;
        },
        302,
        'HTTP 302 Found (redirects are not followed)',
      ],
      [
        'a closed port',
        async () => {
          const closed = await receiver();
          await receivers.close(closed);
          return closed.url;
        },
        null,
        'connection refused',
      ],
    ])(
      'after %s: recorded with its reason, counted, never retried, webhook stays active',
      async (_situation, endpointUrl, httpStatus, error) => {
        const { apiKey, term } = await watcher('flaky endpoint');
        const hook = await createWebhook(t, apiKey, await endpointUrl());

        await ingest(t, [postItem({ title: `${term} one` }), postItem({ title: `${term} two` })]);
        expect(await runDeliveries(t)).toEqual({
          claimed: 2,
          succeeded: 0,
          failed: 2,
          canceled: 0,
        });

        expect(await webhookState(t, apiKey, hook.id)).toMatchObject({
          active: true,
          last_delivery_at: expect.any(String),
          total_deliveries: 0,
          last_error: error,
          consecutive_failures: 2,
        });
        const rows = (await deliveryRows(t)).filter((row) => row.webhookId === hook.id);
        expect(rows.map((row) => [row.status, row.httpStatus, row.error])).toEqual([
          ['failed', httpStatus, error],
          ['failed', httpStatus, error],
        ]);
        expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
      },
    );

    it('is followed by a success that resets the failure count and keeps the last failure text', async () => {
      let status = 503;
      const endpoint = await receiver((_request, response) => response.writeHead(status).end());
      const { apiKey, term } = await watcher('recovering endpoint');
      const hook = await createWebhook(t, apiKey, endpoint.url);
      await ingest(t, [postItem({ title: `${term} down` })]);
      await runDeliveries(t);
      status = 200;

      await ingest(t, [postItem({ title: `${term} up` })]);
      await runDeliveries(t);

      expect(await webhookState(t, apiKey, hook.id)).toMatchObject({
        total_deliveries: 1,
        consecutive_failures: 0,
        last_error: 'HTTP 503 Service Unavailable',
      });
    });
  });

  it('does not follow a redirect to another receiver', async () => {
    const target = await receiver();
    const redirecting = await receiver(answerWith(307, { Location: target.url }));
    const { apiKey, term } = await watcher('redirect check');
    await createWebhook(t, apiKey, redirecting.url);

    await ingest(t, [postItem({ title: term })]);
    await runDeliveries(t);

    expect(redirecting.requests).toHaveLength(1);
    expect(target.connections()).toBe(0);
  });

  describe.each([
    [
      'paused',
      (apiKey: string, id: string) =>
        t.http.patch(`/api/v1/webhooks/${id}`).set(bearer(apiKey)).send({ active: false }),
    ],
    [
      'deleted',
      (apiKey: string, id: string) => t.http.delete(`/api/v1/webhooks/${id}`).set(bearer(apiKey)),
    ],
  ])('a %s webhook', (_state, stop) => {
    it('gets none of the deliveries already queued for it, and its counters stay untouched', async () => {
      const { apiKey, term } = await watcher('queued then stopped');
      const [stopped, running] = [await receiver(), await receiver()];
      const stoppedHook = await createWebhook(t, apiKey, stopped.url);
      await createWebhook(t, apiKey, running.url);
      await ingest(t, [postItem({ title: `${term} one` }), postItem({ title: `${term} two` })]);

      await stop(apiKey, stoppedHook.id).expect(200);
      expect(await runDeliveries(t)).toEqual({ claimed: 4, succeeded: 2, failed: 0, canceled: 2 });

      expect(stopped.connections()).toBe(0);
      expect(running.requests).toHaveLength(2);
      const rows = (await deliveryRows(t)).filter((row) => row.webhookId === stoppedHook.id);
      expect(rows.map((row) => [row.status, row.attemptedAt])).toEqual([
        ['canceled', null],
        ['canceled', null],
      ]);
      expect(
        await t.database.manager.findOneBy(WebhookEntity, { id: stoppedHook.id }),
      ).toMatchObject({
        lastDeliveryAt: null,
        totalDeliveries: 0,
        lastError: null,
        consecutiveFailures: 0,
      });
    });

    it('gets no delivery queued for alerts stored after it stopped', async () => {
      const { apiKey, term } = await watcher('stored after stop');
      const stopped = await receiver();
      const hook = await createWebhook(t, apiKey, stopped.url);
      await stop(apiKey, hook.id).expect(200);

      await ingest(t, [postItem({ title: term })]);

      expect((await deliveryRows(t)).filter((row) => row.webhookId === hook.id)).toEqual([]);
      expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
      expect(stopped.connections()).toBe(0);
    });
  });

  it('sends nothing for a match held back by the daily cap', async () => {
    const { apiKey, keywordId, term } = await watcher('capped term');
    const endpoint = await receiver();
    const hook = await createWebhook(t, apiKey, endpoint.url);
    await insertUsage(t, keywordId, utcDay(t.clock.nowMs()), 100, 0);

    expect(await ingest(t, [postItem({ title: `${term} again` })])).toMatchObject({
      alerts: 0,
      capped: 1,
    });

    expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
    expect((await deliveryRows(t)).filter((row) => row.webhookId === hook.id)).toEqual([]);
    expect(endpoint.connections()).toBe(0);
  });

  it('counts outcomes and latency in /metrics', async () => {
    const { apiKey, term } = await watcher('metered term');
    await createWebhook(t, apiKey, (await receiver()).url);
    await createWebhook(t, apiKey, (await receiver(answerWith(500))).url);
    const before = await scrapeMetrics(t);

    await ingest(t, [postItem({ title: term })]);
    await runDeliveries(t);

    const after = await scrapeMetrics(t);
    const count = (text: string, outcome: string) =>
      Number(
        new RegExp(`^alerts_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
          text,
        )?.[1] ?? 0,
      );
    expect(count(after, 'succeeded') - count(before, 'succeeded')).toBe(1);
    expect(count(after, 'failed') - count(before, 'failed')).toBe(1);
    expect(after).toMatch(
      /^alerts_webhook_delivery_latency_seconds_count\{outcome="succeeded"\} \d+$/m,
    );
  });

  it('drops the deliveries of an alert when the alert is deleted (history window)', async () => {
    const { apiKey, term } = await watcher('short lived');
    const hook = await createWebhook(t, apiKey, (await receiver()).url);
    await ingest(t, [postItem({ title: term })]);
    const [row] = (await deliveryRows(t)).filter((r) => r.webhookId === hook.id);

    await t.database.transaction((manager) => manager.delete(AlertEntity, { id: row.alertId }));

    expect(await t.database.manager.countBy(DeliveryEntity, { alertId: row.alertId })).toBe(0);
    expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
  });

  it('gives each delivery a time-ordered uuid v7 id, unique per (alert, webhook)', async () => {
    const { apiKey, term } = await watcher('many hooks');
    const endpoints = await Promise.all([receiver(), receiver(), receiver()]);
    for (const endpoint of endpoints) await createWebhook(t, apiKey, endpoint.url);

    await ingest(t, [postItem({ title: `${term} a` }), postItem({ title: `${term} b` })]);
    await runDeliveries(t);

    const ids = endpoints.flatMap((e) =>
      e.requests.map((r) => String(r.headers['x-webhook-delivery'])),
    );
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });
});

import { isoWithMillis } from '../../src/common/time/timestamps.js';
import { DeliveryEntity } from '../../src/modules/delivery/delivery.entity.js';
import { RETRY_DELAYS_MS } from '../../src/modules/delivery/retry-policy.js';
import { WebhookEntity } from '../../src/modules/webhooks/webhook.entity.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { postGraphql, runGraphql } from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  startWebhookReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

interface Answer {
  status: number;
  /** Written when the answer is given. */
  headers?: () => Record<string, string>;
}

/** A receiver that answers each request with the next of `script`, then with the last one. */
async function scriptedReceiver(script: Answer[]) {
  let answered = 0;
  const receiver = await startWebhookReceiver((_request, response) => {
    const answer = script[Math.min(answered, script.length - 1)];
    answered += 1;
    response.writeHead(answer.status, answer.headers?.() ?? {}).end();
  });
  return receiver;
}

interface Attempt {
  attempt: number;
  trigger: string;
  attempted_at: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: string | null;
}

const deliveryIdsOf = (requests: ReceivedRequest[]) =>
  requests.map((request) => [request.headers['x-webhook-delivery'], request.headers['webhook-id']]);

describe.each(testDatabaseKinds())('opt-in webhook retries on %s', (kind) => {
  let t: TestApp;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await t.close();
    for (const receiver of receivers) await receiver.close();
  });

  /** An account, a keyword, and a webhook on `policy` to a receiver answering `script`. */
  async function watching(script: Answer[], policy: string | null = 'standard') {
    const receiver = await scriptedReceiver(script);
    receivers.push(receiver);
    const { apiKey } = await t.account();
    const term = `retry term ${receivers.length}`;
    await createKeyword(t, apiKey, term);
    const fields = policy === null ? {} : { retry_policy: policy };
    const webhook = await createWebhook(t, apiKey, receiver.url, fields);
    const alert = async () => {
      await ingest(t, [postItem({ title: `About ${term}` })]);
    };
    return { apiKey, webhook, receiver, alert };
  }

  const deliveryOf = async (webhookId: string) =>
    t.database.manager.findOneByOrFail(DeliveryEntity, { webhookId });

  const attemptsOf = async (apiKey: string, webhookId: string, deliveryId: string) => {
    const res = await t.http
      .get(`/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/attempts`)
      .set(bearer(apiKey))
      .expect(200);
    return res.body as { data: Attempt[]; count: number };
  };

  /** Moves the clock to the waiting retry's time and runs the worker. */
  async function untilRetry(webhookId: string) {
    const { retryAt } = await deliveryOf(webhookId);
    if (retryAt === null) throw new Error('no retry waits');
    t.clock.set(new Date(retryAt));
    await runDeliveries(t);
    return retryAt;
  }

  describe('the field', () => {
    it('is none unless asked for, comes after format in every answer, and can be changed', async () => {
      const { apiKey } = await t.account();
      const plain = await t.http
        .post('/api/v1/webhooks')
        .set(bearer(apiKey))
        .send({ url: 'http://127.0.0.1:9/plain' })
        .expect(201);
      expect(Object.keys(plain.body.data).slice(3, 6)).toEqual([
        'format',
        'retry_policy',
        'active',
      ]);
      expect(plain.body.data.retry_policy).toBe('none');

      const retrying = await t.http
        .post('/api/v1/webhooks')
        .set(bearer(apiKey))
        .send({ url: 'http://127.0.0.1:9/chat', format: 'slack', retry_policy: 'standard' })
        .expect(201);
      expect(retrying.body.data).toMatchObject({ format: 'slack', retry_policy: 'standard' });

      const changed = await t.http
        .patch(`/api/v1/webhooks/${plain.body.data.id}`)
        .set(bearer(apiKey))
        .send({ retry_policy: 'standard' })
        .expect(200);
      expect(changed.body.data).toMatchObject({
        retry_policy: 'standard',
        format: 'json',
        active: true,
      });
      const listed = await t.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(200);
      expect(listed.body.data.map((hook: { retry_policy: string }) => hook.retry_policy)).toEqual([
        'standard',
        'standard',
      ]);
    });

    it('refuses any other value with 422 invalid_body, naming the field, and changes nothing', async () => {
      const { apiKey } = await t.account();
      for (const retry_policy of ['always', null, 3, '']) {
        const res = await t.http
          .post('/api/v1/webhooks')
          .set(bearer(apiKey))
          .send({ url: 'http://127.0.0.1:9/x', retry_policy })
          .expect(422);
        expect(res.body.code).toBe('invalid_body');
        expect(res.body.error).toContain('retry_policy');
      }
      const hook = await createWebhook(t, apiKey, 'http://127.0.0.1:9/y');
      const patched = await t.http
        .patch(`/api/v1/webhooks/${hook.id}`)
        .set(bearer(apiKey))
        .send({ retry_policy: 'sometimes' })
        .expect(422);
      expect(patched.body.error).toBe('retry_policy must be one of none, standard');
      const empty = await t.http
        .patch(`/api/v1/webhooks/${hook.id}`)
        .set(bearer(apiKey))
        .send({})
        .expect(422);
      expect(empty.body.error).toBe('Provide at least one of name, active, format, retry_policy');
      const listed = await t.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(200);
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0].retry_policy).toBe('none');
    });

    it('is retryPolicy in GraphQL, on create, update and the Webhook type', async () => {
      const { apiKey } = await t.account();
      const created = await runGraphql<{
        createWebhook: { webhook: { id: string; retryPolicy: string } };
      }>(
        t,
        apiKey,
        `mutation { createWebhook(input: { url: "http://127.0.0.1:9/g", format: discord, retryPolicy: standard }) {
           webhook { id retryPolicy } } }`,
      );
      expect(created.createWebhook.webhook.retryPolicy).toBe('standard');
      const updated = await runGraphql<{ updateWebhook: { retryPolicy: string } }>(
        t,
        apiKey,
        `mutation($id: ID!) { updateWebhook(id: $id, input: { retryPolicy: none }) { retryPolicy } }`,
        { id: created.createWebhook.webhook.id },
      );
      expect(updated.updateWebhook.retryPolicy).toBe('none');
      const refused = await postGraphql(
        t,
        apiKey,
        `mutation { createWebhook(input: { url: "http://127.0.0.1:9/g", retryPolicy: always }) { secret } }`,
      );
      expect(refused.body.errors[0].message).toContain('WebhookRetryPolicy');
    });
  });

  describe('the schedule', () => {
    it('tries a failing delivery 6 times, about 5 s, 1 min, 10 min, 1 h and 6 h apart, with one delivery id', async () => {
      const { apiKey, webhook, receiver, alert } = await watching([{ status: 500 }]);
      await alert();
      await runDeliveries(t);
      const first = await deliveryOf(webhook.id);
      let previous = first.attemptedAt!;
      const waits: number[] = [];
      for (const delay of RETRY_DELAYS_MS) {
        const { retryAt } = await deliveryOf(webhook.id);
        const wait = retryAt! - previous;
        expect(wait).toBeGreaterThanOrEqual(delay * 0.8);
        expect(wait).toBeLessThanOrEqual(delay * 1.2);
        // Not due a millisecond early.
        t.clock.set(new Date(retryAt! - 1));
        await runDeliveries(t);
        expect(receiver.requests).toHaveLength(waits.length + 1);
        previous = await untilRetry(webhook.id);
        waits.push(wait);
      }
      expect(receiver.requests).toHaveLength(6);
      const ids = deliveryIdsOf(receiver.requests);
      expect(new Set(ids.flat())).toEqual(new Set([first.id]));

      const done = await deliveryOf(webhook.id);
      expect(done).toMatchObject({ status: 'failed', attempts: 6, retryAt: null, retries: 5 });
      t.clock.advance(7 * 3_600_000);
      await runDeliveries(t);
      expect(receiver.requests).toHaveLength(6);

      const { data, count } = await attemptsOf(apiKey, webhook.id, first.id);
      expect(count).toBe(6);
      expect(
        data.map((attempt) => [attempt.attempt, attempt.trigger, attempt.response_status]),
      ).toEqual([
        [1, 'automatic', 500],
        [2, 'retry', 500],
        [3, 'retry', 500],
        [4, 'retry', 500],
        [5, 'retry', 500],
        [6, 'retry', 500],
      ]);
      expect(data.slice(0, 5).every((attempt) => attempt.next_attempt_at !== null)).toBe(true);
      expect(data[5].next_attempt_at).toBeNull();
      const hook = await t.database.manager.findOneByOrFail(WebhookEntity, { id: webhook.id });
      expect(hook).toMatchObject({
        consecutiveFailures: 6,
        lastError: 'HTTP 500 Internal Server Error',
        lastDeliveryAt: done.attemptedAt,
        active: true,
      });
    });

    it('stops at the first success, which counts as the spec says', async () => {
      const { apiKey, webhook, receiver, alert } = await watching([
        { status: 503 },
        { status: 502 },
        { status: 200 },
      ]);
      await alert();
      await runDeliveries(t);
      await untilRetry(webhook.id);
      await untilRetry(webhook.id);
      expect(receiver.requests).toHaveLength(3);
      expect(await deliveryOf(webhook.id)).toMatchObject({
        status: 'succeeded',
        attempts: 3,
        retryAt: null,
      });
      const hook = await t.database.manager.findOneByOrFail(WebhookEntity, { id: webhook.id });
      expect(hook).toMatchObject({
        consecutiveFailures: 0,
        totalDeliveries: 1,
        failingSince: null,
      });
      const log = await t.http.get(`/api/v1/webhooks/${webhook.id}/deliveries`).set(bearer(apiKey));
      expect(log.body.data[0]).toMatchObject({
        status: 'succeeded',
        attempts: 3,
        response_status: 200,
        next_attempt_at: null,
      });
    });

    it("takes a 429's or 503's Retry-After, in seconds or as a date, up to 6 h", async () => {
      // An HTTP date is read against the real clock, as the receiver wrote it.
      const inFiveMinutes = () => new Date(Date.now() + 300_000).toUTCString();
      const { webhook, alert } = await watching([
        { status: 429, headers: () => ({ 'Retry-After': '30' }) },
        { status: 503, headers: () => ({ 'Retry-After': inFiveMinutes() }) },
        { status: 503, headers: () => ({ 'Retry-After': String(7 * 3600) }) },
        { status: 200 },
      ]);
      await alert();
      await runDeliveries(t);
      const first = await deliveryOf(webhook.id);
      expect(first.retryAt! - first.attemptedAt!).toBe(30_000);

      await untilRetry(webhook.id);
      const second = await deliveryOf(webhook.id);
      // HTTP dates have whole seconds.
      expect(second.retryAt! - second.attemptedAt!).toBeGreaterThanOrEqual(298_000);
      expect(second.retryAt! - second.attemptedAt!).toBeLessThanOrEqual(300_000);

      await untilRetry(webhook.id);
      const third = await deliveryOf(webhook.id);
      // 7 h is more than it may ask: the schedule's third wait (10 min ± 20%) applies.
      expect(third.retryAt! - third.attemptedAt!).toBeGreaterThanOrEqual(480_000);
      expect(third.retryAt! - third.attemptedAt!).toBeLessThanOrEqual(720_000);
      await untilRetry(webhook.id);
      expect(await deliveryOf(webhook.id)).toMatchObject({ status: 'succeeded', attempts: 4 });
    });

    it('ends at a 4xx other than 408, 409, 425 and 429, and retries those', async () => {
      for (const status of [400, 401, 403, 404, 410, 422]) {
        const { webhook, receiver, alert } = await watching([{ status }]);
        await alert();
        await runDeliveries(t);
        expect([status, await deliveryOf(webhook.id)]).toEqual([
          status,
          expect.objectContaining({ status: 'failed', retryAt: null, attempts: 1 }),
        ]);
        t.clock.advance(RETRY_DELAYS_MS[0] * 2);
        await runDeliveries(t);
        expect(receiver.requests).toHaveLength(1);
      }
      for (const status of [408, 409, 425, 429]) {
        const { webhook, alert } = await watching([{ status }, { status: 200 }]);
        await alert();
        await runDeliveries(t);
        expect((await deliveryOf(webhook.id)).status).toBe('retrying');
        await untilRetry(webhook.id);
        expect([status, (await deliveryOf(webhook.id)).status]).toEqual([status, 'succeeded']);
      }
    });

    it('retries an unreachable receiver, and ends at once for a URL the rules refuse', async () => {
      const { webhook, receiver, alert } = await watching([{ status: 200 }]);
      await receiver.close();
      receivers.splice(receivers.indexOf(receiver), 1);
      await alert();
      await runDeliveries(t);
      expect(await deliveryOf(webhook.id)).toMatchObject({ status: 'retrying', attempts: 1 });

      const strict = await createTestApp(kind, {}, { databaseUrl: t.databaseUrl });
      try {
        // Without WEBHOOK_ALLOW_PRIVATE, the loopback URL is refused before anything is sent.
        strict.clock.set(new Date((await deliveryOf(webhook.id)).retryAt!));
        await runDeliveries(strict);
      } finally {
        await strict.close();
      }
      const refused = await deliveryOf(webhook.id);
      expect(refused).toMatchObject({ status: 'failed', attempts: 2, retryAt: null });
      expect(refused.error).toBe('url must use https');
    });

    it('makes one attempt only under none (the spec), and after a redelivery', async () => {
      const plain = await watching([{ status: 500 }], null);
      await plain.alert();
      await runDeliveries(t);
      expect(await deliveryOf(plain.webhook.id)).toMatchObject({ status: 'failed', retryAt: null });

      const retrying = await watching([{ status: 404 }, { status: 500 }]);
      await retrying.alert();
      await runDeliveries(t);
      const { id } = await deliveryOf(retrying.webhook.id);
      await t.http
        .post(`/api/v1/webhooks/${retrying.webhook.id}/deliveries/${id}/redeliver`)
        .set(bearer(retrying.apiKey))
        .expect(202);
      await runDeliveries(t);
      expect(await deliveryOf(retrying.webhook.id)).toMatchObject({
        status: 'failed',
        attempts: 2,
        retryAt: null,
      });
      const { data } = await attemptsOf(retrying.apiKey, retrying.webhook.id, id);
      expect(data.map((attempt) => attempt.trigger)).toEqual(['automatic', 'redelivery']);
    });
  });

  describe('while a retry waits', () => {
    it('shows the delivery as pending with its next attempt, and leaves it alone on redelivery', async () => {
      const { apiKey, webhook, alert } = await watching([{ status: 503 }]);
      await alert();
      await runDeliveries(t);
      const waiting = await deliveryOf(webhook.id);
      const log = await t.http
        .get(`/api/v1/webhooks/${webhook.id}/deliveries?status=pending`)
        .set(bearer(apiKey))
        .expect(200);
      expect(log.body.data).toEqual([
        expect.objectContaining({
          id: waiting.id,
          status: 'pending',
          attempts: 1,
          response_status: 503,
          next_attempt_at: isoWithMillis(waiting.retryAt!),
        }),
      ]);
      expect(Object.keys(log.body.data[0]).at(-1)).toBe('next_attempt_at');
      const redelivered = await t.http
        .post(`/api/v1/webhooks/${webhook.id}/deliveries/${waiting.id}/redeliver`)
        .set(bearer(apiKey))
        .expect(202);
      expect(redelivered.body).toEqual({ queued: 0 });
      expect(await deliveryOf(webhook.id)).toMatchObject({
        status: 'retrying',
        retryAt: waiting.retryAt,
      });

      const gql = await runGraphql<{
        webhookDeliveries: { edges: { node: { nextAttemptAt: string | null } }[] };
        webhookDeliveryAttempts: {
          attempt: number;
          trigger: string;
          nextAttemptAt: string | null;
        }[];
      }>(
        t,
        apiKey,
        `query($w: ID!, $d: ID!) {
           webhookDeliveries(webhookId: $w) { edges { node { nextAttemptAt } } }
           webhookDeliveryAttempts(webhookId: $w, deliveryId: $d) { attempt trigger nextAttemptAt }
         }`,
        { w: webhook.id, d: waiting.id },
      );
      const next = isoWithMillis(waiting.retryAt!);
      expect(gql.webhookDeliveries.edges[0].node.nextAttemptAt).toBe(next);
      expect(gql.webhookDeliveryAttempts).toEqual([
        { attempt: 1, trigger: 'automatic', nextAttemptAt: next },
      ]);
    });

    it("answers 404 for another account's or an unknown delivery's attempts", async () => {
      const { webhook, alert } = await watching([{ status: 503 }]);
      await alert();
      await runDeliveries(t);
      const { id } = await deliveryOf(webhook.id);
      const other = await t.account();
      const foreign = await t.http
        .get(`/api/v1/webhooks/${webhook.id}/deliveries/${id}/attempts`)
        .set(bearer(other.apiKey))
        .expect(404);
      expect(foreign.body.code).toBe('not_found');
      const own = await watching([{ status: 200 }]);
      const unknown = await t.http
        .get(`/api/v1/webhooks/${own.webhook.id}/deliveries/${id}/attempts`)
        .set(bearer(own.apiKey))
        .expect(404);
      expect(unknown.body).toEqual({ error: 'Delivery not found', code: 'not_found' });
    });

    it('cancels it when the webhook is paused or deleted, and sends nothing', async () => {
      const paused = await watching([{ status: 503 }]);
      const deleted = await watching([{ status: 503 }]);
      await paused.alert();
      await deleted.alert();
      await runDeliveries(t);
      await t.http
        .patch(`/api/v1/webhooks/${paused.webhook.id}`)
        .set(bearer(paused.apiKey))
        .send({ active: false })
        .expect(200);
      await t.http
        .delete(`/api/v1/webhooks/${deleted.webhook.id}`)
        .set(bearer(deleted.apiKey))
        .expect(200);
      t.clock.advance(RETRY_DELAYS_MS[0] * 2);
      await runDeliveries(t);
      for (const { webhook, receiver } of [paused, deleted]) {
        expect(receiver.requests).toHaveLength(1);
        expect(await deliveryOf(webhook.id)).toMatchObject({ status: 'canceled', attempts: 1 });
      }
    });

    it('holds no slot: the first attempts of other webhooks go before due retries, one slot or not', async () => {
      const narrow = await createTestApp(kind, {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        DELIVERY_CONCURRENCY: '1',
      });
      const order: string[] = [];
      const failing = await startWebhookReceiver((_request, response) => {
        order.push('retry');
        response.writeHead(503).end();
      });
      const healthy = await startWebhookReceiver((_request, response) => {
        order.push('healthy');
        response.writeHead(200).end();
      });
      receivers.push(failing, healthy);
      try {
        const a = await narrow.account();
        const b = await narrow.account();
        await createKeyword(narrow, a.apiKey, 'slot alpha');
        await createKeyword(narrow, b.apiKey, 'slot beta');
        await createWebhook(narrow, a.apiKey, failing.url, { retry_policy: 'standard' });
        await createWebhook(narrow, b.apiKey, healthy.url);
        await ingest(
          narrow,
          [1, 2, 3].map((n) => postItem({ title: `slot alpha ${n}` })),
        );
        await runDeliveries(narrow);
        expect(order).toEqual(['retry', 'retry', 'retry']);
        order.length = 0;

        // Three retries fall due as three new alerts arrive: the new alerts go first.
        narrow.clock.advance(RETRY_DELAYS_MS[0] * 2);
        await ingest(
          narrow,
          [1, 2, 3].map((n) => postItem({ title: `slot beta ${n}` })),
        );
        await runDeliveries(narrow);
        expect(order).toEqual(['healthy', 'healthy', 'healthy', 'retry', 'retry', 'retry']);
      } finally {
        await narrow.close();
      }
    });
  });
});

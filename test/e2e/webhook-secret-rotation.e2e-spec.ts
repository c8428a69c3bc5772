import { verify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { standardWebhooksSecret } from '../../src/modules/webhooks/signing-secrets.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  startWebhookReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const standardHeaders = (request: ReceivedRequest) =>
  Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name]),
    ]),
  );

describe.each(testDatabaseKinds())('webhook secret rotation on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Standard Webhooks receivers compare webhook-timestamp with their own clock: start at the real now.
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' }, { now: new Date() });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const sendTest = async (apiKey: string, webhookId: string) => {
    const before = receiver.requests.length;
    await t.http.post(`/api/v1/webhooks/${webhookId}/test`).set(bearer(apiKey)).expect(200);
    return receiver.requests[before];
  };

  it('shows a new secret once; both sign for 24 hours, then only the new one', async () => {
    const { apiKey } = await t.account();
    const webhook = await createWebhook(t, apiKey, receiver.url);

    const res = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/rotate-secret`)
      .set(bearer(apiKey))
      .expect(200);
    const { secret } = res.body as { secret: string };
    expect(res.body).toEqual({ secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(secret).not.toBe(webhook.secret);
    const listed = await t.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(200);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain(webhook.secret);

    const during = await sendTest(apiKey, webhook.id);
    const body = during.body.toString('utf8');
    expect(await verify(secret, body, String(during.headers['x-webhook-signature']))).toBe(true);
    for (const key of [secret, webhook.secret]) {
      expect(
        new Webhook(standardWebhooksSecret(key)).verify(body, standardHeaders(during)),
      ).toEqual(JSON.parse(body));
    }
    expect(during.headers['webhook-id']).toBe(during.headers['x-webhook-delivery']);

    t.clock.advance(DAY_MS + 1_000);
    const after = await sendTest(apiKey, webhook.id);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(
      await verify(
        secret,
        after.body.toString('utf8'),
        String(after.headers['x-webhook-signature']),
      ),
    ).toBe(true);
  });

  it('answers 404 for another account’s webhook and changes nothing', async () => {
    const owner = await t.account();
    const webhook = await createWebhook(t, owner.apiKey, receiver.url);
    const other = await t.account();

    const res = await t.http
      .post(`/api/v1/webhooks/${webhook.id}/rotate-secret`)
      .set(bearer(other.apiKey));

    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const request = await sendTest(owner.apiKey, webhook.id);
    expect(
      await verify(
        webhook.secret,
        request.body.toString('utf8'),
        String(request.headers['x-webhook-signature']),
      ),
    ).toBe(true);
  });
});

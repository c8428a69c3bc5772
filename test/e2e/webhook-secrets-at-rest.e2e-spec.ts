import { createHmac, randomBytes } from 'node:crypto';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  ReceiverPool,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const ALLOW_LOOPBACK = { WEBHOOK_ALLOW_PRIVATE: 'true' };
const newKey = () => randomBytes(32).toString('base64');

describe.each(testDatabaseKinds())('webhook secrets at rest on %s', (kind) => {
  const receivers = new ReceiverPool();
  const apps = new TestApps(kind, ALLOW_LOOPBACK);

  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
  });

  const instance = (env: Record<string, string>, sharing?: TestApp) =>
    apps.start(env, { databaseUrl: sharing?.databaseUrl });

  const storedSecret = async (t: TestApp, id: string) =>
    (
      await t.database.query<{ secret: string }>(
        t.database.manager,
        'SELECT secret FROM webhooks WHERE id = :id',
        { id },
      )
    )[0].secret;

  /** A delivery and a test delivery, both checked against the secret given at creation. */
  async function expectSignedWith(
    t: TestApp,
    apiKey: string,
    hook: { id: string; secret: string },
    receiver: WebhookReceiver,
  ) {
    const before = receiver.requests.length;
    await createKeyword(t, apiKey, `sealed term ${hook.id.slice(-6)}`);
    await ingest(t, [postItem({ title: `sealed term ${hook.id.slice(-6)} news` })]);
    expect(await runDeliveries(t)).toMatchObject({ succeeded: 1 });
    await t.http.post(`/api/v1/webhooks/${hook.id}/test`).set(bearer(apiKey)).expect(200);
    const requests = receiver.requests.slice(before);
    expect(requests).toHaveLength(2);
    for (const request of requests)
      expect(await hasValidSignature(request, hook.secret)).toBe(true);
  }

  it('stores a new secret sealed under WEBHOOK_SECRET_KEY and signs with the secret given', async () => {
    const t = await instance({ WEBHOOK_SECRET_KEY: newKey() });
    const receiver = await receivers.start();
    const { apiKey } = await t.account();
    const hook = await createWebhook(t, apiKey, receiver.url);

    const stored = await storedSecret(t, hook.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(hook.secret);
    await expectSignedWith(t, apiKey, hook, receiver);
  });

  it('seals the secrets stored before the key was set, and refuses to start without that key', async () => {
    const key = newKey();
    const before = await instance({});
    const receiver = await receivers.start();
    const { apiKey } = await before.account();
    const hook = await createWebhook(before, apiKey, receiver.url);
    expect(await storedSecret(before, hook.id)).toBe(hook.secret);

    const keyed = await instance({ WEBHOOK_SECRET_KEY: key }, before);

    expect(await storedSecret(keyed, hook.id)).toMatch(/^enc:v1:/);
    await expectSignedWith(keyed, apiKey, hook, receiver);
    await expect(instance({}, before)).rejects.toThrow(/WEBHOOK_SECRET_KEY is not set/);
    await expect(instance({ WEBHOOK_SECRET_KEY: newKey() }, before)).rejects.toThrow(
      /does not open/,
    );
  });

  it('seals a rotated secret and the one it replaced; both keep signing during the overlap', async () => {
    const before = await instance({});
    const receiver = await receivers.start();
    const { apiKey } = await before.account();
    const hook = await createWebhook(before, apiKey, receiver.url);
    const rotated = await before.http
      .post(`/api/v1/webhooks/${hook.id}/rotate-secret`)
      .set(bearer(apiKey))
      .expect(200);
    const newSecret = (rotated.body as { secret: string }).secret;

    const keyed = await instance({ WEBHOOK_SECRET_KEY: newKey() }, before);

    const [stored] = await keyed.database.query<{ secret: string; previous_secret: string }>(
      keyed.database.manager,
      'SELECT secret, previous_secret FROM webhooks WHERE id = :id',
      { id: hook.id },
    );
    expect(stored.secret).toMatch(/^enc:v1:/);
    expect(stored.previous_secret).toMatch(/^enc:v1:/);
    await keyed.http.post(`/api/v1/webhooks/${hook.id}/test`).set(bearer(apiKey)).expect(200);
    const request = receiver.requests.at(-1)!;
    expect(await hasValidSignature(request, newSecret)).toBe(true);
    const signed = `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body.toString('utf8')}`;
    const standard = (secret: string) =>
      `v1,${createHmac('sha256', Buffer.from(secret, 'hex')).update(signed).digest('base64')}`;
    expect(String(request.headers['webhook-signature']).split(' ').sort()).toEqual(
      [standard(newSecret), standard(hook.secret)].sort(),
    );
  });
});

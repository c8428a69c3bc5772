import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKeyFile } from '../../src/modules/webhooks/secrets/webhook-key-file.js';
import { secretKeyId, WebhookKeyring } from '../../src/modules/webhooks/secrets/webhook-keyring.js';
import { WebhookSecretCipher } from '../../src/modules/webhooks/secrets/webhook-secret-cipher.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook, sealedByEarlierVersion } from '../factories/webhook.factory.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries, webhookState } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  ReceiverPool,
  standardSignature,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const ALLOW_LOOPBACK = { WEBHOOK_ALLOW_PRIVATE: 'true' };
const newKey = () => randomBytes(32).toString('base64');
const keyIdOf = (base64Key: string) => secretKeyId(Buffer.from(base64Key, 'base64'));

interface SealedSecretsStore {
  secret: string;
  previous_secret: string | null;
}

/** The same value with one byte of its ciphertext flipped, as damage on disk would leave it. */
function damaged(sealed: string): string {
  const [version, keyId, iv, ciphertext, tag] = sealed.split(':');
  const flipped = Buffer.from(ciphertext, 'base64');
  flipped[0] ^= 1;
  return [version, keyId, iv, flipped.toString('base64'), tag].join(':');
}

describe.each(testDatabaseKinds())('webhook secrets at rest on %s', (kind) => {
  const receivers = new ReceiverPool();
  const apps = new TestApps(kind, ALLOW_LOOPBACK);
  const keyDirs: string[] = [];

  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
    for (const dir of keyDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const instance = (env: Record<string, string>, sharing?: TestApp) =>
    apps.start(env, { databaseUrl: sharing?.databaseUrl });

  /**
   * No key in the environment. On SQLite the key file is left at its default place, beside the
   * database file; on PostgreSQL (default ./data/webhook-keys) each test names a file of its own.
   */
  const keyFileSettings = (): Record<string, string> => {
    if (kind === 'sqlite') return {};
    const dir = mkdtempSync(join(tmpdir(), 'webhook-keys-'));
    keyDirs.push(dir);
    return { WEBHOOK_SECRET_KEY_FILE: join(dir, 'webhook-keys') };
  };
  const keyFileOf = (t: TestApp, settings: Record<string, string>) =>
    settings.WEBHOOK_SECRET_KEY_FILE ?? `${t.databaseUrl.slice('sqlite:'.length)}.webhook-keys`;

  const storedSecrets = async (t: TestApp, id: string) =>
    (
      await t.database.query<SealedSecretsStore>(
        t.database.manager,
        'SELECT secret, previous_secret FROM webhooks WHERE id = :id',
        { id },
      )
    )[0];

  const store = (t: TestApp, id: string, values: Partial<SealedSecretsStore>) =>
    t.database.transaction((manager) =>
      t.database.query(
        manager,
        `UPDATE webhooks SET ${Object.keys(values)
          .map((column) => `${column} = :${column}`)
          .join(', ')} WHERE id = :id`,
        { ...values, id },
      ),
    );

  /** Every byte of the SQLite database as it is on disk, its WAL included. */
  const sqliteBytes = (t: TestApp) => {
    const file = t.databaseUrl.slice('sqlite:'.length);
    return [file, `${file}-wal`]
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path).toString('latin1'))
      .join('');
  };

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

  it('makes a key file on first start, readable by its owner only, and seals every secret under its key', async () => {
    const settings = keyFileSettings();
    const t = await instance(settings);
    const receiver = await receivers.start();
    const { apiKey } = await t.account();
    const file = keyFileOf(t, settings);

    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = readKeyFile(file);
    expect(keys).toHaveLength(1);
    const hook = await createWebhook(t, apiKey, receiver.url);
    const stored = await storedSecrets(t, hook.id);
    expect(stored.secret).toMatch(new RegExp(`^v1:${secretKeyId(keys[0])}:`));
    expect(stored.secret).not.toContain(hook.secret);
    await expectSignedWith(t, apiKey, hook, receiver);

    const restarted = await instance(settings, t);
    expect(readKeyFile(file)).toEqual(keys);
    await restarted.http.post(`/api/v1/webhooks/${hook.id}/test`).set(bearer(apiKey)).expect(200);
    expect(await hasValidSignature(receiver.requests.at(-1)!, hook.secret)).toBe(true);
  });

  it('seals the secrets an earlier version stored plain at start, current and replaced, leaving no plain text in a SQLite file', async () => {
    const settings = keyFileSettings();
    const before = await instance(settings);
    const receiver = await receivers.start();
    const { apiKey } = await before.account();
    const hook = await createWebhook(before, apiKey, receiver.url);
    const rotated = await before.http
      .post(`/api/v1/webhooks/${hook.id}/rotate-secret`)
      .set(bearer(apiKey))
      .expect(200);
    const newSecret = (rotated.body as { secret: string }).secret;
    await store(before, hook.id, { secret: newSecret, previous_secret: hook.secret });
    if (kind === 'sqlite') {
      expect(sqliteBytes(before)).toContain(newSecret);
      expect(sqliteBytes(before)).toContain(hook.secret);
    }

    const after = await instance(settings, before);

    const keyId = secretKeyId(readKeyFile(keyFileOf(after, settings))[0]);
    const stored = await storedSecrets(after, hook.id);
    expect(stored.secret).toMatch(new RegExp(`^v1:${keyId}:`));
    expect(stored.previous_secret).toMatch(new RegExp(`^v1:${keyId}:`));
    if (kind === 'sqlite') {
      expect(sqliteBytes(after)).not.toContain(newSecret);
      expect(sqliteBytes(after)).not.toContain(hook.secret);
    }
    await after.http.post(`/api/v1/webhooks/${hook.id}/test`).set(bearer(apiKey)).expect(200);
    const request = receiver.requests.at(-1)!;
    expect(await hasValidSignature(request, newSecret)).toBe(true);
    expect(String(request.headers['webhook-signature']).split(' ').sort()).toEqual(
      [standardSignature(request, newSecret), standardSignature(request, hook.secret)].sort(),
    );
  });

  it('seals anew under its key what an earlier version sealed naming no key, and refuses to start under any other key', async () => {
    const key = newKey();
    const first = await instance({ WEBHOOK_SECRET_KEY: key });
    const receiver = await receivers.start();
    const { apiKey } = await first.account();
    const hook = await createWebhook(first, apiKey, receiver.url);
    await store(first, hook.id, {
      secret: sealedByEarlierVersion(Buffer.from(key, 'base64'), hook.id, hook.secret),
    });

    await expect(instance({ WEBHOOK_SECRET_KEY: newKey() }, first)).rejects.toThrow(
      'Webhook signing secrets sealed by an earlier version do not open with WEBHOOK_SECRET_KEY',
    );
    const upgraded = await instance({ WEBHOOK_SECRET_KEY: key }, first);

    expect((await storedSecrets(upgraded, hook.id)).secret).toMatch(
      new RegExp(`^v1:${keyIdOf(key)}:`),
    );
    await expectSignedWith(upgraded, apiKey, hook, receiver);
    const other = newKey();
    await expect(instance({ WEBHOOK_SECRET_KEY: other }, first)).rejects.toThrow(
      `Webhook signing secrets (or SSO client secrets) are stored sealed under key ${keyIdOf(key)}, which WEBHOOK_SECRET_KEY does not hold (it holds ${keyIdOf(other)})`,
    );
    await expect(instance(keyFileSettings(), first)).rejects.toThrow(
      new RegExp(`sealed under key ${keyIdOf(key)}, which the key file .* does not hold`),
    );
  });

  it('fails only the deliveries of a webhook whose secret does not open, until its secret is rotated', async () => {
    const settings = keyFileSettings();
    const t = await instance(settings);
    const receiver = await receivers.start();
    const { apiKey } = await t.account();
    const intact = await createWebhook(t, apiKey, receiver.url);
    const altered = await createWebhook(t, apiKey, receiver.url);
    const foreign = await createWebhook(t, apiKey, receiver.url);
    await store(t, altered.id, { secret: damaged((await storedSecrets(t, altered.id)).secret) });
    const stranger = new WebhookSecretCipher(WebhookKeyring.ofKeys([randomBytes(32)]));
    await store(t, foreign.id, { secret: stranger.seal(foreign.id, foreign.secret) });
    const keyId = secretKeyId(readKeyFile(keyFileOf(t, settings))[0]);
    const alteredError = `not sent: the signing secret does not open under key ${keyId} (altered or damaged); rotate the secret`;

    await createKeyword(t, apiKey, 'lonely failure');
    await ingest(t, [postItem({ title: 'a lonely failure' })]);

    expect(await runDeliveries(t)).toEqual({ claimed: 3, succeeded: 1, failed: 2, canceled: 0 });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0].headers['x-webhook-id']).toBe(intact.id);
    expect(await hasValidSignature(receiver.requests[0], intact.secret)).toBe(true);
    expect(await webhookState(t, apiKey, altered.id)).toMatchObject({
      last_error: alteredError,
      consecutive_failures: 1,
    });
    expect((await webhookState(t, apiKey, foreign.id)).last_error).toMatch(
      /^not sent: the signing secret is sealed under key [0-9a-f]{12}, which this instance does not have; rotate the secret$/,
    );
    const log = await t.http
      .get(`/api/v1/webhooks/${altered.id}/deliveries`)
      .set(bearer(apiKey))
      .expect(200);
    expect((log.body as { data: object[] }).data).toEqual([
      expect.objectContaining({ status: 'failed', response_status: null, error: alteredError }),
    ]);
    const tested = await t.http
      .post(`/api/v1/webhooks/${altered.id}/test`)
      .set(bearer(apiKey))
      .expect(200);
    expect(tested.body).toEqual({ ok: false, status: null, error: alteredError });
    expect(receiver.requests).toHaveLength(1);

    // A value under a key no instance has refuses a start; one altered under the key held does not.
    await expect(instance(settings, t)).rejects.toThrow(/does not hold/);
    await t.http
      .post(`/api/v1/webhooks/${foreign.id}/rotate-secret`)
      .set(bearer(apiKey))
      .expect(200);
    expect((await storedSecrets(t, foreign.id)).previous_secret).toBeNull();
    const restarted = await instance(settings, t);
    const rotated = await restarted.http
      .post(`/api/v1/webhooks/${altered.id}/rotate-secret`)
      .set(bearer(apiKey))
      .expect(200);
    const secret = (rotated.body as { secret: string }).secret;
    const retested = await restarted.http
      .post(`/api/v1/webhooks/${altered.id}/test`)
      .set(bearer(apiKey))
      .expect(200);
    expect(retested.body).toEqual({ ok: true, status: 200, error: null });
    const request = receiver.requests.at(-1)!;
    expect(await hasValidSignature(request, secret)).toBe(true);
    expect(request.headers['webhook-signature']).toBe(standardSignature(request, secret));
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKeyFile } from '../../src/modules/webhooks/secrets/webhook-key-file.js';
import { secretKeyId } from '../../src/modules/webhooks/secrets/webhook-keyring.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook, type CreatedWebhook } from '../factories/webhook.factory.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  ReceiverPool,
  standardSignature,
  type ReceivedRequest,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const ALLOW_LOOPBACK = { WEBHOOK_ALLOW_PRIVATE: 'true' };
const newKey = () => randomBytes(32).toString('base64');
const keyIdOf = (base64Key: string) => secretKeyId(Buffer.from(base64Key, 'base64'));

describe.each(testDatabaseKinds())('admin rotate-secret-key on %s', (kind) => {
  const receivers = new ReceiverPool();
  const apps = new TestApps(kind, ALLOW_LOOPBACK);
  let dir: string;
  let keyFile: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'webhook-keys-'));
    keyFile = join(dir, 'webhook-keys');
  });
  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const keyIds = () => readKeyFile(keyFile).map(secretKeyId);
  const rotate = (t: TestApp, env: Record<string, string>) =>
    runAdmin(['rotate-secret-key'], { DATABASE_URL: t.databaseUrl, ...env });

  /** Every stored value, current and replaced secrets alike. */
  const storedValues = async (t: TestApp) =>
    (
      await t.database.query<{ secret: string; previous_secret: string | null }>(
        t.database.manager,
        'SELECT secret, previous_secret FROM webhooks',
      )
    ).flatMap((row) => [row.secret, row.previous_secret ?? []].flat());

  const rotateWebhookSecret = async (t: TestApp, apiKey: string, id: string) =>
    (
      (await t.http.post(`/api/v1/webhooks/${id}/rotate-secret`).set(bearer(apiKey)).expect(200))
        .body as { secret: string }
    ).secret;

  /** One delivery per webhook given, through the worker, each request by the webhook it went to. */
  async function deliverToEach(
    t: TestApp,
    apiKey: string,
    receiver: WebhookReceiver,
    hooks: CreatedWebhook[],
  ): Promise<Map<string, ReceivedRequest>> {
    const before = receiver.requests.length;
    const term = `rotation ${randomBytes(3).toString('hex')}`;
    await createKeyword(t, apiKey, term);
    await ingest(t, [postItem({ title: `${term} news` })]);
    expect(await runDeliveries(t)).toMatchObject({ succeeded: hooks.length, failed: 0 });
    return new Map(
      receiver.requests
        .slice(before)
        .map((request) => [String(request.headers['x-webhook-id']), request]),
    );
  }

  it('seals every current and replaced secret under a new key in the key file; the running instance follows at once', async () => {
    const settings = { WEBHOOK_SECRET_KEY_FILE: keyFile };
    const t = await apps.start(settings);
    const receiver = await receivers.start();
    const { apiKey } = await t.account();
    const rotated = await createWebhook(t, apiKey, receiver.url);
    const replacedSecret = rotated.secret;
    rotated.secret = await rotateWebhookSecret(t, apiKey, rotated.id);
    const plain = await createWebhook(t, apiKey, receiver.url);
    const [firstKeyId] = keyIds();

    const run = await rotate(t, settings);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = parseJsonLine(run.stdout);
    expect(result).toEqual({
      key_id: expect.stringMatching(/^[0-9a-f]{12}$/),
      key_file: keyFile,
      resealed: 3,
      unreadable: 0,
    });
    expect(result.key_id).not.toBe(firstKeyId);
    expect(keyIds()).toEqual([result.key_id, firstKeyId]);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const values = await storedValues(t);
    expect(values).toHaveLength(3);
    for (const value of values) expect(value).toMatch(new RegExp(`^v1:${String(result.key_id)}:`));

    // Not restarted: it opens what it finds under the new key and seals new secrets under it.
    const requests = await deliverToEach(t, apiKey, receiver, [rotated, plain]);
    expect(await hasValidSignature(requests.get(plain.id)!, plain.secret)).toBe(true);
    const overlapping = requests.get(rotated.id)!;
    expect(await hasValidSignature(overlapping, rotated.secret)).toBe(true);
    expect(String(overlapping.headers['webhook-signature']).split(' ').sort()).toEqual(
      [
        standardSignature(overlapping, rotated.secret),
        standardSignature(overlapping, replacedSecret),
      ].sort(),
    );
    const created = await createWebhook(t, apiKey, receiver.url);
    const [{ secret: createdValue }] = await t.database.query<{ secret: string }>(
      t.database.manager,
      'SELECT secret FROM webhooks WHERE id = :id',
      { id: created.id },
    );
    expect(createdValue).toMatch(new RegExp(`^v1:${String(result.key_id)}:`));

    const again = parseJsonLine((await rotate(t, settings)).stdout);

    expect(again).toMatchObject({ resealed: 4, unreadable: 0 });
    expect(keyIds()).toEqual([again.key_id, result.key_id]);
    const restarted = await apps.start(settings, { databaseUrl: t.databaseUrl });
    const after = await deliverToEach(restarted, apiKey, receiver, [rotated, plain, created]);
    for (const hook of [rotated, plain, created]) {
      expect(await hasValidSignature(after.get(hook.id)!, hook.secret)).toBe(true);
    }
  });

  it('with WEBHOOK_SECRET_KEY, seals everything under the key set there, opening with WEBHOOK_SECRET_KEY_PREVIOUS', async () => {
    const [oldKey, newKeyValue] = [newKey(), newKey()];
    const t = await apps.start({ WEBHOOK_SECRET_KEY: oldKey });
    const receiver = await receivers.start();
    const { apiKey } = await t.account();
    const hook = await createWebhook(t, apiKey, receiver.url);

    const run = await rotate(t, {
      WEBHOOK_SECRET_KEY: newKeyValue,
      WEBHOOK_SECRET_KEY_PREVIOUS: oldKey,
    });

    expect(run.code).toBe(0);
    expect(parseJsonLine(run.stdout)).toEqual({
      key_id: keyIdOf(newKeyValue),
      key_file: null,
      resealed: 1,
      unreadable: 0,
    });
    await expect(
      apps.start({ WEBHOOK_SECRET_KEY: oldKey }, { databaseUrl: t.databaseUrl }),
    ).rejects.toThrow(`sealed under key ${keyIdOf(newKeyValue)}`);
    const moved = await apps.start(
      { WEBHOOK_SECRET_KEY: newKeyValue },
      { databaseUrl: t.databaseUrl },
    );
    const requests = await deliverToEach(moved, apiKey, receiver, [hook]);
    expect(await hasValidSignature(requests.get(hook.id)!, hook.secret)).toBe(true);
  });

  it('prints its result and one line on stderr, exit 1, when a secret does not open; keeps the key it names', async () => {
    const settings = { WEBHOOK_SECRET_KEY_FILE: keyFile };
    const t = await apps.start(settings);
    const { apiKey } = await t.account();
    const receiver = await receivers.start();
    const damaged = await createWebhook(t, apiKey, receiver.url);
    await createWebhook(t, apiKey, receiver.url);
    await t.database.transaction((manager) =>
      t.database.query(
        manager,
        // The end of the tag replaced: the value no longer opens under the key it names.
        `UPDATE webhooks SET secret = substr(secret, 1, length(secret) - 4) || 'AAA=' WHERE id = :id`,
        { id: damaged.id },
      ),
    );
    const [firstKeyId] = keyIds();
    await rotate(t, settings);

    const run = await rotate(t, settings);

    expect(run.code).toBe(1);
    const result = parseJsonLine(run.stdout);
    expect(result).toMatchObject({ resealed: 1, unreadable: 1 });
    expect(run.stderr).toBe(
      "admin: 1 webhook secret(s) did not open and were left as they were: their webhooks' deliveries fail until their secret is rotated\n",
    );
    expect(keyIds()).toHaveLength(3);
    expect(keyIds()[0]).toBe(result.key_id);
    expect(keyIds()).toContain(firstKeyId);
  });

  it('refuses extra arguments (exit 2) and a key file another rotation holds (exit 1), changing nothing', async () => {
    const settings = { WEBHOOK_SECRET_KEY_FILE: keyFile };
    const t = await apps.start(settings);
    const keysBefore = keyIds();

    const usage = await runAdmin(['rotate-secret-key', 'now'], {
      DATABASE_URL: t.databaseUrl,
      ...settings,
    });
    writeFileSync(`${keyFile}.lock`, '');
    const locked = await rotate(t, settings);

    expect(usage).toEqual({
      code: 2,
      stdout: '',
      stderr: 'admin: expected 0 positional argument(s), got 1\n',
    });
    expect(locked).toEqual({
      code: 1,
      stdout: '',
      stderr: `admin: ${keyFile}.lock exists: another rotate-secret-key is running, or one was interrupted (then remove the file)\n`,
    });
    expect(keyIds()).toEqual(keysBefore);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { readKeyFile } from '../../src/modules/webhooks/secrets/webhook-key-file.js';
import { secretKeyId } from '../../src/modules/webhooks/secrets/webhook-keyring.js';
import { listenOnLoopback } from '../utils/browser.js';
import { TestApps, type TestApp } from '../utils/create-test-app.js';
import { runGraphql } from '../utils/graphql.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '../utils/openid-provider.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const SET_SSO = `mutation($input: SsoSettingsInput!) { setSsoSettings(input: $input) { clientSecretSet } }`;
const START = `mutation($email: String!) { startSsoSignIn(input: { email: $email }) { authorizationUrl } }`;

describe.each(testDatabaseKinds())('SSO client secrets and admin rotate-secret-key on %s', (kind) => {
  const apps = new TestApps(kind, { SSO_ALLOW_HTTP: 'true' });
  let dir: string;
  let provider: TestOpenIdProvider | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sso-keys-'));
  });
  afterEach(async () => {
    await provider?.close();
    await apps.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A whole sign-in through the provider on `t`: it needs the client secret opened. */
  async function signsIn(t: TestApp, origin: string, email: string): Promise<string> {
    const http = request(t.app.getHttpServer());
    const started = await http.post('/graphql').send({ query: START, variables: { email } });
    const cookie = (started.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const { authorizationUrl } = (
      started.body as { data: { startSsoSignIn: { authorizationUrl: string } } }
    ).data.startSsoSignIn;
    const back = await provider!.signInAs(authorizationUrl, email);
    expect(back.origin).toBe(origin);
    const res = await http.get(`${back.pathname}${back.search}`).set('Cookie', cookie);
    return String(res.headers.location);
  }

  it('reseals them with the webhook secrets, and keeps no key only they named', async () => {
    const settings = { WEBHOOK_SECRET_KEY_FILE: join(dir, 'webhook-keys') };
    const t = await apps.start(settings, { now: new Date() });
    const origin = await listenOnLoopback(t);
    provider = await startOpenIdProvider(`${origin}/dashboard/sso/callback`);
    const { apiKey, accountId } = await t.account();
    await runGraphql(t, apiKey, SET_SSO, {
      input: {
        issuer: provider.issuer,
        clientId: provider.client.clientId,
        clientSecret: provider.client.clientSecret,
        allowedDomains: ['rotation.test'],
        ssoRequired: false,
      },
    });
    const stored = async () =>
      (
        await t.database.query<{ client_secret: string }>(
          t.database.manager,
          'SELECT client_secret FROM sso_settings WHERE account_id = :accountId',
          { accountId },
        )
      )[0].client_secret;
    const [firstKeyId] = readKeyFile(settings.WEBHOOK_SECRET_KEY_FILE).map(secretKeyId);
    expect(await stored()).toMatch(new RegExp(`^v1:${firstKeyId}:`));

    const env = { DATABASE_URL: t.databaseUrl, ...settings };
    const first = parseJsonLine((await runAdmin(['rotate-secret-key'], env)).stdout);
    expect(first).toMatchObject({ resealed: 1, unreadable: 0 });
    const second = parseJsonLine((await runAdmin(['rotate-secret-key'], env)).stdout);
    expect(second).toMatchObject({ resealed: 1, unreadable: 0 });

    expect(await stored()).toMatch(new RegExp(`^v1:${String(second.key_id)}:`));
    expect(readKeyFile(settings.WEBHOOK_SECRET_KEY_FILE).map(secretKeyId)).toEqual([
      second.key_id,
      first.key_id,
    ]);
    expect(await signsIn(t, origin, 'pat@rotation.test')).toBe('/dashboard/');
  });
});

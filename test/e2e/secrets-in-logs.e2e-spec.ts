import { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { redditEnv } from '../utils/polling-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const REFUSAL = 'webhook insert refused by the test';
/** A receiver URL that carries its own credential, as Slack's and Discord's do. */
const HOOK_URL = 'https://hooks.example.com/services/T0001/B0001/urlSecretPart0123456789';

/** Every INSERT into webhooks fails from now on, as on a full or broken database. */
async function refuseWebhookInserts(t: TestApp): Promise<void> {
  await t.database.transaction(async (manager) => {
    if (t.database.kind === 'sqlite') {
      await manager.query(
        `CREATE TRIGGER refuse_webhooks BEFORE INSERT ON webhooks
         BEGIN SELECT RAISE(ABORT, '${REFUSAL}'); END`,
      );
      return;
    }
    await manager.query(
      `CREATE FUNCTION refuse_webhooks() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN RAISE EXCEPTION '${REFUSAL}'; END $$`,
    );
    await manager.query(
      `CREATE TRIGGER refuse_webhooks BEFORE INSERT ON webhooks
       FOR EACH ROW EXECUTE FUNCTION refuse_webhooks()`,
    );
  });
}

describe.each(testDatabaseKinds())('secrets in logs on %s', (kind) => {
  it('a failing webhook INSERT is logged without the signing secret, URL or API key', async () => {
    const logs = capturedLogger();
    const t = await createTestApp(kind, {}, { logger: logs.logger });
    try {
      const { apiKey } = await t.account();
      const { token: feedToken } = (
        await t.http.post('/api/v1/feeds/token').set(bearer(apiKey)).expect(201)
      ).body as { token: string };
      await t.http.get(`/feeds/${feedToken}/alerts.rss`).expect(200);
      await refuseWebhookInserts(t);
      const failedQueries = jest.spyOn(t.database.dataSource.logger, 'logQueryError');

      const res = await t.http
        .post('/api/v1/webhooks')
        .set(bearer(apiKey))
        .send({ url: HOOK_URL, name: 'relay' })
        .expect(500);

      expect(res.body.code).toBe('internal_error');
      // The secret the failed INSERT carried, as the database received it (sealed).
      const [[, , parameters]] = failedQueries.mock.calls;
      const signingSecret = (parameters as unknown[]).find(
        (value) => typeof value === 'string' && /^v1:[0-9a-f]{12}:/.test(value),
      ) as string;
      expect(signingSecret).toBeDefined();
      const logged = logs.text();
      expect(logged).toContain(REFUSAL);
      expect(logged).toContain(res.body.error.match(/reference ([0-9a-f-]{36})/)[1]);
      for (const secret of [signingSecret, 'urlSecretPart0123456789', apiKey, feedToken]) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});

describe('secrets in logs of the Reddit poller', () => {
  it('a refused Reddit credential is logged without its secret or its full client id', async () => {
    const reddit = await FakeRedditServer.start({
      credentials: [{ clientId: 'client-a', clientSecret: 'secret-a' }],
    });
    const logs = capturedLogger();
    const t = await createTestApp(
      'sqlite',
      redditEnv(reddit, {
        ROLE: 'all',
        REDDIT_CLIENT_ID: 'clientIdOfOurApp',
        REDDIT_CLIENT_SECRET: 'clientSecretOfOurApp',
      }),
      { logger: logs.logger },
    );
    try {
      await logs.logged('Reddit refused an access token');

      const logged = logs.text();
      expect(logged).toContain('clie…');
      for (const secret of [
        'clientSecretOfOurApp',
        'clientIdOfOurApp',
        Buffer.from('clientIdOfOurApp:clientSecretOfOurApp').toString('base64'),
      ]) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await t.close();
      await reddit.close();
    }
  });
});

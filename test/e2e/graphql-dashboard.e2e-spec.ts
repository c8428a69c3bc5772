import { createKeywords, deleteKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import {
  camelCased,
  errorsOf,
  expectGraphqlError,
  postGraphql,
  runGraphql,
  type Fields,
} from '../utils/graphql.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface UsageDay {
  date: string;
  delivered: number;
  capped: number;
}

interface KeywordStats {
  text: string;
  matchesToday: number;
  capReached: boolean;
  dailyMatches: number[];
}

interface WebhookHealth {
  id: string;
  successRate24h: number | null;
  deliveries24h: number;
  consecutiveFailures: number;
  lastError: string | null;
}

interface Feeds {
  enabled: boolean;
  tokenPrefix: string | null;
  createdAt: string | null;
  rssUrl: string | null;
  atomUrl: string | null;
}

const FEEDS_FIELDS = 'enabled tokenPrefix createdAt rssUrl atomUrl';

describe.each(testDatabaseKinds())('GraphQL for the dashboard on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.clock.set(TEST_NOW);
    jest.restoreAllMocks();
  });

  const post = (apiKey: string | null, query: string) => postGraphql(t, apiKey, query);
  const run = <T>(apiKey: string, query: string) => runGraphql<T>(t, apiKey, query);
  const atDaysAgo = (days: number) => t.clock.set(new Date(TEST_NOW.getTime() - days * DAY_MS));

  /** Counts the SQL statements an operation runs, and those that read keyword_daily_usage. */
  async function statementsOf(apiKey: string, query: string) {
    const logQuery = jest.spyOn(t.database.manager.connection.logger, 'logQuery');
    await run(apiKey, query);
    const statements = logQuery.mock.calls.map(([sql]) => sql);
    logQuery.mockRestore();
    return statements;
  }

  describe('usage history and keyword stats', () => {
    let apiKey: string;
    let alphaId: string;

    /**
     * Through the real pipeline and daily cap (plan pro, 100 a keyword a day): two days ago 3
     * "alpha" posts; yesterday 102 posts matching both keywords (100 delivered, 2 capped each);
     * today 1 "beta" post. "gamma" never matches.
     */
    beforeAll(async () => {
      ({ apiKey } = await t.account('pro', 'alerts'));
      const [alpha] = await createKeywords(t, apiKey, ['alpha', 'beta', 'gamma']);
      alphaId = alpha.id;
      atDaysAgo(2);
      await ingest(
        t,
        [1, 2, 3].map((n) => postItem({ title: `alpha news ${n}` })),
      );
      atDaysAgo(1);
      await ingest(
        t,
        Array.from({ length: 102 }, (_, n) => postItem({ title: `alpha beta story ${n}` })),
      );
      t.clock.set(TEST_NOW);
      await ingest(t, [postItem({ title: 'beta today' })]);
    });

    const history = async (args = '') =>
      (
        await run<{ usageHistory: UsageDay[] }>(
          apiKey,
          `{ usageHistory${args} { date delivered capped } }`,
        )
      ).usageHistory;
    const stats = async (args = '') =>
      (
        await run<{ keywords: { nodes: KeywordStats[] } }>(
          apiKey,
          `{ keywords { nodes { text matchesToday capReached dailyMatches${args} } } }`,
        )
      ).keywords.nodes;

    it('answers delivered and capped per UTC day, oldest first, as the daily cap counted them', async () => {
      expect(await history('(days: 3)')).toEqual([
        { date: '2026-11-19', delivered: 3, capped: 0 },
        { date: '2026-11-20', delivered: 200, capped: 4 },
        { date: '2026-11-21', delivered: 1, capped: 0 },
      ]);
    });

    it('has every day of the window, zeros included, 30 by default, today last', async () => {
      const days = await history();
      expect(days).toHaveLength(30);
      expect(days[0]).toEqual({ date: '2026-10-23', delivered: 0, capped: 0 });
      expect(days.at(-1)).toEqual({ date: '2026-11-21', delivered: 1, capped: 0 });
      expect(days.slice(0, 27).every((day) => day.delivered === 0 && day.capped === 0)).toBe(true);
      expect(await history('(days: null)')).toEqual(days);
      expect(await history('(days: 90)')).toHaveLength(90);
      expect(await history('(days: 1)')).toEqual([days.at(-1)]);
    });

    it('follows the clock into the next UTC day, where nothing is counted yet', async () => {
      t.clock.set(new Date('2026-11-22T00:00:01.000Z'));
      expect(await history('(days: 2)')).toEqual([
        { date: '2026-11-21', delivered: 1, capped: 0 },
        { date: '2026-11-22', delivered: 0, capped: 0 },
      ]);
    });

    it("shows only the caller's own counts", async () => {
      const stranger = (await t.account('pro', 'alerts')).apiKey;
      const days = (
        await runGraphql<{ usageHistory: UsageDay[] }>(
          t,
          stranger,
          '{ usageHistory(days: 3) { delivered capped } }',
        )
      ).usageHistory;
      expect(days).toEqual([0, 1, 2].map(() => ({ delivered: 0, capped: 0 })));
    });

    it('refuses a window outside 1 to 90 days with invalid_body', async () => {
      for (const days of [0, -1, 91]) {
        const res = await post(apiKey, `{ usageHistory(days: ${days}) { date } }`);
        expectGraphqlError(res, 'invalid_body', 422);
        expect(errorsOf(res)[0].message).toBe('days must be an integer from 1 to 90');
      }
    });

    it("gives each keyword today's matches, whether its cap was reached, and a daily series", async () => {
      expect(await stats('(days: 3)')).toEqual([
        { text: 'alpha', matchesToday: 0, capReached: false, dailyMatches: [3, 102, 0] },
        { text: 'beta', matchesToday: 1, capReached: false, dailyMatches: [0, 102, 1] },
        { text: 'gamma', matchesToday: 0, capReached: false, dailyMatches: [0, 0, 0] },
      ]);
      const [alpha] = await stats();
      expect(alpha.dailyMatches).toHaveLength(30);
      expect(alpha.dailyMatches.slice(-3)).toEqual([3, 102, 0]);
    });

    it('reports the cap reached on a day the keyword delivered its 100', async () => {
      atDaysAgo(1);
      expect(await stats('(days: 2)')).toEqual([
        { text: 'alpha', matchesToday: 102, capReached: true, dailyMatches: [3, 102] },
        { text: 'beta', matchesToday: 102, capReached: true, dailyMatches: [0, 102] },
        { text: 'gamma', matchesToday: 0, capReached: false, dailyMatches: [0, 0] },
      ]);
      const { usage } = await run<{ usage: { today: { text: string; capReached: boolean }[] } }>(
        apiKey,
        '{ usage { today { text capReached } } }',
      );
      expect(usage.today.filter((k) => k.capReached).map((k) => k.text)).toEqual(['alpha', 'beta']);
    });

    it('refuses a series outside 1 to 90 days with invalid_body', async () => {
      const res = await post(apiKey, '{ keywords { nodes { dailyMatches(days: 91) } } }');
      expectGraphqlError(res, 'invalid_body', 422);
      expect(errorsOf(res)[0].message).toBe('days must be an integer from 1 to 90');
    });

    it('reads the stats of a whole keyword list in one query, whatever its length and windows', async () => {
      const { apiKey: small } = await t.account('scale', 'alerts');
      await createKeywords(t, small, ['one', 'two']);
      const { apiKey: large } = await t.account('scale', 'alerts');
      await createKeywords(
        t,
        large,
        Array.from({ length: 40 }, (_, i) => `term ${i}`),
      );
      const query =
        '{ keywords { nodes { id matchesToday capReached dailyMatches sparkline: dailyMatches(days: 7) } } }';

      const few = await statementsOf(small, query);
      const many = await statementsOf(large, query);
      expect(many.length).toBe(few.length);
      expect(many.filter((sql) => /keyword_daily_usage/.test(sql))).toHaveLength(1);
    });

    it('keeps counting a keyword deleted since on the days it delivered', async () => {
      const before = await history('(days: 3)');
      await deleteKeyword(t, apiKey, alphaId);
      expect(await history('(days: 3)')).toEqual(before);
    });
  });

  describe('webhook health and secret rotation', () => {
    let receiver: WebhookReceiver;
    let answer = 200;

    beforeAll(async () => {
      receiver = await startWebhookReceiver((_request, response) =>
        response.writeHead(answer).end(),
      );
    });
    afterAll(() => receiver.close());

    const health = async (apiKey: string) =>
      (
        await run<{ webhooks: { nodes: WebhookHealth[] } }>(
          apiKey,
          '{ webhooks { nodes { id successRate24h deliveries24h consecutiveFailures lastError } } }',
        )
      ).webhooks.nodes;

    it("shows an alert's payload byte for byte as its webhook received it", async () => {
      const { apiKey } = await t.account('starter', 'alerts');
      await createKeywords(t, apiKey, ['payload check']);
      const webhook = await createWebhook(t, apiKey, receiver.url);
      const seen = receiver.requests.length;
      await ingest(t, [postItem({ title: 'payload check <b>&</b> "quoted" ☃' })]);
      await runDeliveries(t);
      const [delivered] = (await receiver.received(seen + 1)).slice(seen);

      const { alerts } = await runGraphql<{
        alerts: { edges: Array<{ node: { exact: string; unnamed: string } }> };
      }>(
        t,
        apiKey,
        `query ($webhookId: ID) {
          alerts { edges { node { exact: webhookPayload(webhookId: $webhookId) unnamed: webhookPayload } } }
        }`,
        { webhookId: webhook.id },
      );
      const [{ node }] = alerts.edges;

      expect(node.exact).toBe(delivered.body.toString('utf8'));
      expect(JSON.parse(node.unnamed)).toEqual({
        ...JSON.parse(node.exact),
        webhook_id: null,
      });
    });

    it('gives the share of the last 24 hours of deliveries that succeeded, null without any', async () => {
      const { apiKey } = await t.account('starter', 'alerts');
      await createKeywords(t, apiKey, ['health check']);
      const webhook = await createWebhook(t, apiKey, receiver.url);
      answer = 500;
      for (const n of [1, 2, 3]) {
        await ingest(t, [postItem({ title: `health check ${n}` })]);
        await runDeliveries(t);
      }
      answer = 200;
      t.clock.advance(HOUR_MS);
      await ingest(t, [postItem({ title: 'health check 4' })]);
      await runDeliveries(t);
      const quiet = await createWebhook(t, apiKey, receiver.url);

      expect(await health(apiKey)).toEqual([
        {
          id: webhook.id,
          successRate24h: 0.25,
          deliveries24h: 4,
          consecutiveFailures: 0,
          lastError: 'HTTP 500 Internal Server Error',
        },
        {
          id: quiet.id,
          successRate24h: null,
          deliveries24h: 0,
          consecutiveFailures: 0,
          lastError: null,
        },
      ]);

      t.clock.advance(23 * HOUR_MS + 1);
      expect((await health(apiKey))[0]).toMatchObject({ successRate24h: 1, deliveries24h: 1 });
      t.clock.advance(HOUR_MS);
      expect((await health(apiKey))[0]).toMatchObject({ successRate24h: null, deliveries24h: 0 });
    });

    it('reads the health of a whole webhook list in one query, whatever its length', async () => {
      const query = '{ webhooks { nodes { id successRate24h deliveries24h } } }';
      const withWebhooks = async (count: number) => {
        const { apiKey } = await t.account('starter', 'alerts');
        for (let i = 0; i < count; i += 1) await createWebhook(t, apiKey, receiver.url);
        return statementsOf(apiKey, query);
      };
      const one = await withWebhooks(1);
      const many = await withWebhooks(12);
      expect(many.length).toBe(one.length);
      expect(many.filter((sql) => /from\s+"?deliveries/i.test(sql))).toHaveLength(1);
    });

    it('rotates the secret, shows the new one once, and signs with it from then on', async () => {
      const { apiKey } = await t.account('starter', 'alerts');
      const webhook = await createWebhook(t, apiKey, receiver.url);
      const { rotateWebhookSecret } = await run<{
        rotateWebhookSecret: { secret: string; webhook: Fields };
      }>(
        apiKey,
        `mutation { rotateWebhookSecret(id: "${webhook.id}") { secret webhook { id name url active } } }`,
      );
      expect(rotateWebhookSecret.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(rotateWebhookSecret.secret).not.toBe(webhook.secret);
      expect(rotateWebhookSecret.webhook).toEqual({
        id: webhook.id,
        name: '127.0.0.1',
        url: receiver.url,
        active: true,
      });

      const seen = receiver.requests.length;
      const test = await run<{ testWebhook: { ok: boolean } }>(
        apiKey,
        `mutation { testWebhook(id: "${webhook.id}") { ok } }`,
      );
      expect(test.testWebhook.ok).toBe(true);
      const [delivery] = (await receiver.received(seen + 1)).slice(seen);
      expect(await hasValidSignature(delivery, rotateWebhookSecret.secret)).toBe(true);
      expect(await hasValidSignature(delivery, webhook.secret)).toBe(false);

      expectGraphqlError(
        await post(apiKey, 'mutation { rotateWebhookSecret(id: "unknown") { secret } }'),
        'not_found',
        404,
      );
      const stranger = (await t.account('starter', 'alerts')).apiKey;
      expectGraphqlError(
        await post(stranger, `mutation { rotateWebhookSecret(id: "${webhook.id}") { secret } }`),
        'not_found',
        404,
      );
    });
  });

  describe('feeds', () => {
    const feeds = async (apiKey: string) =>
      (await run<{ feeds: Feeds }>(apiKey, `{ feeds { ${FEEDS_FIELDS} } }`)).feeds;
    const rotate = async (apiKey: string) =>
      (
        await run<{ rotateFeedToken: Feeds }>(
          apiKey,
          `mutation { rotateFeedToken { ${FEEDS_FIELDS} } }`,
        )
      ).rotateFeedToken;
    const fetchFeed = (url: string) => t.http.get(new URL(url).pathname);

    it('issues the token and shows the RSS and Atom URLs once; they open the feeds', async () => {
      const { apiKey } = await t.account('starter', 'alerts');
      expect(await feeds(apiKey)).toEqual({
        enabled: false,
        tokenPrefix: null,
        createdAt: null,
        rssUrl: null,
        atomUrl: null,
      });

      const issued = await rotate(apiKey);
      expect(issued).toEqual({
        enabled: true,
        tokenPrefix: expect.stringMatching(/^feed_.{7}$/),
        createdAt: '2026-11-21T10:00:00.000+00:00',
        rssUrl: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:\d+\/feeds\/feed_[\w-]{43}\/alerts\.rss$/,
        ),
        atomUrl: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:\d+\/feeds\/feed_[\w-]{43}\/alerts\.atom$/,
        ),
      });
      expect(new URL(issued.rssUrl!).pathname).toContain(`/feeds/${issued.tokenPrefix}`);
      const rss = await fetchFeed(issued.rssUrl!).expect(200);
      expect(rss.text).toContain('<rss');
      const atom = await fetchFeed(issued.atomUrl!).expect(200);
      expect(atom.text).toContain('<feed');

      const shown = await feeds(apiKey);
      expect(shown).toEqual({ ...issued, rssUrl: null, atomUrl: null });
      const rest = await t.http.get('/api/v1/feeds').set(bearer(apiKey)).expect(200);
      expect(camelCased(rest.body.data as object)).toEqual({
        enabled: true,
        tokenPrefix: issued.tokenPrefix,
        createdAt: issued.createdAt,
      });
    });

    it('rotating replaces the token: the old URLs stop working at once', async () => {
      const { apiKey } = await t.account('starter', 'alerts');
      const first = await rotate(apiKey);
      t.clock.advance(60_000);
      const second = await rotate(apiKey);
      expect(second.rssUrl).not.toBe(first.rssUrl);
      expect(second.createdAt).toBe('2026-11-21T10:01:00.000+00:00');
      await fetchFeed(first.rssUrl!).expect(404);
      await fetchFeed(first.atomUrl!).expect(404);
      await fetchFeed(second.atomUrl!).expect(200);
    });
  });

  describe('products', () => {
    it('keeps every Alerts field from App keys with 403 wrong_product, as REST does', async () => {
      const { apiKey } = await t.account('starter', 'app');
      for (const query of [
        '{ usageHistory { date } }',
        '{ feeds { enabled } }',
        'mutation { rotateFeedToken { enabled } }',
        '{ webhooks { nodes { successRate24h } } }',
        '{ keywords { nodes { matchesToday } } }',
      ]) {
        const res = await post(apiKey, query);
        expectGraphqlError(res, 'wrong_product', 403, 403);
      }
    });
  });
});

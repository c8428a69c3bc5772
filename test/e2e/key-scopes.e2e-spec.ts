import { AccountsService, type KeyTerms } from '../../src/modules/accounts/accounts.service.js';
import { ApiKeyEntity } from '../../src/modules/accounts/api-key.entity.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, expectGraphqlError, postGraphql, runGraphql } from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { TEST_NOW } from '../utils/test-storage.js';

const HOUR_MS = 3_600_000;
const KEYWORDS = '{ keywords { count } }';
const CREATE_KEYWORDS =
  'mutation { createKeywords(keywords: [{ text: "read key keyword" }]) { created { id } } }';
const CREATE_API_KEY = `mutation($scope: ApiKeyScope, $expiresAt: String) {
  createApiKey(scope: $scope, expiresAt: $expiresAt) { key apiKey { id scope expiresAt revokedAt } }
}`;
const API_KEYS = '{ apiKeys { id scope expiresAt } }';

describe.each(testDatabaseKinds())('scoped and expiring API keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  const readOnly: KeyTerms = { scope: 'read', expiresAt: null };

  async function keyOf(accountId: string, terms: KeyTerms): Promise<string> {
    return (await t.app.get(AccountsService).createKey(accountId, terms)).apiKey;
  }

  async function keywordCount(apiKey: string): Promise<number> {
    const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    return res.body.count as number;
  }

  describe('a read key', () => {
    it('reads every GET route, and is refused 403 forbidden on a write, which changes nothing', async () => {
      const { accountId, apiKey: writeKey } = await t.account();
      const readKey = await keyOf(accountId, readOnly);
      for (const path of [
        '/api/v1/keywords',
        '/api/v1/alerts',
        '/api/v1/webhooks',
        '/api/v1/usage',
      ]) {
        await t.http.get(path).set(bearer(readKey)).expect(200);
      }
      const created = await t.http
        .post('/api/v1/keywords')
        .set(bearer(readKey))
        .send({ text: 'read key keyword' })
        .expect(403);
      expect(created.body).toEqual({
        error: expect.stringMatching(/can only read/),
        code: 'forbidden',
      });
      const keyword = await t.http
        .post('/api/v1/keywords')
        .set(bearer(writeKey))
        .send({ text: 'written keyword' })
        .expect(201);
      const id = (keyword.body as { id: string }).id;
      const deleted = await t.http
        .delete(`/api/v1/keywords/${id}`)
        .set(bearer(readKey))
        .expect(403);
      expect(deleted.body.code).toBe('forbidden');
      expect(await keywordCount(readKey)).toBe(1);
    });

    it('runs GraphQL queries, over POST and GET, and is refused a mutation with 403 forbidden', async () => {
      const { accountId, apiKey: writeKey } = await t.account();
      const readKey = await keyOf(accountId, readOnly);
      expect(await runGraphql(t, readKey, KEYWORDS)).toEqual({ keywords: { count: 0 } });
      const viaGet = await t.http
        .get('/graphql')
        .query({ query: KEYWORDS })
        .set({ ...bearer(readKey), 'Content-Type': 'application/json' })
        .expect(200);
      expect(viaGet.body).toEqual({ data: { keywords: { count: 0 } } });

      const refused = await postGraphql(t, readKey, CREATE_KEYWORDS);
      expectGraphqlError(refused, 'forbidden', 403, 403);
      expect(errorsOf(refused)[0].message).toMatch(/can only read/);
      expect(await keywordCount(writeKey)).toBe(0);
      // A document that cannot be read runs nothing, and a read key may not send it either.
      expectGraphqlError(await postGraphql(t, readKey, 'mutation {'), 'forbidden', 403, 403);
    });

    it('is refused for its product and plan before its scope, as a write key is', async () => {
      const app = await t.account('starter', 'app');
      const appReadKey = await keyOf(app.accountId, readOnly);
      const wrongProduct = await t.http
        .post('/api/v1/keywords')
        .set(bearer(appReadKey))
        .send({ text: 'acme' })
        .expect(403);
      expect(wrongProduct.body.code).toBe('wrong_product');

      const canceled = await t.account();
      const canceledReadKey = await keyOf(canceled.accountId, readOnly);
      await t.app.get(AccountsService).updateAccount(canceled.accountId, { status: 'canceled' });
      const res = await t.http
        .post('/api/v1/keywords')
        .set(bearer(canceledReadKey))
        .send({ text: 'acme' })
        .expect(402);
      expect(res.body.code).toBe('subscription_required');
    });

    it("records its last use as any key's, refused writes included", async () => {
      const { accountId } = await t.account();
      const { key, apiKey } = await t.app.get(AccountsService).createKey(accountId, readOnly);
      await t.http.post('/api/v1/keywords').set(bearer(apiKey)).send({ text: 'acme' }).expect(403);
      const stored = await t.database.manager.findOneByOrFail(ApiKeyEntity, { id: key.id });
      expect(stored.lastUsedAt).toBe(TEST_NOW.getTime());
    });
  });

  describe('an expiring key', () => {
    it('works until its expiry, then is 401 unauthorized saying it expired, on REST and GraphQL', async () => {
      const { accountId } = await t.account();
      const expiresAt = TEST_NOW.getTime() + HOUR_MS;
      const apiKey = await keyOf(accountId, { scope: 'write', expiresAt });
      await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);

      t.clock.set(new Date(expiresAt));
      const rest = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(401);
      expect(rest.body).toEqual({
        error: `This API key expired at ${new Date(expiresAt).toISOString().replace('Z', '+00:00')}`,
        code: 'unauthorized',
      });
      const graphql = await postGraphql(t, apiKey, KEYWORDS);
      expectGraphqlError(graphql, 'unauthorized', 401, 401);
      expect(errorsOf(graphql)[0].message).toMatch(/expired/);
    });

    it('is refused as expired before its product and plan are checked', async () => {
      const { accountId } = await t.account('starter', 'app');
      await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
      const expired = await keyOf(accountId, {
        scope: 'read',
        expiresAt: TEST_NOW.getTime() + 1,
      });
      t.clock.advance(1);
      const res = await t.http.get('/api/v1/keywords').set(bearer(expired)).expect(401);
      expect(res.body.error).toMatch(/expired/);
    });

    it('expires when a row says so, whoever wrote it', async () => {
      const { accountId } = await t.account();
      const { key, apiKey } = await t.app.get(AccountsService).createKey(accountId);
      await t.database.transaction((manager) =>
        manager.update(ApiKeyEntity, { id: key.id }, { expiresAt: TEST_NOW.getTime() - HOUR_MS }),
      );
      const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(401);
      expect(res.body.error).toMatch(/expired/);
    });
  });

  describe('createApiKey', () => {
    it('makes a write key that never expires by default, as every key made before scopes', async () => {
      const { accountId, apiKey } = await t.account();
      const { createApiKey } = await runGraphql<{ createApiKey: { apiKey: object } }>(
        t,
        apiKey,
        CREATE_API_KEY,
      );
      expect(createApiKey.apiKey).toMatchObject({ scope: 'write', expiresAt: null });
      const listed = await runGraphql<{ apiKeys: { scope: string }[] }>(t, apiKey, API_KEYS);
      expect(listed.apiKeys.map((key) => key.scope)).toEqual(['write', 'write']);
      expect(await t.app.get(AccountsService).listKeys(accountId)).toHaveLength(2);
    });

    it('makes a read key with an expiry, which then reads and expires as asked', async () => {
      const { apiKey } = await t.account();
      const expiresAt = new Date(TEST_NOW.getTime() + 2 * HOUR_MS).toISOString();
      const { createApiKey } = await runGraphql<{
        createApiKey: { key: string; apiKey: { scope: string; expiresAt: string } };
      }>(t, apiKey, CREATE_API_KEY, { scope: 'read', expiresAt });
      expect(createApiKey.apiKey).toMatchObject({
        scope: 'read',
        expiresAt: expiresAt.replace('Z', '+00:00'),
      });
      await t.http.get('/api/v1/keywords').set(bearer(createApiKey.key)).expect(200);
      await t.http
        .post('/api/v1/keywords')
        .set(bearer(createApiKey.key))
        .send({ text: 'acme' })
        .expect(403);
      t.clock.advance(2 * HOUR_MS);
      await t.http.get('/api/v1/keywords').set(bearer(createApiKey.key)).expect(401);
    });

    it.each([
      ['not a timestamp', 'next tuesday', /expiresAt must be an ISO 8601 timestamp/],
      ['in the past', '2020-01-01T00:00:00Z', /must be in the future/],
      ['now', TEST_NOW.toISOString(), /must be in the future/],
    ])(
      'refuses an expiry %s with invalid_body, and makes no key',
      async (_what, expiresAt, message) => {
        const { accountId, apiKey } = await t.account();
        const res = await postGraphql(t, apiKey, CREATE_API_KEY, { expiresAt });
        expectGraphqlError(res, 'invalid_body', 422);
        expect(errorsOf(res)[0].message).toMatch(message);
        expect(await t.app.get(AccountsService).listKeys(accountId)).toHaveLength(1);
      },
    );

    it('refuses an unknown scope, and makes no key', async () => {
      const { accountId, apiKey } = await t.account();
      const res = await postGraphql(t, apiKey, CREATE_API_KEY, { scope: 'admin' });
      expect(res.status).toBe(400);
      expect(errorsOf(res)[0].message).toMatch(/ApiKeyScope/);
      expect(await t.app.get(AccountsService).listKeys(accountId)).toHaveLength(1);
    });
  });
});

import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

describe.each(testDatabaseKinds())('authentication and plan checks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const error = (code: string) => ({ error: expect.any(String), code });

  it('answers 401 unauthorized without an Authorization header', async () => {
    const res = await t.http.get('/api/v1/keywords').expect(401);
    expect(res.body).toEqual(error('unauthorized'));
  });

  it('answers 401 unauthorized for a malformed header or an unknown key', async () => {
    await t.http.get('/api/v1/keywords').set('Authorization', 'Basic abc').expect(401);
    const res = await t.http.get('/api/v1/keywords').set(bearer('alr_notarealkey')).expect(401);
    expect(res.body).toEqual(error('unauthorized'));
  });

  it('accepts a valid Alerts key', async () => {
    const { apiKey } = await t.account();
    const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    expect(res.body).toEqual({ data: [], count: 0, keyword_limit: 25 });
  });

  it('issues keys with the product prefix and stores only their hash', async () => {
    const { apiKey } = await t.account('starter', 'alerts');
    const { apiKey: appKey } = await t.account('starter', 'app');
    expect(apiKey).toMatch(/^alr_[A-Za-z0-9_-]{43}$/);
    expect(appKey).toMatch(/^app_[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.manager.query('SELECT key_hash, key_prefix FROM api_keys');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(appKey);
  });

  it('refuses a revoked key with 401', async () => {
    const { accountId } = await t.account();
    const { key, apiKey } = await t.app.get(AccountsService).createKey(accountId);
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    await t.app.get(AccountsService).revokeKey(key.id);
    const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(401);
    expect(res.body).toEqual(error('unauthorized'));
  });

  it('refuses an App key on Alerts routes with 403 wrong_product', async () => {
    const { apiKey } = await t.account('starter', 'app');
    for (const path of [
      '/api/v1/keywords',
      '/api/v1/alerts',
      '/api/v1/webhooks',
      '/api/v1/usage',
    ]) {
      const res = await t.http.get(path).set(bearer(apiKey)).expect(403);
      expect(res.body).toEqual(error('wrong_product'));
    }
    await t.http.post('/api/v1/keywords').set(bearer(apiKey)).send({ text: 'acme' }).expect(403);
  });

  it('answers 402 subscription_required when the plan is canceled, and serves again when reactivated', async () => {
    const { apiKey, accountId } = await t.account();
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
    const res = await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(402);
    expect(res.body).toEqual(error('subscription_required'));
    await t.http.post('/api/v1/keywords').set(bearer(apiKey)).send({ text: 'acme' }).expect(402);
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'active' });
    await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200);
  });

  it('checks the product before the plan status (403 before 402)', async () => {
    const { apiKey, accountId } = await t.account('starter', 'app');
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
    const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(403);
    expect(res.body.code).toBe('wrong_product');
  });

  it('checks the key before anything else (401 for a revoked key of a canceled account)', async () => {
    const { accountId } = await t.account();
    const { key, apiKey } = await t.app.get(AccountsService).createKey(accountId);
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
    await t.app.get(AccountsService).revokeKey(key.id);
    const res = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it("answers 404 for another account's keyword and leaves it untouched", async () => {
    const owner = await t.account();
    const stranger = await t.account();
    const created = await t.http
      .post('/api/v1/keywords')
      .set(bearer(owner.apiKey))
      .send({ text: 'private term' })
      .expect(201);
    const id = created.body.created[0].id as string;
    const patch = await t.http
      .patch(`/api/v1/keywords/${id}`)
      .set(bearer(stranger.apiKey))
      .send({ active: false })
      .expect(404);
    expect(patch.body).toEqual(error('not_found'));
    await t.http.delete(`/api/v1/keywords/${id}`).set(bearer(stranger.apiKey)).expect(404);
    const list = await t.http.get('/api/v1/keywords').set(bearer(owner.apiKey)).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id, active: true })]);
  });
});

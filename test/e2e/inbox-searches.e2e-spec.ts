import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const SEARCH_FIELDS = [
  'id',
  'name',
  'description',
  'active',
  'keywords',
  'created_at',
  'updated_at',
];
const error = (code: string) => ({ error: expect.any(String), code });
/** The test clock's now, as the API writes timestamps. */
const apiTime = (t: TestApp) => t.clock.now().toISOString().replace('Z', '+00:00');

describe.each(testDatabaseKinds())('App searches on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  beforeEach(async () => {
    ({ apiKey: key } = await t.account('starter', 'app'));
  });
  afterAll(() => t.close());

  const create = (body: object, apiKey = key) =>
    t.http.post('/api/v1/searches').set(bearer(apiKey)).send(body);
  const created = async (body: object) => (await create(body).expect(201)).body.data;

  it('creates a search with its keywords and returns it under data', async () => {
    const res = await create({
      name: 'Launch watch',
      description: 'Home automation for renters',
      keywords: ['Acme  Widget', { text: 'smart plug', mode: 'broad' }],
    }).expect(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data)).toEqual(SEARCH_FIELDS);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Launch watch',
      description: 'Home automation for renters',
      active: true,
      keywords: [
        { text: 'Acme Widget', mode: 'exact' },
        { text: 'smart plug', mode: 'broad' },
      ],
      created_at: apiTime(t),
      updated_at: apiTime(t),
    });
  });

  it('lists live searches oldest first with a count, and reads one by id', async () => {
    const first = await created({ name: 'First', keywords: ['alpha'] });
    t.clock.advance(1000);
    const second = await created({ name: 'Second', keywords: ['beta'], active: false });
    const list = await t.http.get('/api/v1/searches').set(bearer(key)).expect(200);
    expect(list.body).toEqual({ data: [first, second], count: 2 });
    const one = await t.http.get(`/api/v1/searches/${second.id}`).set(bearer(key)).expect(200);
    expect(one.body).toEqual({ data: second });
    expect(second).toMatchObject({ active: false, description: null });
  });

  it('changes name, description, active and replaces the keywords with PATCH', async () => {
    const search = await created({
      name: 'Old',
      description: 'old text',
      keywords: ['alpha', 'beta'],
    });
    t.clock.advance(5000);
    const res = await t.http
      .patch(`/api/v1/searches/${search.id}`)
      .set(bearer(key))
      .send({
        name: 'New',
        description: null,
        active: false,
        keywords: [{ text: 'gamma ray', mode: 'proximity' }],
      })
      .expect(200);
    expect(res.body.data).toEqual({
      ...search,
      name: 'New',
      description: null,
      active: false,
      keywords: [{ text: 'gamma ray', mode: 'proximity' }],
      updated_at: apiTime(t),
    });
    const keptKeywords = await t.http
      .patch(`/api/v1/searches/${search.id}`)
      .set(bearer(key))
      .send({ active: true })
      .expect(200);
    expect(keptKeywords.body.data).toMatchObject({
      active: true,
      keywords: [{ text: 'gamma ray', mode: 'proximity' }],
    });
    const read = await t.http.get(`/api/v1/searches/${search.id}`).set(bearer(key)).expect(200);
    expect(read.body.data).toEqual(keptKeywords.body.data);
  });

  it('deletes a search: it is no longer listed or readable, and a second delete is 404', async () => {
    const search = await created({ name: 'Doomed', keywords: ['delta'] });
    const res = await t.http.delete(`/api/v1/searches/${search.id}`).set(bearer(key)).expect(200);
    expect(res.body).toEqual({ deleted: true, id: search.id });
    await t.http.get(`/api/v1/searches/${search.id}`).set(bearer(key)).expect(404);
    expect((await t.http.get('/api/v1/searches').set(bearer(key)).expect(200)).body).toEqual({
      data: [],
      count: 0,
    });
    const again = await t.http.delete(`/api/v1/searches/${search.id}`).set(bearer(key)).expect(404);
    expect(again.body).toEqual(error('not_found'));
  });

  it("answers 404 not_found for an unknown id and for another account's search", async () => {
    const { apiKey: otherKey } = await t.account('starter', 'app');
    const foreign = (await create({ name: 'Theirs', keywords: ['epsilon'] }, otherKey).expect(201))
      .body.data;
    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    for (const id of [foreign.id, unknown]) {
      expect(
        (await t.http.get(`/api/v1/searches/${id}`).set(bearer(key)).expect(404)).body,
      ).toEqual(error('not_found'));
      await t.http
        .patch(`/api/v1/searches/${id}`)
        .set(bearer(key))
        .send({ name: 'Mine' })
        .expect(404);
      await t.http.delete(`/api/v1/searches/${id}`).set(bearer(key)).expect(404);
    }
    expect(
      (await t.http.get(`/api/v1/searches/${foreign.id}`).set(bearer(otherKey)).expect(200)).body
        .data.name,
    ).toBe('Theirs');
  });

  it('accepts exactly 50 keywords per search', async () => {
    const keywords = Array.from({ length: 50 }, (_, i) => `term ${i}`);
    expect((await created({ name: 'Big', keywords })).keywords).toHaveLength(50);
  });

  it('is App-only: 401 without a key, 403 wrong_product for an Alerts key, 402 when canceled', async () => {
    expect((await t.http.get('/api/v1/searches').expect(401)).body).toEqual(error('unauthorized'));
    const { apiKey: alertsKey } = await t.account('starter', 'alerts');
    expect((await t.http.get('/api/v1/searches').set(bearer(alertsKey)).expect(403)).body).toEqual(
      error('wrong_product'),
    );
    await create({ name: 'n', keywords: ['alpha'] }, alertsKey).expect(403);
    const { apiKey: canceledKey, accountId } = await t.account('starter', 'app');
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
    expect(
      (await t.http.get('/api/v1/searches').set(bearer(canceledKey)).expect(402)).body,
    ).toEqual(error('subscription_required'));
  });
});

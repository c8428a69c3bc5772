import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { dumpComment, dumpPost, normalizedItem } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

interface Item {
  id: string;
  post_id: string;
  comment_id: string | null;
  relevance_score: number;
  post_score: number;
  post_num_comments: number;
  type: string;
  is_read: boolean;
  is_declined: boolean;
  created_at: string;
}

const error = (code: string) => ({ error: expect.any(String), code });

describe.each(testDatabaseKinds())('GET and PATCH /inbox on %s', (kind) => {
  let t: TestApp;
  let ownerId: string;
  let key: string;
  let widgets: string;
  let gizmos: string;
  /** The dataset's items by name, 1 to 5 in the order they were collected. */
  const named: Record<string, Item> = {};
  const nameOf = (item: Item) => Object.keys(named).find((name) => named[name].id === item.id);

  const ingest = (things: object[]) =>
    t.app.get(IngestionPipeline).process(things.map(normalizedItem));
  const get = (path: string, apiKey = key) => t.http.get(`/api/v1${path}`).set(bearer(apiKey));
  const names = async (query: string) =>
    ((await get(`/inbox${query}`).expect(200)).body.data as Item[]).map(nameOf);

  /**
   * Five items, one batch a minute apart, chosen so every sort_by gives its own order:
   * 1 widgets title match, 5 upvotes, 1 comment              realtime
   * 2 widgets body match, 200 upvotes, 2 comments            seo
   * 3 widgets comment on a post with 10 upvotes, 40 comments comment
   * 4 gizmos title match, 60 upvotes, 25 comments            seo
   * 5 gizmos title match, 1 upvote, 0 comments               realtime
   */
  beforeAll(async () => {
    t = await createTestApp(kind);
    let ownerKey: string;
    ({ apiKey: ownerKey, accountId: ownerId } = await t.account('starter', 'app'));
    const search = async (body: object) =>
      (await t.http.post('/api/v1/searches').set(bearer(ownerKey)).send(body).expect(201)).body.data
        .id as string;
    widgets = await search({
      name: 'Widgets',
      description: 'home automation for renters',
      keywords: ['acme widget'],
    });
    gizmos = await search({ name: 'Gizmos', keywords: ['gizmo'] });
    const thread = dumpPost({ title: 'Help needed', score: 10, num_comments: 40 });
    const batches = [
      [dumpPost({ title: 'acme widget review', score: 5, num_comments: 1 })],
      [
        dumpPost({
          title: 'Question',
          selftext: 'anyone used an acme widget?',
          score: 200,
          num_comments: 2,
        }),
      ],
      [thread, dumpComment(thread, { body: 'my acme widget broke' })],
      [dumpPost({ title: 'gizmo for renters', score: 60, num_comments: 25 })],
      [dumpPost({ title: 'Cheap gizmo', score: 1, num_comments: 0 })],
    ];
    for (const batch of batches) {
      t.clock.advance(60_000);
      await ingest(batch);
    }
    const all = (await t.http.get('/api/v1/inbox?sort_by=oldest').set(bearer(ownerKey)).expect(200))
      .body.data as Item[];
    all.forEach((item, index) => (named[String(index + 1)] = item));
  });
  beforeEach(async () => {
    // A fresh key per test keeps each test inside the per-key read budget.
    ({ apiKey: key } = await t.app.get(AccountsService).createKey(ownerId));
  });
  afterAll(() => t.close());

  it('holds the five items of the dataset, with their types', () => {
    const dataset = Object.values(named).map((item) => [
      item.type,
      item.post_score,
      item.post_num_comments,
    ]);
    expect(dataset).toEqual([
      ['realtime', 5, 1],
      ['seo', 200, 2],
      ['comment', 10, 40],
      ['seo', 60, 25],
      ['realtime', 1, 0],
    ]);
    expect(named['3'].comment_id).not.toBeNull();
  });

  it('answers { data, count, limit, offset }, newest first, 50 per page from 0 by default', async () => {
    const res = await get('/inbox').expect(200);
    expect(Object.keys(res.body)).toEqual(['data', 'count', 'limit', 'offset']);
    expect(res.body).toMatchObject({ count: 5, limit: 50, offset: 0 });
    expect((res.body.data as Item[]).map(nameOf)).toEqual(['5', '4', '3', '2', '1']);
  });

  it.each([
    ['newest', ['5', '4', '3', '2', '1']],
    ['oldest', ['1', '2', '3', '4', '5']],
    ['upvotes', ['2', '4', '3', '1', '5']],
    ['comments', ['3', '4', '2', '1', '5']],
    ['score_high', ['4', '1', '5', '2', '3']],
    ['score_low', ['3', '2', '5', '1', '4']],
  ])('sorts by %s', async (sortBy, expected) => {
    const items = (await get(`/inbox?sort_by=${sortBy}`).expect(200)).body.data as Item[];
    expect(items.map(nameOf)).toEqual(expected);
  });

  it('sorts by the field each sort names, and the dataset gives six different orders', async () => {
    const orders = new Set<string>();
    const fieldOf: Record<string, (item: Item) => number> = {
      score_high: (item) => -item.relevance_score,
      score_low: (item) => item.relevance_score,
      upvotes: (item) => -item.post_score,
      comments: (item) => -item.post_num_comments,
      newest: (item) => -Date.parse(item.created_at),
      oldest: (item) => Date.parse(item.created_at),
    };
    for (const [sortBy, key] of Object.entries(fieldOf)) {
      const items = (await get(`/inbox?sort_by=${sortBy}`).expect(200)).body.data as Item[];
      expect(items.map(key)).toEqual(items.map(key).sort((a, b) => a - b));
      orders.add(items.map(nameOf).join());
    }
    expect(orders.size).toBe(6);
  });

  it('filters by search_id, and finds nothing for an unknown search', async () => {
    expect(await names(`?search_id=${widgets}&sort_by=oldest`)).toEqual(['1', '2', '3']);
    expect(await names(`?search_id=${gizmos}&sort_by=oldest`)).toEqual(['4', '5']);
    const res = await get('/inbox?search_id=0190f0f0-0000-7000-8000-000000000000').expect(200);
    expect(res.body).toMatchObject({ data: [], count: 0 });
  });

  it('filters by type', async () => {
    expect(await names('?type=seo&sort_by=oldest')).toEqual(['2', '4']);
    expect(await names('?type=realtime&sort_by=oldest')).toEqual(['1', '5']);
    expect(await names('?type=comment')).toEqual(['3']);
  });

  it('filters by min_score, inclusive', async () => {
    const threshold = named['5'].relevance_score;
    expect(await names(`?min_score=${threshold}&sort_by=oldest`)).toEqual(['1', '4', '5']);
    expect(await names(`?min_score=${threshold + 0.5}&sort_by=oldest`)).toEqual(['1', '4']);
    expect(await names('?min_score=0')).toHaveLength(5);
    expect(await names('?min_score=100')).toEqual([]);
  });

  it('filters unread items with unread_only, and combines filters with AND', async () => {
    await t.http
      .patch(`/api/v1/inbox/${named['1'].id}`)
      .set(bearer(key))
      .send({ is_read: true })
      .expect(200);
    try {
      const unread = await get('/inbox?unread_only=true&sort_by=oldest').expect(200);
      expect(unread.body.count).toBe(4);
      expect((unread.body.data as Item[]).map(nameOf)).toEqual(['2', '3', '4', '5']);
      expect(await names('?unread_only=false')).toHaveLength(5);
      expect(await names(`?unread_only=true&search_id=${widgets}&type=seo`)).toEqual(['2']);
      expect(await names(`?search_id=${widgets}&type=realtime`)).toEqual(['1']);
    } finally {
      await t.http
        .patch(`/api/v1/inbox/${named['1'].id}`)
        .set(bearer(key))
        .send({ is_read: false })
        .expect(200);
    }
  });

  it('pages with limit and offset while count stays the total matching the filters', async () => {
    const page = await get('/inbox?sort_by=oldest&limit=2&offset=1').expect(200);
    expect(page.body).toMatchObject({ count: 5, limit: 2, offset: 1 });
    expect((page.body.data as Item[]).map(nameOf)).toEqual(['2', '3']);
    const filtered = await get(
      `/inbox?search_id=${widgets}&limit=1&offset=2&sort_by=oldest`,
    ).expect(200);
    expect(filtered.body).toMatchObject({ count: 3, limit: 1, offset: 2 });
    expect((filtered.body.data as Item[]).map(nameOf)).toEqual(['3']);
    const beyond = await get('/inbox?offset=10').expect(200);
    expect(beyond.body).toEqual({ data: [], count: 5, limit: 50, offset: 10 });
    expect((await get('/inbox?limit=100').expect(200)).body.data).toHaveLength(5);
  });

  it('reads one item by id', async () => {
    const res = await get(`/inbox/${named['3'].id}`).expect(200);
    expect(res.body).toEqual({ data: named['3'] });
  });

  it('marks an item read and declined with PATCH, which GET then shows', async () => {
    const id = named['4'].id;
    const patch = (body: object) => t.http.patch(`/api/v1/inbox/${id}`).set(bearer(key)).send(body);
    try {
      const read = await patch({ is_read: true }).expect(200);
      expect(read.body).toEqual({ data: { ...named['4'], is_read: true } });
      const declined = await patch({ is_declined: true }).expect(200);
      expect(declined.body.data).toMatchObject({ is_read: true, is_declined: true });
      expect((await get(`/inbox/${id}`).expect(200)).body.data).toMatchObject({
        is_read: true,
        is_declined: true,
      });
      expect(await names('?unread_only=true')).not.toContain('4');
      expect(await names('')).toContain('4');
      const both = await patch({ is_read: false, is_declined: false }).expect(200);
      expect(both.body.data).toEqual(named['4']);
    } finally {
      await patch({ is_read: false, is_declined: false }).expect(200);
    }
  });

  it.each([[{}]])('refuses PATCH %j with 422 invalid_body', async (body) => {
    const res = await t.http
      .patch(`/api/v1/inbox/${named['1'].id}`)
      .set(bearer(key))
      .send(body)
      .expect(422);
    expect(res.body).toEqual(error('invalid_body'));
  });

  it("answers 404 not_found for an unknown id and for another account's item", async () => {
    const { apiKey: otherKey } = await t.account('starter', 'app');
    await t.http
      .post('/api/v1/searches')
      .set(bearer(otherKey))
      .send({ name: 'Other', keywords: ['ocelot'] })
      .expect(201);
    await ingest([dumpPost({ title: 'ocelot news' })]);
    const [foreign] = (await get('/inbox', otherKey).expect(200)).body.data as Item[];
    for (const id of [foreign.id, '0190f0f0-0000-7000-8000-000000000000']) {
      expect((await get(`/inbox/${id}`).expect(404)).body).toEqual(error('not_found'));
      const patch = await t.http
        .patch(`/api/v1/inbox/${id}`)
        .set(bearer(key))
        .send({ is_read: true })
        .expect(404);
      expect(patch.body).toEqual(error('not_found'));
    }
    expect((await get(`/inbox/${foreign.id}`, otherKey).expect(200)).body.data.is_read).toBe(false);
    expect((await get('/inbox').expect(200)).body.count).toBe(5);
  });

  it('answers 401 without a valid key and 402 for a canceled App account', async () => {
    expect((await t.http.get('/api/v1/inbox').expect(401)).body).toEqual(error('unauthorized'));
    expect((await get('/inbox', 'app_notarealkey').expect(401)).body).toEqual(
      error('unauthorized'),
    );
    const { apiKey: canceledKey, accountId } = await t.account('starter', 'app');
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
    expect((await get('/inbox', canceledKey).expect(402)).body).toEqual(
      error('subscription_required'),
    );
    expect((await get(`/inbox/${named['1'].id}`, canceledKey).expect(402)).body).toEqual(
      error('subscription_required'),
    );
  });
});

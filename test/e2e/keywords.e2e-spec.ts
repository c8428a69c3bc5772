import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const KEYWORD_FIELDS = [
  'id',
  'text',
  'mode',
  'active',
  'track_posts',
  'track_comments',
  'created_at',
  'updated_at',
  'exclude',
  'subreddits',
  'exclude_subreddits',
  'exclude_authors',
  'query',
];
const NO_FILTERS = { exclude: [], subreddits: [], exclude_subreddits: [], exclude_authors: [] };

describe.each(testDatabaseKinds())('keywords on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  beforeEach(async () => {
    ({ apiKey: key } = await t.account('starter'));
  });
  afterAll(() => t.close());

  const post = (body: unknown) =>
    t.http
      .post('/api/v1/keywords')
      .set(bearer(key))
      .send(body as object);
  const list = async () => (await t.http.get('/api/v1/keywords').set(bearer(key)).expect(200)).body;

  describe('POST /keywords', () => {
    it('creates keywords with defaults and answers 201 with created, existing and rejected', async () => {
      const res = await post({ keywords: [{ text: 'Acme Corp' }] }).expect(201);
      expect(Object.keys(res.body)).toEqual(['created', 'existing', 'rejected']);
      expect(res.body.existing).toEqual([]);
      expect(res.body.rejected).toEqual([]);
      const [keyword] = res.body.created;
      expect(Object.keys(keyword)).toEqual(KEYWORD_FIELDS);
      expect(keyword).toMatchObject({
        text: 'Acme Corp',
        mode: 'exact',
        active: true,
        track_posts: true,
        track_comments: true,
        ...NO_FILTERS,
      });
      expect(keyword.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
    });

    it('accepts a bare array and a single { text } object', async () => {
      const fromArray = await post([
        { text: 'first term', mode: 'broad' },
        { text: 'second term', mode: 'proximity' },
      ]).expect(201);
      expect(fromArray.body.created.map((k: { mode: string }) => k.mode)).toEqual([
        'broad',
        'proximity',
      ]);
      const single = await post({ text: 'third term', track_comments: false }).expect(201);
      expect(single.body.created[0]).toMatchObject({
        text: 'third term',
        track_posts: true,
        track_comments: false,
      });
    });

    it('reports a live text under existing, case- and whitespace-insensitively, with 200 when nothing was created', async () => {
      const first = await post({ text: 'Acme  Corp' }).expect(201);
      expect(first.body.created[0].text).toBe('Acme Corp');
      const again = await post({ keywords: [{ text: 'acme corp', mode: 'broad' }] }).expect(200);
      expect(again.body.created).toEqual([]);
      expect(again.body.existing).toEqual([first.body.created[0]]);
      expect((await list()).count).toBe(1);
    });

    it('treats NFKC-equivalent texts as the same keyword', async () => {
      await post({ text: 'ＡＣＭＥ tools' }).expect(201);
      const res = await post({ text: 'acme tools' }).expect(200);
      expect(res.body.existing).toHaveLength(1);
    });

    it('rejects the second occurrence of a text in one request as duplicate', async () => {
      const res = await post({ keywords: [{ text: 'Widget' }, { text: 'widget' }] }).expect(201);
      expect(res.body.created).toHaveLength(1);
      expect(res.body.rejected).toEqual([
        { text: 'widget', reason: 'duplicate', message: expect.any(String) },
      ]);
    });

    it.each([
      [{ text: 'a' }, 'text'],
      [{ text: 'x'.repeat(81) }, 'text'],
      [{ text: 'one two three four five six seven' }, 'words'],
      [{ text: '   ' }, 'text'],
      [{ text: 42 }, 'text'],
      [{}, 'text'],
      [{ text: 'valid text', mode: 'fuzzy' }, 'mode'],
      [{ text: 'valid text', track_posts: 'yes' }, 'track_posts'],
      [{ text: 'valid text', track_comments: 1 }, 'track_comments'],
      [{ text: 'valid text', track_posts: false, track_comments: false }, 'track_'],
      ['just a string', 'object'],
    ])(
      'rejects an invalid item %j with reason invalid and a message naming %s',
      async (item, field) => {
        const res = await post({ keywords: [item, { text: 'good one' }] }).expect(201);
        expect(res.body.created.map((k: { text: string }) => k.text)).toEqual(['good one']);
        expect(res.body.rejected).toEqual([
          { text: expect.any(String), reason: 'invalid', message: expect.stringContaining(field) },
        ]);
      },
    );

    it('accepts exactly 2 and 80 characters and 6 words', async () => {
      const res = await post([
        { text: 'ab' },
        { text: 'y'.repeat(80) },
        { text: 'one two three four five six' },
      ]).expect(201);
      expect(res.body.created).toHaveLength(3);
    });

    it.each([
      ['an empty array', '[]'],
      ['an empty keywords array', '{"keywords":[]}'],
    ])('answers 422 invalid_body for %s and creates nothing', async (_name, raw) => {
      const res = await t.http
        .post('/api/v1/keywords')
        .set(bearer(key))
        .set('Content-Type', 'application/json')
        .send(raw)
        .expect(422);
      expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_body' });
      expect((await list()).count).toBe(0);
    });

    it('answers 422 for more than 500 items', async () => {
      const items = Array.from({ length: 501 }, (_, i) => ({ text: `term ${i}` }));
      const res = await post({ keywords: items }).expect(422);
      expect(res.body.code).toBe('invalid_body');
    });

    it('creates up to the plan limit in request order and rejects the rest as limit_reached', async () => {
      const items = Array.from({ length: 30 }, (_, i) => ({ text: `brand ${i}` }));
      const res = await post(items).expect(201);
      expect(res.body.created.map((k: { text: string }) => k.text)).toEqual(
        items.slice(0, 25).map((i) => i.text),
      );
      expect(res.body.rejected).toEqual(
        items
          .slice(25)
          .map((i) => ({ text: i.text, reason: 'limit_reached', message: expect.any(String) })),
      );
      expect((await list()).count).toBe(25);
    });

    it('creates 500 keywords in one call on the scale plan', async () => {
      ({ apiKey: key } = await t.account('scale'));
      const items = Array.from({ length: 500 }, (_, i) => ({
        text: `product name ${i}`,
        mode: (['exact', 'proximity', 'broad'] as const)[i % 3],
      }));
      const res = await post({ keywords: items }).expect(201);
      expect(res.body.created).toHaveLength(500);
      const listed = await list();
      expect(listed).toMatchObject({ count: 500, keyword_limit: 500 });
    });
  });

  describe('GET /keywords', () => {
    it('lists live keywords oldest first, paused included, with count and keyword_limit', async () => {
      const a = (await post({ text: 'older one' }).expect(201)).body.created[0];
      t.clock.advance(1000);
      const b = (await post({ text: 'newer one' }).expect(201)).body.created[0];
      await t.http
        .patch(`/api/v1/keywords/${a.id}`)
        .set(bearer(key))
        .send({ active: false })
        .expect(200);
      const body = await list();
      expect(body.data.map((k: { id: string }) => k.id)).toEqual([a.id, b.id]);
      expect(body.data[0].active).toBe(false);
      expect(body).toMatchObject({ count: 2, keyword_limit: 25 });
    });
  });

  describe('PATCH /keywords/:id', () => {
    it('changes mode and flags and bumps updated_at', async () => {
      const k = (await post({ text: 'patch me' }).expect(201)).body.created[0];
      t.clock.advance(5000);
      const res = await t.http
        .patch(`/api/v1/keywords/${k.id}`)
        .set(bearer(key))
        .send({ mode: 'broad', track_posts: false })
        .expect(200);
      expect(Object.keys(res.body.data)).toEqual(KEYWORD_FIELDS);
      expect(res.body.data).toMatchObject({
        id: k.id,
        mode: 'broad',
        track_posts: false,
        track_comments: true,
        text: 'patch me',
      });
      expect(res.body.data.updated_at > k.updated_at).toBe(true);
    });

    it('pauses and resumes a keyword', async () => {
      const k = (await post({ text: 'pausable' }).expect(201)).body.created[0];
      await t.http
        .patch(`/api/v1/keywords/${k.id}`)
        .set(bearer(key))
        .send({ active: false })
        .expect(200);
      const resumed = await t.http
        .patch(`/api/v1/keywords/${k.id}`)
        .set(bearer(key))
        .send({ active: true })
        .expect(200);
      expect(resumed.body.data.active).toBe(true);
    });

    it('answers 403 keyword_limit_reached when resuming would exceed the plan, and leaves it paused', async () => {
      const created = (
        await post(Array.from({ length: 25 }, (_, i) => ({ text: `slot ${i}` }))).expect(201)
      ).body.created;
      await t.http
        .patch(`/api/v1/keywords/${created[0].id}`)
        .set(bearer(key))
        .send({ active: false })
        .expect(200);
      await post({ text: 'takes the slot' }).expect(201);
      const res = await t.http
        .patch(`/api/v1/keywords/${created[0].id}`)
        .set(bearer(key))
        .send({ active: true })
        .expect(403);
      expect(res.body).toEqual({ error: expect.any(String), code: 'keyword_limit_reached' });
      const listed = await list();
      expect(listed.data.find((k: { id: string }) => k.id === created[0].id).active).toBe(false);
    });

    it.each([[{ track_posts: false, track_comments: false }], [{}]])(
      'answers 422 invalid_body for %j and changes nothing',
      async (change) => {
        const k = (await post({ text: 'stable', track_comments: false }).expect(201)).body
          .created[0];
        const res = await t.http
          .patch(`/api/v1/keywords/${k.id}`)
          .set(bearer(key))
          .send(change)
          .expect(422);
        expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_body' });
        expect((await list()).data[0]).toEqual(k);
      },
    );

    it('answers 404 not_found for an unknown id', async () => {
      const res = await t.http
        .patch('/api/v1/keywords/unknown')
        .set(bearer(key))
        .send({ active: false })
        .expect(404);
      expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
    });
  });

  describe('filters', () => {
    const patch = (id: string, change: object) =>
      t.http.patch(`/api/v1/keywords/${id}`).set(bearer(key)).send(change);

    it('stores each list in its stored form: prefixes dropped, whitespace collapsed, duplicates merged', async () => {
      const res = await post({
        text: 'acme',
        exclude: ['  free   trial ', 'Free Trial', 'ＦＲＥＥ trial', 'c++'],
        subreddits: ['r/AskReddit', 'askreddit', '/r/Tech_Support', 'R/news'],
        exclude_subreddits: ['pics'],
        exclude_authors: ['u/AutoModerator', 'automoderator', '/u/spam-bot_1'],
      }).expect(201);
      expect(res.body.created[0]).toMatchObject({
        exclude: ['free trial', 'c++'],
        subreddits: ['AskReddit', 'Tech_Support', 'news'],
        exclude_subreddits: ['pics'],
        exclude_authors: ['AutoModerator', 'spam-bot_1'],
      });
      expect((await list()).data[0]).toEqual(res.body.created[0]);
    });

    it('takes null for the default, as for the other optional fields', async () => {
      const res = await post({ text: 'acme', exclude: null, exclude_authors: null }).expect(201);
      expect(res.body.created[0]).toMatchObject(NO_FILTERS);
    });

    it.each([
      [{ exclude: 'spam' }, 'exclude'],
      [{ exclude: Array.from({ length: 21 }, (_, i) => `phrase ${i}`) }, 'exclude'],
      [{ exclude: [''] }, 'exclude[0]'],
      [{ exclude: ['ok', 'x'.repeat(81)] }, 'exclude[1]'],
      [{ exclude: ['one two three four five six seven'] }, 'exclude[0]'],
      [{ exclude: ['$$$'] }, 'exclude[0]'],
      [{ exclude: [42] }, 'exclude[0]'],
      [{ subreddits: ['a'] }, 'subreddits[0]'],
      [{ subreddits: ['r/' + 'x'.repeat(22)] }, 'subreddits[0]'],
      [{ subreddits: ['ask reddit'] }, 'subreddits[0]'],
      [{ subreddits: Array.from({ length: 51 }, (_, i) => `sub${i}`) }, 'subreddits'],
      [{ exclude_subreddits: ['u/pics'] }, 'exclude_subreddits[0]'],
      [{ exclude_authors: ['ab'] }, 'exclude_authors[0]'],
      [{ exclude_authors: ['r/someone'] }, 'exclude_authors[0]'],
      [{ exclude_authors: {} }, 'exclude_authors'],
    ])('rejects the item %j as invalid, naming %s', async (filters, field) => {
      const res = await post({ keywords: [{ text: 'filtered', ...filters }, { text: 'fine' }] });
      expect(res.status).toBe(201);
      expect(res.body.created.map((k: { text: string }) => k.text)).toEqual(['fine']);
      expect(res.body.rejected).toEqual([
        { text: 'filtered', reason: 'invalid', message: expect.stringContaining(`${field} `) },
      ]);
    });

    it('accepts 20 phrases, 50 names and the shortest and longest names', async () => {
      const res = await post({
        text: 'acme',
        exclude: Array.from({ length: 20 }, (_, i) => `phrase ${i}`),
        subreddits: [...Array.from({ length: 48 }, (_, i) => `sub${i}`), 'de', 'x'.repeat(21)],
        exclude_authors: ['abc', 'y'.repeat(20)],
      }).expect(201);
      expect(res.body.created[0].exclude).toHaveLength(20);
      expect(res.body.created[0].subreddits).toHaveLength(50);
    });

    it("leaves a live keyword posted again unchanged, and gives a restored one the request's filters", async () => {
      const live = (await post({ text: 'live one', exclude: ['spam'] }).expect(201)).body
        .created[0];
      const again = await post({ text: 'live one', subreddits: ['news'] }).expect(200);
      expect(again.body.existing).toEqual([live]);

      const gone = (await post({ text: 'gone one', exclude: ['spam'] }).expect(201)).body
        .created[0];
      await t.http.delete(`/api/v1/keywords/${gone.id}`).set(bearer(key)).expect(200);
      const restored = await post({ text: 'gone one', exclude_authors: ['bot_1'] }).expect(201);
      expect(restored.body.created[0]).toMatchObject({
        id: gone.id,
        ...NO_FILTERS,
        exclude_authors: ['bot_1'],
      });
    });

    it('PATCH replaces only the lists given, [] clears one, and bumps updated_at', async () => {
      const k = (
        await post({ text: 'patch filters', exclude: ['spam'], subreddits: ['news'] }).expect(201)
      ).body.created[0];
      t.clock.advance(1000);
      const res = await patch(k.id, {
        exclude: ['Giveaway', 'giveaway'],
        subreddits: [],
        exclude_authors: ['u/Bot'],
      }).expect(200);
      expect(Object.keys(res.body.data)).toEqual(KEYWORD_FIELDS);
      expect(res.body.data).toEqual({
        ...k,
        exclude: ['Giveaway'],
        subreddits: [],
        exclude_subreddits: [],
        exclude_authors: ['Bot'],
        updated_at: expect.any(String),
      });
      expect(res.body.data.updated_at > k.updated_at).toBe(true);
      const paused = await patch(k.id, { active: false }).expect(200);
      expect(paused.body.data).toMatchObject({ exclude: ['Giveaway'], exclude_authors: ['Bot'] });
    });

    it.each([
      [{ exclude: null }],
      [{ subreddits: 'news' }],
      [{ exclude_subreddits: ['not a name'] }],
      [{ exclude_authors: ['u/x'] }],
      [{ exclude: ['ok', 7] }],
      [{ exclude: ['#'] }],
      [{ mode: 'broad', exclude: Array.from({ length: 21 }, (_, i) => `p${i}`) }],
    ])('PATCH answers 422 invalid_body for %j and changes nothing', async (change) => {
      const k = (await post({ text: 'steady', exclude: ['spam'] }).expect(201)).body.created[0];
      const res = await patch(k.id, change).expect(422);
      expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_body' });
      expect((await list()).data).toEqual([k]);
    });
  });

  describe('DELETE /keywords/:id', () => {
    it('soft-deletes: answers { deleted, id }, hides it, frees the slot, and a second delete is 404', async () => {
      const created = (
        await post(Array.from({ length: 25 }, (_, i) => ({ text: `full ${i}` }))).expect(201)
      ).body.created;
      const res = await t.http
        .delete(`/api/v1/keywords/${created[0].id}`)
        .set(bearer(key))
        .expect(200);
      expect(res.body).toEqual({ deleted: true, id: created[0].id });
      expect((await list()).count).toBe(24);
      await post({ text: 'fits again' }).expect(201);
      await t.http.delete(`/api/v1/keywords/${created[0].id}`).set(bearer(key)).expect(404);
    });

    it('restores a deleted text on create: same id, under created, with the new mode and flags, active', async () => {
      const k = (await post({ text: 'Comeback', mode: 'exact' }).expect(201)).body.created[0];
      await t.http
        .patch(`/api/v1/keywords/${k.id}`)
        .set(bearer(key))
        .send({ active: false })
        .expect(200);
      await t.http.delete(`/api/v1/keywords/${k.id}`).set(bearer(key)).expect(200);
      const res = await post({ text: 'comeback', mode: 'broad', track_posts: false }).expect(201);
      expect(res.body.created[0]).toMatchObject({
        id: k.id,
        text: 'comeback',
        mode: 'broad',
        active: true,
        track_posts: false,
      });
      expect((await list()).count).toBe(1);
    });

    it('restoring needs a free slot like any new keyword', async () => {
      const created = (
        await post(Array.from({ length: 25 }, (_, i) => ({ text: `cap ${i}` }))).expect(201)
      ).body.created;
      await t.http.delete(`/api/v1/keywords/${created[0].id}`).set(bearer(key)).expect(200);
      await post({ text: 'newcomer' }).expect(201);
      const res = await post({ text: 'cap 0' }).expect(200);
      expect(res.body.rejected).toEqual([
        { text: 'cap 0', reason: 'limit_reached', message: expect.any(String) },
      ]);
    });
  });
});

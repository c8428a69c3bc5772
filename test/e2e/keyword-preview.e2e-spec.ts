import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import {
  SAMPLE_SIZE,
  VERIFY_ALL_LIMIT,
  type KeywordPreview,
} from '../../src/modules/preview/keyword-preview.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { commentItem, ingest, postItem } from '../utils/delivery-scenario.js';
import { expectGraphqlError, postGraphql, runGraphql } from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const HOUR = 3_600_000;

type Preview = KeywordPreview;

/**
 * POST /api/v1/keywords/preview (decisions.md section 14) on items ingested through the real
 * pipeline into the recent window, hour by hour on the app's clock.
 */
describe.each(testDatabaseKinds())('keyword preview on %s', (kind) => {
  let t: TestApp;
  let apiKey: string;

  const preview = (body: unknown) =>
    t.http
      .post('/api/v1/keywords/preview')
      .set(bearer(apiKey))
      .send(body as object);

  describe('on a window of three hours of items', () => {
    beforeAll(async () => {
      t = await createTestApp(kind, { PREVIEW_RATE_PER_MINUTE: '100' });
      ({ apiKey } = await t.account('starter'));
      // Three hours ago: two gizmo posts in r/gadgets; then one comment; now a post in r/deals.
      await ingest(t, [
        postItem({ id: 'g1', subreddit: 'gadgets', title: 'The Gizmo is out' }),
        postItem({ id: 'g2', subreddit: 'gadgets', title: 'gizmo review', selftext: 'ok' }),
        postItem({ id: 'n1', subreddit: 'gadgets', title: 'nothing to see' }),
      ]);
      t.clock.advance(2 * HOUR);
      const parent = { id: 'g1', subreddit: 'gadgets' };
      await ingest(t, [commentItem(parent, { id: 'c1', body: 'my GIZMO broke' })]);
      t.clock.advance(HOUR);
      await ingest(t, [postItem({ id: 'g3', subreddit: 'deals', title: 'gizmo -20%' })]);
    });

    afterAll(() => t.close());

    it('counts exactly, per hour and per subreddit, and shows samples newest first with their highlights', async () => {
      const res = await preview({ text: 'gizmo' }).expect(200);
      const data = (res.body as { data: Preview }).data;
      expect(Object.keys(data)).toEqual([
        'from',
        'to',
        'items_searched',
        'matches',
        'estimated',
        'per_hour',
        'subreddits',
        'samples',
        'daily_cap',
        'days_over_cap',
      ]);
      expect(data).toMatchObject({
        items_searched: 5,
        matches: 4,
        estimated: false,
        subreddits: [
          { subreddit: 'gadgets', matches: 3 },
          { subreddit: 'deals', matches: 1 },
        ],
        daily_cap: 100,
        days_over_cap: 0,
      });
      expect(data.per_hour).toHaveLength(25);
      const counts = data.per_hour.map((hour) => hour.matches);
      expect(counts.slice(-4)).toEqual([2, 0, 1, 1]);
      expect(counts.slice(0, -4).every((count) => count === 0)).toBe(true);
      expect(data.samples.map((sample) => sample.id)).toEqual(['g3', 'c1', 'g2', 'g1']);
      for (const sample of data.samples) {
        expect(sample).toMatchObject({ inbox_id: null, keyword_id: null, keyword: 'gizmo' });
      }
      const [newest, comment, , oldest] = data.samples;
      expect(newest.highlights).toEqual([{ field: 'title', start: 0, end: 5 }]);
      expect(comment.highlights).toEqual([{ field: 'comment', start: 3, end: 8 }]);
      expect(comment.comment?.slice(3, 8)).toBe('GIZMO');
      expect(oldest.highlights).toEqual([{ field: 'title', start: 4, end: 9 }]);
    });

    it('searches only the last `hours` when asked', async () => {
      // The last hour starts with the comment's batch, an hour before the last one.
      const res = await preview({ text: 'gizmo', hours: 1 }).expect(200);
      const data = (res.body as { data: Preview }).data;
      expect(data).toMatchObject({ items_searched: 2, matches: 2 });
      expect(data.samples.map((sample) => sample.id)).toEqual(['g3', 'c1']);
    });

    it('applies the query, mode, tracking flags and filters as the live matcher does', async () => {
      const query = await preview({ text: 'gizmo in gadgets', query: 'gizmo -sub:deals' });
      expect((query.body as { data: Preview }).data.samples.map((s) => s.id)).toEqual([
        'c1',
        'g2',
        'g1',
      ]);
      const postsOnly = await preview({ text: 'gizmo', track_comments: false });
      expect((postsOnly.body as { data: Preview }).data.matches).toBe(3);
      const filtered = await preview({ text: 'gizmo', exclude: ['review'] });
      expect((filtered.body as { data: Preview }).data.samples.map((s) => s.id)).toEqual([
        'g3',
        'c1',
        'g1',
      ]);
    });

    it('stores nothing', async () => {
      await preview({ text: 'gizmo' }).expect(200);
      const keywords = await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
      expect(keywords.body).toMatchObject({ count: 0 });
      const alerts = await t.http.get('/api/v1/alerts').set(bearer(apiKey)).expect(200);
      expect(alerts.body).toMatchObject({ data: [] });
    });

    it('refuses an item POST /keywords would reject, with the same message', async () => {
      for (const item of [
        { text: 'x' },
        { text: 'gizmo', mode: 'fuzzy' },
        { text: 'gizmo', query: 'gizmo OR' },
        { text: 'gizmo', colour: 'red' },
        { text: 'gizmo', backfill_hours: 25 },
      ]) {
        const created = await t.http
          .post('/api/v1/keywords')
          .set(bearer(apiKey))
          .send({ keywords: [item] })
          .expect(200);
        const [rejected] = (created.body as { rejected: { message: string }[] }).rejected;
        const res = await preview(item).expect(422);
        expect(res.body).toEqual({ error: rejected.message, code: 'invalid_body' });
      }
    });

    it('refuses hours outside the window', async () => {
      for (const hours of [0, 25, 1.5, 'two']) {
        const res = await preview({ text: 'gizmo', hours }).expect(422);
        expect(res.body).toMatchObject({ code: 'invalid_body' });
      }
    });

    it('answers the same over GraphQL', async () => {
      const { previewKeyword } = await runGraphql<{
        previewKeyword: {
          matches: number;
          itemsSearched: number;
          samples: { redditId: string; highlights: Preview['samples'][number]['highlights'] }[];
        };
      }>(
        t,
        apiKey,
        `query($input: CreateKeywordInput!) { previewKeyword(input: $input, hours: 24) {
           matches itemsSearched samples { redditId highlights { field start end } } } }`,
        { input: { text: 'gizmo' } },
      );
      expect(previewKeyword).toMatchObject({ matches: 4, itemsSearched: 5 });
      // Without hours, as the dashboard asks: all of the window.
      const whole = await runGraphql<{ previewKeyword: { matches: number } }>(
        t,
        apiKey,
        `query($input: CreateKeywordInput!) { previewKeyword(input: $input) { matches } }`,
        { input: { text: 'gizmo' } },
      );
      expect(whole.previewKeyword.matches).toBe(4);
      expect(previewKeyword.samples[0]).toEqual({
        redditId: 'g3',
        highlights: [{ field: 'title', start: 0, end: 5 }],
      });
    });
  });

  describe('its own budget', () => {
    beforeAll(async () => {
      t = await createTestApp(kind, { PREVIEW_RATE_PER_MINUTE: '3' });
      ({ apiKey } = await t.account('starter'));
    });

    afterAll(() => t.close());

    it('answers 429 with Retry-After past PREVIEW_RATE_PER_MINUTE, as a read (not a write)', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await preview({ text: 'gizmo' }).expect(200);
        expect(res.headers['x-ratelimit-limit']).toBe('60');
      }
      const refused = await preview({ text: 'gizmo' }).expect(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same budget over GraphQL.
      const overGraphql = await postGraphql(
        t,
        apiKey,
        'query { previewKeyword(input: { text: "gizmo" }) { matches } }',
      );
      expectGraphqlError(overGraphql, 'rate_limited', 429, 429);
      // Other reads and writes are not in the preview's budget.
      await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
      await t.http.post('/api/v1/keywords').set(bearer(apiKey)).send({ text: 'gizmo' }).expect(201);
    });
  });

  describe('on a very common word', () => {
    const total = VERIFY_ALL_LIMIT + 1_000;

    beforeAll(async () => {
      t = await createTestApp(kind);
      ({ apiKey } = await t.account('starter'));
      // Two hours of items with "widget"; every second one also says "junk".
      for (let hour = 0; hour < 2; hour++) {
        const items: RedditItem[] = [];
        for (let i = 0; i < total / 2; i++) {
          const n = hour * total + i;
          const title = n % 2 === 0 ? `widget number ${n}` : `widget junk ${n}`;
          items.push(postItem({ id: `w${n.toString(36)}`, subreddit: `s${n % 3}`, title }));
        }
        await ingest(t, items);
        t.clock.advance(HOUR);
      }
    });

    afterAll(() => t.close());

    it('verifies a sample of the candidates, extrapolates, and says so', async () => {
      const res = await preview({ text: 'widget', query: 'widget -junk' }).expect(200);
      const data = (res.body as { data: Preview }).data;
      expect(data.estimated).toBe(true);
      expect(data.items_searched).toBe(total);
      const truth = total / 2;
      expect(Math.abs(data.matches - truth)).toBeLessThan(truth * 0.1);
      expect(data.samples).toHaveLength(25);
      expect(SAMPLE_SIZE).toBeLessThan(total);
      // Over the cap of 100 alerts a day.
      expect(data.days_over_cap).toBe(1);
    });
  });
});

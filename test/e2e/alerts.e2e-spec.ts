import { API_COMMENT_FIELDS, API_POST_FIELDS } from '../utils/spec-fields.js';
import type { Response } from 'supertest';
import type { AlertEntity } from '../../src/modules/alerts/alert.entity.js';
import type { AlertResponseDto as AlertResponse } from '../../src/modules/alerts/dto/alert.dto.js';
import { insertAlert, insertAlertSeries, type AlertOverrides } from '../factories/alert.factory.js';
import { createKeywords, deleteKeyword } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const DAY_MS = 86_400_000;

const API_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

interface AlertList {
  data: AlertResponse[];
  next_cursor: string | null;
}

type Query = Record<string, string | number>;

/** The body GET /alerts should show for a stored alert, written out from the spec table. */
function expectedAlert(alert: AlertEntity): Record<string, unknown> {
  return {
    event: alert.event,
    timestamp: new Date(alert.matchedAt).toISOString().replace('Z', '+00:00'),
    inbox_id: alert.id,
    id: alert.redditId,
    title: alert.title,
    subreddit: alert.subreddit,
    author: alert.author,
    selftext: alert.selftext,
    url: alert.url,
    keyword: alert.keywordText,
    keyword_id: alert.keywordId,
    relevance_score: null,
    upvotes: alert.upvotes,
    replies: alert.replies,
    created_utc: alert.createdUtc,
    ...(alert.event === 'comment' ? { comment: alert.comment } : {}),
  };
}

const idsOf = (alerts: readonly { id: string }[]) => alerts.map((alert) => alert.id);
const inboxIdsOf = (list: AlertList) => list.data.map((alert) => alert.inbox_id);

function expectError(res: Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: expect.any(String), code });
  expect((res.body as { error: string }).error.length).toBeGreaterThan(0);
}

describe.each(testDatabaseKinds())('alerts API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  /** A fresh account (own rate-limit budget, no alerts) with one keyword per text. */
  async function setup(texts: readonly string[] = ['acme corp']) {
    const { apiKey, accountId } = await t.account('starter', 'alerts');
    const keywords = await createKeywords(t, apiKey, texts);
    const [keyword] = keywords;
    const add = (overrides: Partial<AlertOverrides> = {}) =>
      insertAlert(t, {
        accountId,
        keywordId: keyword.id,
        keywordText: keyword.text,
        ...overrides,
      });
    const addSeries = (count: number, newestAt = t.clock.nowMs()) =>
      insertAlertSeries(t, count, {
        accountId,
        keywordId: keyword.id,
        keywordText: keyword.text,
        newestAt,
      });
    return { apiKey, accountId, keyword, keywords, add, addSeries };
  }

  const getAlerts = (apiKey: string, query: Query = {}) =>
    t.http.get('/api/v1/alerts').query(query).set(bearer(apiKey));

  const getAlert = (apiKey: string, inboxId: string) =>
    t.http.get(`/api/v1/alerts/${encodeURIComponent(inboxId)}`).set(bearer(apiKey));

  async function listAlerts(apiKey: string, query: Query = {}): Promise<AlertList> {
    const res = await getAlerts(apiKey, query);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['data', 'next_cursor']);
    return res.body as AlertList;
  }

  /** Follows next_cursor until it is null; returns every page. */
  async function allPages(apiKey: string, query: Query): Promise<AlertList[]> {
    const pages = [await listAlerts(apiKey, query)];
    for (let cursor = pages[0].next_cursor; cursor !== null; cursor = pages.at(-1)!.next_cursor) {
      pages.push(await listAlerts(apiKey, { ...query, after: cursor }));
      expect(pages.length).toBeLessThan(50);
    }
    return pages;
  }

  describe('alert shape', () => {
    it('returns a post alert with exactly the spec fields, in the spec order', async () => {
      const { apiKey, add } = await setup();
      const alert = await add({ matchedAt: Date.parse('2026-11-21T09:58:07.123Z') });

      const res = await getAlerts(apiKey);

      expect(res.status).toBe(200);
      const list = res.body as AlertList;
      expect(Object.keys(list.data[0])).toEqual(API_POST_FIELDS);
      expect(list).toEqual({ data: [expectedAlert(alert)], next_cursor: null });
      expect(list.data[0]).toMatchObject({
        event: 'post',
        timestamp: '2026-11-21T09:58:07.123+00:00',
        relevance_score: null,
      });
    });

    it('returns a comment alert with its comment and without comment_upvotes', async () => {
      const { apiKey, add } = await setup();
      const alert = await add({
        event: 'comment',
        matchedAt: Date.parse('2026-11-21T09:00:00.000Z'),
      });

      const res = await getAlerts(apiKey);

      expect(res.status).toBe(200);
      const list = res.body as AlertList;
      expect(Object.keys(list.data[0])).toEqual(API_COMMENT_FIELDS);
      expect(list).toEqual({ data: [expectedAlert(alert)], next_cursor: null });
      expect(list.data[0]).toMatchObject({
        event: 'comment',
        comment: 'We moved off Acme Corp last year and never looked back.',
        timestamp: '2026-11-21T09:00:00.000+00:00',
      });
    });

    it('shows every timestamp with milliseconds and a +00:00 offset, and relevance_score null', async () => {
      const { apiKey, add } = await setup();
      await add({ matchedAt: Date.parse('2026-11-21T08:00:00.000Z') });
      await add({ event: 'comment', matchedAt: Date.parse('2026-11-20T23:59:59.999Z') });

      const list = await listAlerts(apiKey);

      expect(list.data.map((alert) => alert.timestamp)).toEqual([
        '2026-11-21T08:00:00.000+00:00',
        '2026-11-20T23:59:59.999+00:00',
      ]);
      for (const alert of list.data) {
        expect(alert.timestamp).toMatch(API_TIMESTAMP);
        expect(alert.relevance_score).toBeNull();
        expect(alert).not.toHaveProperty('webhook_id');
        expect(alert).not.toHaveProperty('website');
        expect(alert).not.toHaveProperty('comment_upvotes');
      }
    });

    it('returns the same object from GET /alerts/:id as from the list', async () => {
      const { apiKey, add } = await setup();
      const alert = await add({ event: 'comment' });
      const list = await listAlerts(apiKey);

      const res = await getAlert(apiKey, alert.id);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: list.data[0] });
      expect(Object.keys((res.body as { data: object }).data)).toEqual(API_COMMENT_FIELDS);
    });
  });

  describe('ordering and pagination', () => {
    it('returns an empty page with a null cursor when the account has no alerts', async () => {
      const { apiKey } = await setup();

      const res = await getAlerts(apiKey);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], next_cursor: null });
    });

    it('lists alerts newest first, whatever the order they were stored in', async () => {
      const { apiKey, add } = await setup();
      const now = t.clock.nowMs();
      const middle = await add({ matchedAt: now - 60_000 });
      const newest = await add({ matchedAt: now - 1_000 });
      const oldest = await add({ matchedAt: now - 3_600_000 });

      const list = await listAlerts(apiKey);

      expect(inboxIdsOf(list)).toEqual(idsOf([newest, middle, oldest]));
      expect(list.next_cursor).toBeNull();
    });

    it('pages through every alert with limit and next_cursor, without duplicates or gaps', async () => {
      const { apiKey, addSeries } = await setup();
      const alerts = await addSeries(7);

      const pages = await allPages(apiKey, { limit: 3 });

      expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1]);
      expect(pages.map((page) => page.next_cursor === null)).toEqual([false, false, true]);
      expect(pages.flatMap(inboxIdsOf)).toEqual(idsOf(alerts));
    });

    it('gives a null next_cursor on a last page that is exactly full', async () => {
      const { apiKey, addSeries } = await setup();
      const alerts = await addSeries(6);

      const pages = await allPages(apiKey, { limit: 3 });

      expect(pages).toHaveLength(2);
      expect(pages[1].data).toHaveLength(3);
      expect(pages[1].next_cursor).toBeNull();
      expect(pages.flatMap(inboxIdsOf)).toEqual(idsOf(alerts));
    });

    it('continues exactly where the previous page ended when newer alerts arrive between fetches', async () => {
      const { apiKey, add, addSeries } = await setup();
      const alerts = await addSeries(5, t.clock.nowMs() - 10_000);

      const first = await listAlerts(apiKey, { limit: 2 });
      t.clock.advance(5_000);
      const arrived = [await add(), await add({ event: 'comment' })];
      const second = await listAlerts(apiKey, { limit: 2, after: first.next_cursor! });
      t.clock.advance(5_000);
      await add();
      const third = await listAlerts(apiKey, { limit: 2, after: second.next_cursor! });

      expect(inboxIdsOf(first)).toEqual(idsOf(alerts.slice(0, 2)));
      expect(inboxIdsOf(second)).toEqual(idsOf(alerts.slice(2, 4)));
      expect(inboxIdsOf(third)).toEqual(idsOf(alerts.slice(4)));
      expect(third.next_cursor).toBeNull();
      const fresh = await listAlerts(apiKey, { limit: 3 });
      expect(inboxIdsOf(fresh).slice(1).sort()).toEqual(idsOf(arrived).sort());
    });

    it('breaks ties between alerts matched at the same millisecond deterministically', async () => {
      const { apiKey, add } = await setup();
      const matchedAt = t.clock.nowMs() - 1_000;
      const tied: AlertEntity[] = [];
      for (let i = 0; i < 5; i += 1) tied.push(await add({ matchedAt }));
      const older = await add({ matchedAt: matchedAt - 1 });

      const whole = await listAlerts(apiKey);
      const again = await listAlerts(apiKey);
      const pages = await allPages(apiKey, { limit: 2 });

      expect(whole.data).toHaveLength(6);
      expect(inboxIdsOf(whole).slice(0, 5).sort()).toEqual(idsOf(tied).sort());
      expect(inboxIdsOf(whole)[5]).toBe(older.id);
      expect(inboxIdsOf(again)).toEqual(inboxIdsOf(whole));
      expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2]);
      expect(pages.flatMap(inboxIdsOf)).toEqual(inboxIdsOf(whole));
    });

    it('returns 50 alerts per page by default', async () => {
      const { apiKey, addSeries } = await setup();
      const alerts = await addSeries(51);

      const first = await listAlerts(apiKey);
      const rest = await listAlerts(apiKey, { after: first.next_cursor! });

      expect(inboxIdsOf(first)).toEqual(idsOf(alerts.slice(0, 50)));
      expect(first.next_cursor).toEqual(expect.any(String));
      expect(rest).toEqual({ data: [expectedAlert(alerts[50])], next_cursor: null });
    });

    it('accepts the maximum page size of 100', async () => {
      const { apiKey, addSeries } = await setup();
      const alerts = await addSeries(101);

      const first = await listAlerts(apiKey, { limit: 100 });
      const rest = await listAlerts(apiKey, { limit: 100, after: first.next_cursor! });

      expect(inboxIdsOf(first)).toEqual(idsOf(alerts.slice(0, 100)));
      expect(first.next_cursor).toEqual(expect.any(String));
      expect(inboxIdsOf(rest)).toEqual([alerts[100].id]);
      expect(rest.next_cursor).toBeNull();
    });
  });

  describe('filters', () => {
    it('treats since as exclusive: an alert matched exactly at since is left out', async () => {
      const { apiKey, add } = await setup();
      const since = Date.parse('2026-11-21T09:00:00.000Z');
      const after = await add({ matchedAt: since + 1 });
      await add({ matchedAt: since });
      await add({ matchedAt: since - 1 });

      const list = await listAlerts(apiKey, { since: '2026-11-21T09:00:00.000Z' });

      expect(list).toEqual({ data: [expectedAlert(after)], next_cursor: null });
    });

    it('accepts since in any ISO 8601 offset, compared as an instant', async () => {
      const { apiKey, add } = await setup();
      const newer = await add({ matchedAt: Date.parse('2026-11-21T09:30:00.000Z') });
      await add({ matchedAt: Date.parse('2026-11-21T08:30:00.000Z') });

      const list = await listAlerts(apiKey, { since: '2026-11-21T11:00:00+02:00' });

      expect(inboxIdsOf(list)).toEqual([newer.id]);
    });

    it('supports polling: passing the newest timestamp seen as since returns only later alerts', async () => {
      const { apiKey, add } = await setup();
      await add({ matchedAt: t.clock.nowMs() - 2_000 });
      await add({ matchedAt: t.clock.nowMs() - 1_000 });
      const firstRun = await listAlerts(apiKey);
      const newestSeen = firstRun.data[0].timestamp;

      const nothingNew = await listAlerts(apiKey, { since: newestSeen });
      t.clock.advance(30_000);
      const arrived = await add();
      const secondRun = await listAlerts(apiKey, { since: newestSeen });

      expect(firstRun.data).toHaveLength(2);
      expect(nothingNew).toEqual({ data: [], next_cursor: null });
      expect(secondRun).toEqual({ data: [expectedAlert(arrived)], next_cursor: null });
    });

    it('filters by keyword_id', async () => {
      const { apiKey, accountId, keywords, add } = await setup(['acme corp', 'globex']);
      const [acme, globex] = keywords;
      const acmeAlert = await add({ matchedAt: t.clock.nowMs() - 2_000 });
      const globexAlert = await insertAlert(t, {
        accountId,
        keywordId: globex.id,
        keywordText: globex.text,
        matchedAt: t.clock.nowMs() - 1_000,
      });

      const acmeList = await listAlerts(apiKey, { keyword_id: acme.id });
      const globexList = await listAlerts(apiKey, { keyword_id: globex.id });
      const unknownList = await listAlerts(apiKey, { keyword_id: 'no-such-keyword' });

      expect(acmeList).toEqual({ data: [expectedAlert(acmeAlert)], next_cursor: null });
      expect(globexList).toEqual({ data: [expectedAlert(globexAlert)], next_cursor: null });
      expect(unknownList).toEqual({ data: [], next_cursor: null });
    });

    it('filters by type post or comment', async () => {
      const { apiKey, add } = await setup();
      const post = await add({ matchedAt: t.clock.nowMs() - 2_000 });
      const comment = await add({ event: 'comment', matchedAt: t.clock.nowMs() - 1_000 });

      const posts = await listAlerts(apiKey, { type: 'post' });
      const comments = await listAlerts(apiKey, { type: 'comment' });

      expect(posts).toEqual({ data: [expectedAlert(post)], next_cursor: null });
      expect(comments).toEqual({ data: [expectedAlert(comment)], next_cursor: null });
    });

    it('filters by subreddit case-insensitively, with or without a leading r/', async () => {
      const { apiKey, add } = await setup();
      const saas = await add({ subreddit: 'SaaS', matchedAt: t.clock.nowMs() - 2_000 });
      await add({ subreddit: 'startups', matchedAt: t.clock.nowMs() - 1_000 });

      for (const subreddit of ['SaaS', 'saas', 'SAAS', 'r/SaaS', 'r/saas']) {
        const list = await listAlerts(apiKey, { subreddit });
        expect({ subreddit, list }).toEqual({
          subreddit,
          list: { data: [expectedAlert(saas)], next_cursor: null },
        });
      }
    });

    it('combines filters with AND', async () => {
      const { apiKey, accountId, keywords, add } = await setup(['acme corp', 'globex']);
      const [acme, globex] = keywords;
      const now = t.clock.nowMs();
      const wanted = await add({ event: 'comment', subreddit: 'SaaS', matchedAt: now - 1_000 });
      await add({ event: 'comment', subreddit: 'SaaS', matchedAt: now - 9_000 });
      await add({ event: 'post', subreddit: 'SaaS', matchedAt: now - 2_000 });
      await add({ event: 'comment', subreddit: 'startups', matchedAt: now - 3_000 });
      await insertAlert(t, {
        accountId,
        keywordId: globex.id,
        keywordText: globex.text,
        event: 'comment',
        subreddit: 'SaaS',
        matchedAt: now - 4_000,
      });

      const list = await listAlerts(apiKey, {
        keyword_id: acme.id,
        type: 'comment',
        subreddit: 'r/saas',
        since: new Date(now - 5_000).toISOString(),
      });

      expect(list).toEqual({ data: [expectedAlert(wanted)], next_cursor: null });
    });

    it('keeps the filters while paging with next_cursor', async () => {
      const { apiKey, add } = await setup();
      const now = t.clock.nowMs();
      const comments: AlertEntity[] = [];
      for (let i = 0; i < 5; i += 1) {
        comments.push(await add({ event: 'comment', matchedAt: now - i * 10 }));
        await add({ event: 'post', matchedAt: now - i * 10 - 5 });
      }

      const pages = await allPages(apiKey, { type: 'comment', limit: 2 });

      expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
      expect(pages.flatMap(inboxIdsOf)).toEqual(idsOf(comments));
    });
  });

  describe('history window', () => {
    it('lists and reads alerts up to 90 days old, and neither lists nor reads older ones', async () => {
      const { apiKey, add } = await setup();
      const recent = await add({ matchedAt: t.clock.nowMs() - 89 * DAY_MS });
      const expired = await add({ matchedAt: t.clock.nowMs() - 91 * DAY_MS });

      const list = await listAlerts(apiKey);
      const sinceBeforeWindow = await listAlerts(apiKey, {
        since: new Date(t.clock.nowMs() - 120 * DAY_MS).toISOString(),
      });
      const recentRes = await getAlert(apiKey, recent.id);
      const expiredRes = await getAlert(apiKey, expired.id);

      expect(list).toEqual({ data: [expectedAlert(recent)], next_cursor: null });
      expect(sinceBeforeWindow).toEqual(list);
      expect(recentRes.status).toBe(200);
      expect(recentRes.body).toEqual({ data: expectedAlert(recent) });
      expectError(expiredRes, 404, 'not_found');
    });

    it('drops an alert from the window once the clock moves past 90 days', async () => {
      const { apiKey, add } = await setup();
      const alert = await add({ matchedAt: t.clock.nowMs() - 89 * DAY_MS });

      t.clock.advance(2 * DAY_MS);
      const list = await listAlerts(apiKey);
      const res = await getAlert(apiKey, alert.id);

      expect(list).toEqual({ data: [], next_cursor: null });
      expectError(res, 404, 'not_found');
    });
  });

  describe('GET /api/v1/alerts/:id', () => {
    it('returns 200 with the alert wrapped in data', async () => {
      const { apiKey, add } = await setup();
      const alert = await add();

      const res = await getAlert(apiKey, alert.id);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expectedAlert(alert) });
      expect(Object.keys((res.body as { data: object }).data)).toEqual(API_POST_FIELDS);
    });

    it('answers an unknown id with 404 not_found', async () => {
      const { apiKey, add } = await setup();
      await add();

      const res = await getAlert(apiKey, '00000000-0000-4000-8000-000000000000');

      expectError(res, 404, 'not_found');
    });

    it("hides another account's alert: 404 by id and absent from the list", async () => {
      const owner = await setup();
      const other = await setup();
      const foreign = await owner.add();
      const own = await other.add({ matchedAt: t.clock.nowMs() - 1_000 });

      const res = await getAlert(other.apiKey, foreign.id);
      const otherList = await listAlerts(other.apiKey);
      const ownerRes = await getAlert(owner.apiKey, foreign.id);

      expectError(res, 404, 'not_found');
      expect(otherList).toEqual({ data: [expectedAlert(own)], next_cursor: null });
      expect(ownerRes.status).toBe(200);
      expect(ownerRes.body).toEqual({ data: expectedAlert(foreign) });
    });

    it('keeps past alerts readable after their keyword is deleted', async () => {
      const { apiKey, keyword, add } = await setup();
      const alert = await add();

      await deleteKeyword(t, apiKey, keyword.id);
      const list = await listAlerts(apiKey);
      const res = await getAlert(apiKey, alert.id);

      expect(list).toEqual({ data: [expectedAlert(alert)], next_cursor: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expectedAlert(alert) });
    });
  });
});

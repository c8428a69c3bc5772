import { createHash } from 'node:crypto';
import Parser from 'rss-parser';
import type { Response } from 'supertest';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import type { AlertEntity } from '../../src/modules/alerts/alert.entity.js';
import type { AlertResponseDto as AlertResponse } from '../../src/modules/alerts/dto/alert.dto.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { insertAlert, insertAlertSeries, insertUsage } from '../factories/alert.factory.js';
import { createKeywords } from '../factories/keyword.factory.js';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const DAY_MS = 86_400_000;
/** supertest listens on a new port per request; a fixed Host keeps URLs and ETags comparable. */
const HOST = 'alerts.test';
const FEED_TOKEN = /^feed_[A-Za-z0-9_-]{43}$/;
const FORMATS = ['rss', 'atom'] as const;
type Format = (typeof FORMATS)[number];

interface FeedExtras {
  id?: string;
  lastBuildDate?: string;
  generator?: string;
}

interface ItemExtras {
  id?: string;
  author?: string;
}

interface IssuedToken {
  data: { enabled: boolean; token_prefix: string; created_at: string };
  token: string;
  rss_url: string;
  atom_url: string;
}

const parser = new Parser<FeedExtras, ItemExtras>({ customFields: { feed: ['id', 'generator'] } });
const parseFeed = (res: Response) => parser.parseString(res.text);

/** A feed's per-item identifier: RSS guid is the inbox_id, Atom id its urn:uuid form. */
const itemIds = (format: Format, items: { guid?: string; id?: string }[]) =>
  items.map((item) => (format === 'rss' ? item.guid : item.id?.replace(/^urn:uuid:/, '')));

const newestFirst = (alerts: AlertEntity[]) =>
  [...alerts].sort((a, b) => b.matchedAt - a.matchedAt || b.id.localeCompare(a.id));

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

function expectError(res: Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: expect.any(String), code });
}

describe.each(testDatabaseKinds())('feeds on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  const issueToken = async (apiKey: string): Promise<IssuedToken> => {
    const res = await t.http.post('/api/v1/feeds/token').set(bearer(apiKey)).set('Host', HOST);
    expect(res.status).toBe(201);
    return res.body as IssuedToken;
  };

  const feedUrl = (issued: IssuedToken, format: Format) =>
    format === 'rss' ? issued.rss_url : issued.atom_url;

  const getFeed = (issued: IssuedToken, format: Format, query: Record<string, string> = {}) =>
    t.http
      .get(pathOf(feedUrl(issued, format)))
      .query(query)
      .set('Host', HOST);

  /** A fresh account with keywords and a feed token; `add` stores an alert of the first keyword. */
  async function setup(texts: readonly string[] = ['acme corp']) {
    const { apiKey, accountId } = await t.account('starter', 'alerts');
    const keywords = await createKeywords(t, apiKey, texts);
    const issued = await issueToken(apiKey);
    const add = (overrides: Partial<AlertEntity> = {}, keyword = keywords[0]) =>
      insertAlert(t, { accountId, keywordId: keyword.id, keywordText: keyword.text, ...overrides });
    return { apiKey, accountId, keywords, issued, add };
  }

  async function inboxIdsOfGetAlerts(apiKey: string, query: Record<string, string> = {}) {
    const res = await t.http.get('/api/v1/alerts').query(query).set(bearer(apiKey)).expect(200);
    return (res.body as { data: AlertResponse[] }).data.map((alert) => alert.inbox_id);
  }

  describe('token management', () => {
    it('shows feeds off, then issues a token whose URLs are shown once and only its hash stored', async () => {
      const { apiKey, accountId } = await t.account();
      const before = await t.http.get('/api/v1/feeds').set(bearer(apiKey)).expect(200);
      expect(before.body).toEqual({
        data: { enabled: false, token_prefix: null, created_at: null },
      });

      const issued = await issueToken(apiKey);
      expect(issued.token).toMatch(FEED_TOKEN);
      expect(issued.data).toEqual({
        enabled: true,
        token_prefix: issued.token.slice(0, 12),
        created_at: '2026-11-21T10:00:00.000+00:00',
      });
      expect(issued.rss_url).toBe(`http://${HOST}/feeds/${issued.token}/alerts.rss`);
      expect(issued.atom_url).toBe(`http://${HOST}/feeds/${issued.token}/alerts.atom`);

      const after = await t.http.get('/api/v1/feeds').set(bearer(apiKey)).expect(200);
      expect(after.body).toEqual({ data: issued.data });
      expect(after.text).not.toContain(issued.token);
      const rows = await t.database.manager.query(
        `SELECT * FROM feed_tokens WHERE account_id = '${accountId}'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(issued.token);
    });

    it('ignores forwarded scheme and host headers unless a trusted proxy is configured', async () => {
      const { apiKey } = await t.account();
      const res = await t.http
        .post('/api/v1/feeds/token')
        .set(bearer(apiKey))
        .set('Host', HOST)
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(201);
      expect((res.body as IssuedToken).rss_url).toMatch(new RegExp(`^http://${HOST}/feeds/`));
    });

    it('rotation invalidates the old URLs at once, in both formats', async () => {
      const { apiKey, issued, add } = await setup();
      await add();
      for (const format of FORMATS) await getFeed(issued, format).expect(200);

      const rotated = await issueToken(apiKey);
      expect(rotated.token).not.toBe(issued.token);
      for (const format of FORMATS) {
        expectError(await getFeed(issued, format), 404, 'not_found');
        expect((await parseFeed(await getFeed(rotated, format).expect(200))).items).toHaveLength(1);
      }
      const settings = await t.http.get('/api/v1/feeds').set(bearer(apiKey)).expect(200);
      expect(settings.body.data.token_prefix).toBe(rotated.token.slice(0, 12));
    });

    it('turns feeds off with DELETE, after which the token is unknown', async () => {
      const { apiKey, issued } = await setup();
      const res = await t.http.delete('/api/v1/feeds/token').set(bearer(apiKey)).expect(200);
      expect(res.body).toEqual({ deleted: true });
      expectError(await getFeed(issued, 'rss'), 404, 'not_found');
      const settings = await t.http.get('/api/v1/feeds').set(bearer(apiKey)).expect(200);
      expect(settings.body.data.enabled).toBe(false);
      expectError(await t.http.delete('/api/v1/feeds/token').set(bearer(apiKey)), 404, 'not_found');
    });
  });

  describe.each(FORMATS)('%s feed', (format) => {
    it('is a valid document with the required channel elements and its content type', async () => {
      const { issued, add } = await setup();
      const alert = await add({ matchedAt: TEST_NOW.getTime() - 60_000 });

      const res = await getFeed(issued, format).expect(200);

      expect(res.headers['content-type']).toBe(
        format === 'rss'
          ? 'application/rss+xml; charset=utf-8'
          : 'application/atom+xml; charset=utf-8',
      );
      expect(res.text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
      const feed = await parseFeed(res);
      expect(feed.title).toBe('Reddit Keyword Alerts');
      expect(feed.link).toBe(feedUrl(issued, format));
      expect(feed.feedUrl).toBe(feedUrl(issued, format));
      expect(feed.generator).toEqual(expect.any(String));
      const updated = new Date(alert.matchedAt);
      if (format === 'rss') {
        expect(feed.description).toEqual(expect.any(String));
        expect(feed.lastBuildDate).toBe(updated.toUTCString());
      } else {
        expect(feed.id).toBe(issued.atom_url);
        expect(feed.lastBuildDate).toBe(updated.toISOString());
      }
    });

    it('lists the alerts newest first with their links, stable ids, dates, author and text', async () => {
      const { apiKey, issued, add } = await setup();
      const older = await add({ matchedAt: TEST_NOW.getTime() - 3_600_000, title: 'Older post' });
      const newest = await add({ matchedAt: TEST_NOW.getTime() - 1000, title: 'Newest post' });
      const comment = await add({ event: 'comment', matchedAt: TEST_NOW.getTime() - 120_000 });
      const expected = [newest, comment, older];

      const first = await parseFeed(await getFeed(issued, format).expect(200));
      const again = await parseFeed(await getFeed(issued, format).expect(200));

      expect(itemIds(format, first.items)).toEqual(expected.map((alert) => alert.id));
      expect(itemIds(format, again.items)).toEqual(itemIds(format, first.items));
      expect(itemIds(format, first.items)).toEqual(await inboxIdsOfGetAlerts(apiKey));
      expect(first.items.map((item) => item.link)).toEqual(expected.map((alert) => alert.url));
      // RSS dates (RFC 822) carry whole seconds; Atom keeps the milliseconds.
      const shown = (ms: number) => (format === 'rss' ? Math.floor(ms / 1000) * 1000 : ms);
      expect(first.items.map((item) => item.isoDate)).toEqual(
        expected.map((alert) => new Date(shown(alert.matchedAt)).toISOString()),
      );
      expect(first.items[0].title).toBe('[acme corp] Newest post');
      expect(first.items[1].title).toBe(`[acme corp] Comment on: ${comment.title}`);
      const [newestItem, commentItem] = first.items;
      expect(format === 'rss' ? newestItem.creator : newestItem.author).toBe(`u/${newest.author}`);
      const commentSummary = format === 'rss' ? commentItem.content : commentItem.summary;
      expect(commentSummary).toBe(comment.comment);
      if (format === 'rss') expect(newestItem.categories).toEqual(['acme corp', 'r/SaaS']);
    });

    it('shows the newest 50, as the first page of GET /alerts does', async () => {
      const { apiKey, accountId, keywords, issued } = await setup();
      const alerts = await insertAlertSeries(t, 55, {
        accountId,
        keywordId: keywords[0].id,
        keywordText: keywords[0].text,
      });
      const feed = await parseFeed(await getFeed(issued, format).expect(200));
      expect(itemIds(format, feed.items)).toEqual(alerts.slice(0, 50).map((alert) => alert.id));
      expect(itemIds(format, feed.items)).toEqual(await inboxIdsOfGetAlerts(apiKey));
    });

    it('narrows to one keyword with keyword_id, and names it', async () => {
      const { issued, keywords, add } = await setup(['acme corp', 'globex']);
      const acme = [await add(), await add({ matchedAt: TEST_NOW.getTime() - 5000 })];
      const globex = [await add({ matchedAt: TEST_NOW.getTime() - 10 }, keywords[1])];

      const res = await getFeed(issued, format, { keyword_id: keywords[1].id }).expect(200);
      const feed = await parseFeed(res);

      expect(itemIds(format, feed.items)).toEqual(globex.map((alert) => alert.id));
      expect(feed.title).toBe('Reddit Keyword Alerts: globex');
      expect(feed.feedUrl).toBe(`${feedUrl(issued, format)}?keyword_id=${keywords[1].id}`);
      const all = await parseFeed(await getFeed(issued, format).expect(200));
      expect(itemIds(format, all.items)).toEqual(
        newestFirst([...acme, ...globex]).map((a) => a.id),
      );
    });

    it('answers 404 for a keyword_id that is unknown or another account’s, 422 when repeated', async () => {
      const { issued, keywords } = await setup();
      const stranger = await setup(['initech']);
      expectError(await getFeed(issued, format, { keyword_id: 'nope' }), 404, 'not_found');
      const foreign = { keyword_id: stranger.keywords[0].id };
      expectError(await getFeed(issued, format, foreign), 404, 'not_found');
      const path = `${pathOf(feedUrl(issued, format))}?keyword_id=${keywords[0].id}&keyword_id=x`;
      expectError(await t.http.get(path), 422, 'invalid_body');
    });

    it('keeps to the 90-day history window', async () => {
      const { issued, add } = await setup();
      const recent = await add({ matchedAt: TEST_NOW.getTime() - 89 * DAY_MS });
      await add({ matchedAt: TEST_NOW.getTime() - 91 * DAY_MS });
      const feed = await parseFeed(await getFeed(issued, format).expect(200));
      expect(itemIds(format, feed.items)).toEqual([recent.id]);
    });

    it('never shows another account’s alerts', async () => {
      const mine = await setup();
      const theirs = await setup();
      const own = await mine.add();
      await theirs.add({ matchedAt: TEST_NOW.getTime() + 1 });
      const feed = await parseFeed(await getFeed(mine.issued, format).expect(200));
      expect(itemIds(format, feed.items)).toEqual([own.id]);
    });

    it('is a valid, empty feed before the first alert', async () => {
      const { issued } = await setup();
      const feed = await parseFeed(await getFeed(issued, format).expect(200));
      expect(feed.items).toEqual([]);
      expect(feed.lastBuildDate).toEqual(expect.any(String));
    });

    it('answers 304 to If-None-Match until an alert arrives', async () => {
      const { issued, add } = await setup();
      await add({ matchedAt: TEST_NOW.getTime() - 1000 });
      const first = await getFeed(issued, format).expect(200);
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const unchanged = await getFeed(issued, format).set('If-None-Match', etag).expect(304);
      expect(unchanged.text ?? '').toBe('');
      await add();
      const changed = await getFeed(issued, format).set('If-None-Match', etag).expect(200);
      expect(changed.headers['etag']).not.toBe(etag);
    });
  });

  it('shows only delivered alerts: matches past the daily cap never reach the feed', async () => {
    const { apiKey, issued, keywords } = await setup(['capped term']);
    await insertUsage(t, keywords[0].id, '2026-11-21', 99, 0);
    const posts = ['one', 'two', 'three'].map((n) =>
      normalizeRedditThing(dumpPost({ title: `capped term ${n}` }))!,
    );
    expect(await t.app.get(IngestionPipeline).process(posts)).toMatchObject({
      alerts: 1,
      capped: 2,
    });

    const delivered = await inboxIdsOfGetAlerts(apiKey);
    expect(delivered).toHaveLength(1);
    for (const format of FORMATS) {
      const feed = await parseFeed(await getFeed(issued, format).expect(200));
      expect(itemIds(format, feed.items)).toEqual(delivered);
    }
  });

  describe('access', () => {
    it('answers 404 not_found for an unknown token, well-formed or not', async () => {
      const unknown = `feed_${'A'.repeat(43)}`;
      for (const token of [unknown, 'nonsense']) {
        for (const format of FORMATS) {
          expectError(await t.http.get(`/feeds/${token}/alerts.${format}`), 404, 'not_found');
        }
      }
    });

    it('accepts no API key in the URL or in a header in place of the feed token', async () => {
      const { apiKey, issued, add } = await setup();
      await add();
      expectError(await t.http.get(`/feeds/${apiKey}/alerts.rss`), 404, 'not_found');
      const viaQuery = await t.http.get(`/feeds/${apiKey}/alerts.atom`).query({ api_key: apiKey });
      expectError(viaQuery, 404, 'not_found');
      const viaHeader = await t.http.get(`/feeds/${apiKey}/alerts.rss`).set(bearer(apiKey));
      expectError(viaHeader, 404, 'not_found');
      const wrongToken = `/feeds/feed_${'B'.repeat(43)}/alerts.rss`;
      expectError(await t.http.get(wrongToken).set(bearer(apiKey)), 404, 'not_found');
      await getFeed(issued, 'rss').expect(200);
    });

    it('answers 402 subscription_required while the account is canceled', async () => {
      const { accountId, issued } = await setup();
      const accounts = t.app.get(AccountsService);
      await accounts.updateAccount(accountId, { status: 'canceled' });
      for (const format of FORMATS) {
        expectError(await getFeed(issued, format), 402, 'subscription_required');
      }
      await accounts.updateAccount(accountId, { status: 'active' });
      await getFeed(issued, 'atom').expect(200);
    });

    it('limits each feed token to 60 requests a minute, with Retry-After', async () => {
      const { issued } = await setup();
      const other = await setup();
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) statuses.push((await getFeed(issued, 'rss')).status);
      expect(statuses).toEqual(Array(60).fill(200));
      const limited = await getFeed(issued, 'atom');
      expectError(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await getFeed(other.issued, 'rss').expect(200);
    });
  });
});

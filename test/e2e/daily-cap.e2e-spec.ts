import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { callerFor } from '../../src/modules/auth/caller.js';
import { KeywordsService } from '../../src/modules/keywords/keywords.service.js';
import { UsageStore } from '../../src/modules/usage/usage.store.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { createKeyword, createKeywords } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const post = (title: string): RedditItem => normalizeRedditThing(dumpPost({ title }))!;

describe.each(testDatabaseKinds())('the daily cap under concurrent ingestion on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('delivers exactly 100 per keyword and counts every other match as capped', async () => {
    const { apiKey } = await t.account('pro');
    const keywords = await createKeywords(t, apiKey, ['alpha', 'beta', 'gamma']);
    const pipeline = t.app.get(IngestionPipeline);
    // 12 concurrent batches of 25 items; every item matches all three keywords, in varying order.
    const titles = ['alpha beta gamma', 'gamma beta alpha', 'beta alpha gamma'];
    const batches = Array.from({ length: 12 }, (_, b) =>
      Array.from({ length: 25 }, (_, i) => post(`${titles[(b + i) % 3]} #${b}-${i}`)),
    );
    const summaries = await Promise.all(batches.map((batch) => pipeline.process(batch)));

    const totals = summaries.reduce(
      (sum, s) => ({ alerts: sum.alerts + s.alerts, capped: sum.capped + s.capped }),
      { alerts: 0, capped: 0 },
    );
    expect(totals).toEqual({ alerts: 300, capped: 600 });
    const usage = (await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200)).body.data;
    expect(usage.today).toEqual(
      ['alpha', 'beta', 'gamma'].map((text) => ({
        keyword_id: keywords.find((k) => k.text === text)!.id,
        text,
        active: true,
        delivered: 100,
        capped: 200,
        cap_reached: true,
        query: null,
      })),
    );
    for (const keyword of keywords) {
      const [{ count }] = await t.database.manager.query(
        `SELECT COUNT(*) AS count FROM alerts WHERE keyword_id = '${keyword.id}'`,
      );
      expect(Number(count)).toBe(100);
    }
  });

  it('counts nothing for a paused keyword, on the next batch and in the counter itself', async () => {
    const { apiKey } = await t.account('pro');
    const keyword = await createKeyword(t, apiKey, 'delta');
    const pipeline = t.app.get(IngestionPipeline);
    expect(await pipeline.process([post('delta one')])).toMatchObject({ alerts: 1 });
    await t.http
      .patch(`/api/v1/keywords/${keyword.id}`)
      .set(bearer(apiKey))
      .send({ active: false })
      .expect(200);
    expect(await pipeline.process([post('delta two')])).toMatchObject({ alerts: 0, capped: 0 });
    const granted = await t.database.transaction((manager) =>
      t.app
        .get(UsageStore)
        .consume(manager, '2026-11-21', [{ keywordId: keyword.id, matches: 1, cap: 100 }]),
    );
    expect(granted.has(keyword.id)).toBe(false);
  });

  it('grants a batch only what is left under the cap, and the rest of the batch as capped', async () => {
    const { apiKey } = await t.account('pro');
    const keyword = await createKeyword(t, apiKey, 'epsilon');
    const consume = (matches: number) =>
      t.database.transaction((manager) =>
        t.app
          .get(UsageStore)
          .consume(manager, '2026-11-21', [{ keywordId: keyword.id, matches, cap: 100 }]),
      );
    expect((await consume(60)).get(keyword.id)).toBe(60);
    expect((await consume(60)).get(keyword.id)).toBe(40);
    expect((await consume(5)).get(keyword.id)).toBe(0);
    const usage = (await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200)).body.data;
    expect(usage.today[0]).toMatchObject({ delivered: 100, capped: 25, cap_reached: true });
  });

  it('grants a batch that matches more keywords than one statement may carry parameters', async () => {
    // 48 accounts × 500 keywords: 24,000 distinct keywords in one batch, past PostgreSQL's 65,535
    // parameters at three per keyword.
    const accounts = t.app.get(AccountsService);
    const keywords = t.app.get(KeywordsService);
    const ids: string[] = [];
    for (let a = 0; a < 48; a += 1) {
      const { account } = await accounts.createAccount({ plan: 'scale', product: 'alerts' });
      const { created } = await keywords.create(
        callerFor(account, ''),
        Array.from({ length: 500 }, (_, k) => ({ text: `capbulk${a}x${k}` })),
      );
      ids.push(...created.map((keyword) => keyword.id));
    }

    const granted = await t.database.transaction((manager) =>
      t.app.get(UsageStore).consume(
        manager,
        '2026-11-22',
        ids.map((keywordId) => ({ keywordId, matches: 2, cap: 100 })),
      ),
    );

    expect(granted.size).toBe(24_000);
    expect([...granted.values()].every((count) => count === 2)).toBe(true);
    const [{ total }] = await t.database.manager.query(
      `SELECT SUM(delivered) AS total FROM keyword_daily_usage WHERE day = '2026-11-22'`,
    );
    expect(Number(total)).toBe(48_000);
  });
});

import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { FigureSamplingService } from '../../src/modules/ops/figures/figure-sampling.service.js';
import { minuteStart } from '../../src/modules/ops/figures/sampled-figures.js';
import { createKeywords } from '../factories/keyword.factory.js';
import { FakeRedditServer, INSTANT } from '../fixtures/reddit/fake-reddit-server.js';
import { bearer, type TestApp } from '../utils/create-test-app.js';
import { graphqlAs, signInNewOperator } from '../utils/operator-session.js';
import { createPollingApp, metricValue, pollFor, pollOnce } from '../utils/polling-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';

const HOUR_MS = 3_600_000;
/** Late in a UTC day: the +1 h re-check falls on the next day. */
const LATE_EVENING = new Date('2026-11-21T23:30:00.000Z');

const QUERIES = {
  'acme rising': 'acme score:>=25',
  'acme never': 'acme score:>=1000',
  'busy thread': 'gadget comments:>=10',
};

interface AlertBody {
  id: string;
  event: 'post' | 'comment';
  keyword: string;
  timestamp: string;
  upvotes: number;
  replies: number;
}

interface RecheckRow {
  keyword_id: string;
  item_key: string;
  stage: number | string;
  due_at: number | string;
}

describe.each(testDatabaseKinds())('re-checks of score: and comments: on %s', (kind) => {
  let reddit: FakeRedditServer;
  let database: TestDatabase;
  let t: TestApp;
  let key: string;
  let keywordId: Record<string, string>;

  const startApp = (now: Date) =>
    createPollingApp(kind, reddit, {}, { databaseUrl: database.url, now });

  beforeEach(async () => {
    reddit = await FakeRedditServer.start({ realism: INSTANT });
    database = await createTestDatabase(kind);
    t = await startApp(LATE_EVENING);
    ({ apiKey: key } = await t.account('pro'));
    const created = await createKeywords(
      t,
      key,
      Object.entries(QUERIES).map(([text, query]) => ({ text, query })),
    );
    keywordId = Object.fromEntries(created.map((keyword) => [keyword.text, keyword.id]));
    // The poller's first run starts from what the listings show.
    await pollFor(t, 3);
  });

  afterEach(async () => {
    await t.close();
    await database.drop();
    await reddit.close();
  });

  const alerts = async () => {
    const { body } = await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200);
    return body.data as AlertBody[];
  };
  const rechecks = () =>
    t.database.query<RecheckRow>(
      t.database.manager,
      'SELECT keyword_id, item_key, stage, due_at FROM count_rechecks ORDER BY keyword_id',
    );
  const delivered = async (id: string, day: string) => {
    const [row] = await t.database.query<{ delivered: number | string }>(
      t.database.manager,
      'SELECT delivered FROM keyword_daily_usage WHERE keyword_id = :id AND day = :day',
      { id, day },
    );
    return Number(row?.delivered ?? 0);
  };
  const setData = (fullname: string, data: Record<string, unknown>) =>
    Object.assign(reddit.world.thing(fullname)!.data, data);
  /** Moves the clock to `at` and runs one turn of the poller's loop (re-checks, then a poll). */
  const turnAt = async (at: number) => {
    t.clock.set(new Date(at));
    await pollOnce(t);
  };

  it('alerts once, at the +1 h re-check where the score has grown, stamped then and capped that day', async () => {
    const post = 't3_' + reddit.addPost({ title: 'acme launches today', score: 3 });
    const createdMs = reddit.world.thing(post)!.createdMs;
    await pollFor(t, 3);

    expect(await alerts()).toEqual([]);
    const filed = await rechecks();
    expect(filed.map((row) => [row.keyword_id, row.item_key, Number(row.stage)])).toEqual(
      [
        [keywordId['acme never'], post, 1],
        [keywordId['acme rising'], post, 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const dueAt = Math.floor(createdMs / 1_000) * 1_000 + HOUR_MS;
    expect(filed.every((row) => Number(row.due_at) === dueAt)).toBe(true);

    setData(post, { score: 30 });
    const recheckedAt = dueAt + 5_000;
    await turnAt(recheckedAt);

    const [alert, ...others] = await alerts();
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ keyword: 'acme rising', event: 'post', upvotes: 30 });
    expect(alert.timestamp).toBe(new Date(recheckedAt).toISOString().replace('Z', '+00:00'));
    // Created on the 21st, re-checked on the 22nd: the cap counts it on the 22nd.
    expect(await delivered(keywordId['acme rising'], '2026-11-22')).toBe(1);
    expect(await delivered(keywordId['acme rising'], '2026-11-21')).toBe(0);
    // The keyword that passed is done; the other waits for +6 h.
    expect((await rechecks()).map((row) => [row.keyword_id, Number(row.stage)])).toEqual([
      [keywordId['acme never'], 2],
    ]);
    expect(await metricValue(t, 'alerts_reddit_recheck_alerts_total')).toBe(1);
    expect(await metricValue(t, 'alerts_reddit_rechecks_total')).toBe(2);
    expect(await metricValue(t, 'alerts_reddit_recheck_requests_total')).toBe(1);
    // The console's Ingestion page, from the minute's samples.
    await t.app.get(FigureSamplingService).sampleMinute(minuteStart(recheckedAt));
    t.clock.set(new Date(minuteStart(recheckedAt) + 60_000));
    const operator = await signInNewOperator(t, 'ops@example.com');
    const page = await graphqlAs(
      t,
      operator,
      '{ opsIngestion { rechecks { waiting checkedLastHour alertsLastHour requestsLastHour percentOfRequests } } }',
    );
    const apiRequests = ['/r/all/new', '/r/all/comments', '/api/info'].reduce(
      (sum, path) => sum + (reddit.counts.byPath.get(path) ?? 0),
      0,
    );
    expect(page.body).toEqual({
      data: {
        opsIngestion: {
          rechecks: {
            waiting: 1,
            checkedLastHour: 2,
            alertsLastHour: 1,
            requestsLastHour: 1,
            percentOfRequests: 100 / apiRequests,
          },
        },
      },
    });

    // At +6 h: nothing passes again, nothing alerts twice, no row is left.
    setData(post, { score: 5_000 });
    await turnAt(createdMs + 6 * HOUR_MS + 5_000);
    expect((await alerts()).map((a) => a.keyword).sort()).toEqual(['acme never', 'acme rising']);
    expect(await rechecks()).toEqual([]);
  });

  it('leaves nothing behind for an item that never passes', async () => {
    const post = 't3_' + reddit.addPost({ title: 'acme news', score: 1 });
    const createdMs = reddit.world.thing(post)!.createdMs;
    await pollFor(t, 3);
    expect(await rechecks()).toHaveLength(2);

    await turnAt(createdMs + HOUR_MS + 5_000);
    expect((await rechecks()).map((row) => Number(row.stage))).toEqual([2, 2]);
    await turnAt(createdMs + 6 * HOUR_MS + 5_000);

    expect(await alerts()).toEqual([]);
    expect(await rechecks()).toEqual([]);
  });

  it('checks once only when the +1 h re-check comes after +6 h (the instance was down)', async () => {
    const post = 't3_' + reddit.addPost({ title: 'acme later', score: 1 });
    const createdMs = reddit.world.thing(post)!.createdMs;
    await pollFor(t, 3);
    const infoAsks = () => reddit.counts.byPath.get('/api/info') ?? 0;
    const before = infoAsks();

    await turnAt(createdMs + 7 * HOUR_MS);
    await turnAt(createdMs + 7 * HOUR_MS + 10_000);

    expect(await rechecks()).toEqual([]);
    expect(await metricValue(t, 'alerts_reddit_recheck_requests_total')).toBe(1);
    expect(infoAsks()).toBeGreaterThan(before);
  });

  it("re-checks a comment on its post's comment count, and a restart loses no due re-check", async () => {
    const post = 't3_' + reddit.addPost({ title: 'New phone', num_comments: 1 });
    const comment = 't1_' + reddit.addComment(post.slice(3), { body: 'What a gadget' });
    const createdMs = reddit.world.thing(comment)!.createdMs;
    await pollFor(t, 3);
    expect((await rechecks()).map((row) => row.item_key)).toEqual([comment]);

    setData(post, { num_comments: 42 });
    // The app stops before the re-check is due and starts again after.
    const dueAt = createdMs + HOUR_MS + 5_000;
    await t.close();
    t = await startApp(new Date(dueAt));
    await pollOnce(t);

    const [alert, ...others] = await alerts();
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ keyword: 'busy thread', event: 'comment', replies: 42 });
    expect(await rechecks()).toEqual([]);
  });

  it('never holds the poll back when a re-check fails: its rows stay due', async () => {
    const post = 't3_' + reddit.addPost({ title: 'acme stuck', score: 1 });
    const createdMs = reddit.world.thing(post)!.createdMs;
    await pollFor(t, 3);
    const failing = jest
      .spyOn(t.app.get(IngestionPipeline), 'storeRechecked')
      .mockRejectedValueOnce(new Error('the database refused this row'));

    t.clock.set(new Date(createdMs + HOUR_MS + 5_000));
    const fresh = 't3_' + reddit.addPost({ title: 'acme fresh', score: 1 });
    await pollFor(t, 3);

    expect(failing).toHaveBeenCalledTimes(1);
    const rows = await rechecks();
    expect(rows.filter((row) => row.item_key === post).map((row) => Number(row.stage))).toEqual([
      1, 1,
    ]);
    expect(rows.filter((row) => row.item_key === fresh)).toHaveLength(2);
  });

  it('does not alert for a keyword paused meanwhile', async () => {
    const post = 't3_' + reddit.addPost({ title: 'acme again', score: 2 });
    const createdMs = reddit.world.thing(post)!.createdMs;
    await pollFor(t, 3);
    setData(post, { score: 99 });
    await t.http
      .patch(`/api/v1/keywords/${keywordId['acme rising']}`)
      .set(bearer(key))
      .send({ active: false })
      .expect(200);

    await turnAt(createdMs + HOUR_MS + 5_000);
    await turnAt(createdMs + 6 * HOUR_MS + 5_000);

    expect(await alerts()).toEqual([]);
    expect(await rechecks()).toEqual([]);
  });
});

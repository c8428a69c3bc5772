import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { dumpPost, toNdjson, type DumpPost } from '../factories/reddit-dump.factory.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { createPollingApp, metricValue, pollFor } from '../utils/polling-app.js';
import { refuseRow } from '../utils/refused-rows.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { testDatabaseKinds, type TestDatabaseKind } from '../utils/test-databases.js';

const UNSTORABLE_METRIC = 'alerts_ingest_unstorable_items_total{type="post"}';

/** Makes the database refuse to store one item, as it would a value it cannot hold. */
const refuseItem = (t: TestApp, kind: TestDatabaseKind, fullname: string) =>
  refuseRow(t, kind, { table: 'seen_items', column: 'item_key', value: fullname });

/** Makes every write fail the way a full disk does; returns the undo. */
async function fillTheDisk(t: TestApp, kind: TestDatabaseKind): Promise<() => Promise<void>> {
  const query = (sql: string) => t.database.dataSource.query(sql) as Promise<unknown>;
  if (kind === 'sqlite') {
    const [{ page_count }] = (await query('PRAGMA page_count')) as { page_count: number }[];
    await query(`PRAGMA max_page_count = ${page_count}`);
    return async () => void (await query('PRAGMA max_page_count = 1073741823'));
  }
  await query(
    `CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN
       RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql`,
  );
  await query(
    'CREATE TRIGGER disk_full BEFORE INSERT ON seen_items FOR EACH ROW EXECUTE FUNCTION disk_full()',
  );
  return async () => void (await query('DROP TRIGGER disk_full ON seen_items'));
}

const unstorableCount = async (t: TestApp) => (await metricValue(t, UNSTORABLE_METRIC)) ?? 0;

describe.each(testDatabaseKinds())('one bad item on %s', (kind) => {
  let t: TestApp;
  let key: string;
  const workDir = mkdtempSync(join(tmpdir(), 'unstorable-'));

  beforeEach(async () => {
    // The admin command runs on real time, so this app's clock starts at the real now.
    t = await createTestApp(kind, {}, { now: new Date() });
    ({ apiKey: key } = await t.account('pro'));
    await createKeyword(t, key, 'acme widget');
  });
  afterEach(() => t.close());

  const alerts = async () =>
    (await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200)).body.data as {
      id: string;
      title: string;
      selftext: string;
    }[];
  const twentyPosts = (): DumpPost[] =>
    Array.from({ length: 20 }, (_, i) => dumpPost({ title: `acme widget review ${i}` }));
  const ingestFile = async (lines: unknown[]) => {
    const file = join(workDir, `dump-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(file, toNdjson(lines));
    return runAdmin(['ingest', file], { DATABASE_URL: t.databaseUrl });
  };

  it('stores every post of a dump when one carries U+0000, without the U+0000', async () => {
    const posts = twentyPosts();
    posts[7] = { ...posts[7], title: 'acme\u0000 widget with a NUL', selftext: 'be\u0000fore' };

    const run = await ingestFile(posts);

    expect(run.code).toBe(0);
    expect(parseJsonLine(run.stdout)).toEqual({
      posts: 20,
      comments: 0,
      alerts: 20,
      capped: 0,
      skipped: { invalid_json: 0, not_an_item: 0, unstorable: 0 },
    });
    const stored = await alerts();
    expect(stored).toHaveLength(20);
    expect(stored.find((alert) => alert.id === posts[7].id)).toMatchObject({
      title: 'acme widget with a NUL',
      selftext: 'before',
    });
  });

  it('skips an item the database refuses, stores the rest of the dump and says which', async () => {
    const posts = twentyPosts();
    await refuseItem(t, kind, `t3_${posts[11].id}`);

    const run = await ingestFile(posts);

    expect(run.code).toBe(0);
    expect(parseJsonLine(run.stdout)).toMatchObject({
      posts: 20,
      alerts: 19,
      skipped: { invalid_json: 0, not_an_item: 0, unstorable: 1 },
    });
    expect(run.stderr).toContain(`t3_${posts[11].id}`);
    const storedIds = (await alerts()).map((alert) => alert.id);
    expect(storedIds).toHaveLength(19);
    expect(storedIds).not.toContain(posts[11].id);
  });

  it('counts a skipped item in /metrics and processes the next batch as usual', async () => {
    const pipeline = t.app.get(IngestionPipeline);
    const [first, second] = [twentyPosts(), twentyPosts()].map((posts) =>
      posts.map((post) => normalizeRedditThing(post)!),
    );
    await refuseItem(t, kind, `t3_${first[0].id}`);

    expect(await pipeline.process(first)).toMatchObject({ alerts: 19, unstorable: 1 });
    expect(await pipeline.process(second)).toMatchObject({ alerts: 20, unstorable: 0 });
    expect(await unstorableCount(t)).toBe(1);
  });

  it('skips nothing when the database itself fails: the batch fails whole and can be retried', async () => {
    const pipeline = t.app.get(IngestionPipeline);
    const items = twentyPosts().map((post) =>
      normalizeRedditThing({ ...post, selftext: 'x'.repeat(20_000) }),
    );
    const undo = await fillTheDisk(t, kind);

    await expect(pipeline.process(items.map((item) => item!))).rejects.toThrow();
    expect(await alerts()).toHaveLength(0);
    await undo();

    expect(await pipeline.process(items.map((item) => item!))).toMatchObject({
      alerts: 20,
      unstorable: 0,
    });
    expect(await unstorableCount(t)).toBe(0);
  });
});

describe.each(testDatabaseKinds())('the poller past a bad item on %s', (kind) => {
  let reddit: FakeRedditServer;
  let t: TestApp;
  let key: string;

  beforeEach(async () => {
    reddit = await FakeRedditServer.start();
    t = await createPollingApp(kind, reddit);
    ({ apiKey: key } = await t.account('pro'));
    await createKeyword(t, key, 'acme widget');
  });
  afterEach(async () => {
    await t.close();
    await reddit.close();
  });

  const alertTitles = async () =>
    (
      (await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200)).body.data as {
        title: string;
      }[]
    )
      .map((alert) => alert.title)
      .sort();

  /** Posts the poller handed to the pipeline over `seconds` of simulated polling. */
  const postsPolled = async (seconds: number) =>
    (await pollFor(t, seconds)).reduce(
      (sum, result) => sum + (result.status === 'polled' ? result.posts : 0),
      0,
    );

  it('alerts on the items around a U+0000 item and one the database refuses, and moves on', async () => {
    // Listed at once: a first run starts at the oldest item its first listing page shows.
    const visible = { hidden: false, listedAt: t.clock.nowMs() };
    reddit.addPost({ title: 'acme widget before' }, visible);
    reddit.addPost({ title: 'acme widget with \u0000 inside', selftext: '\u0000' }, visible);
    const refused = reddit.addPost({ title: 'acme widget refused' }, visible);
    reddit.addPost({ title: 'acme widget after' }, visible);
    await refuseItem(t, kind, `t3_${refused}`);

    expect(await postsPolled(10)).toBe(4);
    expect(await alertTitles()).toEqual([
      'acme widget after',
      'acme widget before',
      'acme widget with  inside',
    ]);

    reddit.addPost({ title: 'acme widget next cycle' }, visible);
    expect(await postsPolled(10)).toBe(1);
    expect(await alertTitles()).toContain('acme widget next cycle');
    expect(await unstorableCount(t)).toBe(1);
  });
});

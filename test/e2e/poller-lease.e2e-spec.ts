import pg from 'pg';
import { POLLER_LOCK_KEY } from '../../src/modules/ingestion/polling/poller-lease.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { FakeRedditServer, INSTANT } from '../fixtures/reddit/fake-reddit-server.js';
import { bearer, TestApps } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { metricValue, pollOnce, redditEnv } from '../utils/polling-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';

/** Ends the PostgreSQL session that holds the poller's advisory lock, as a dropped connection would. */
async function killLockHolder(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_locks
       WHERE locktype = 'advisory' AND objid = $1 AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [POLLER_LOCK_KEY],
    );
    return rows.filter((row) => row.terminated).length;
  } finally {
    await client.end();
  }
}

describe.each(testDatabaseKinds())('poller lease on %s', (kind) => {
  let reddit: FakeRedditServer;
  let database: TestDatabase;
  const apps = new TestApps(kind);

  const startInstance = () => apps.start(redditEnv(reddit), { databaseUrl: database.url });

  beforeEach(async () => {
    // Every instance's clock stands at TEST_NOW; items show at once: this is about the lease.
    reddit = await FakeRedditServer.start({ realism: INSTANT, now: () => TEST_NOW.getTime() });
    database = await createTestDatabase(kind);
  });

  afterEach(async () => {
    await apps.closeAll();
    await database.drop();
    await reddit.close();
  });

  if (kind === 'sqlite') {
    it('polls without a lock: one process owns the SQLite file', async () => {
      const only = await startInstance();
      reddit.addPosts(2);

      expect(await pollOnce(only)).toMatchObject({ status: 'polled', posts: 2 });
      expect(await pollOnce(only)).toMatchObject({ status: 'polled', posts: 0 });
    });
    return;
  }

  it('lets only one of two instances poll; the other reports that it skipped', async () => {
    const first = await startInstance();
    const second = await startInstance();
    reddit.addPosts(3);

    const polled = await pollOnce(first);
    const requestsBefore = reddit.requests.length;
    const skipped = await pollOnce(second);

    expect(polled).toMatchObject({ status: 'polled', posts: 3 });
    expect(skipped).toEqual({ status: 'skipped', reason: 'another-instance-polls' });
    expect(reddit.requests).toHaveLength(requestsBefore);
    expect(await metricValue(first, 'alerts_reddit_poller_leader')).toBe(1);
    expect(await metricValue(second, 'alerts_reddit_poller_leader')).toBe(0);
  });

  it('hands over to another instance when the polling one loses its connection, without duplicates', async () => {
    const first = await startInstance();
    const second = await startInstance();
    const { apiKey } = await first.account('pro');
    await createKeyword(first, apiKey, 'handover');
    reddit.addPost({ title: 'handover one' });
    await pollOnce(first);

    expect(await killLockHolder(database.url)).toBe(1);
    reddit.addPost({ title: 'handover two' });
    const takenOver = await pollOnce(second);
    const formerLeader = await pollOnce(first);

    expect(takenOver).toMatchObject({ status: 'polled', posts: 1 });
    expect(formerLeader).toEqual({ status: 'skipped', reason: 'another-instance-polls' });
    const { body } = await second.http.get('/api/v1/alerts').set(bearer(apiKey)).expect(200);
    expect((body.data as { title: string }[]).map((alert) => alert.title).sort()).toEqual([
      'handover one',
      'handover two',
    ]);
  });

  it('releases the lock on shutdown, so the next instance polls at once', async () => {
    const first = await startInstance();
    const second = await startInstance();
    await pollOnce(first);
    reddit.addPosts(2);

    await apps.close(first);

    expect(await pollOnce(second)).toMatchObject({ status: 'polled', posts: 2 });
  });
});

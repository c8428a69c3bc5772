import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { Database } from '../../src/database/database.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { LiveIndexMetrics } from '../../src/modules/metrics/live-index.metrics.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { KeywordIndexThread } from '../../src/modules/matching/thread/keyword-index-thread.js';
import type { MatchInput } from '../../src/modules/matching/keyword-matcher.js';
import { LiveKeywordMatcher } from '../../src/modules/matching/live-keyword-matcher.service.js';
import { insertAccount } from '../factories/account.factory.js';
import {
  createKeywords,
  deleteKeyword,
  insertKeyword,
  pauseKeyword,
} from '../factories/keyword.factory.js';
import { dumpPost, normalizedItem } from '../factories/reddit-dump.factory.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { metricValue } from '../utils/polling-app.js';
import { createEmptyTestDatabase, testDatabaseKinds } from '../utils/test-databases.js';
import { openTestStorage } from '../utils/test-storage.js';

/** A data migration as a release might bring: it rewrites rows without taking change numbers. */
class RenameLantern9999999999999 implements MigrationInterface {
  name = 'RenameLantern9999999999999';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "UPDATE keywords SET text = 'delta lantern' WHERE text = 'omega lantern'",
    );
  }
  async down(): Promise<void> {}
}

/** The worker as `npm test` builds it first: a thread runs compiled JavaScript, not the sources. */
const WORKER_FILE = new URL(
  '../../dist/src/modules/matching/thread/keyword-index.worker.js',
  import.meta.url,
);

const startThread = (databaseUrl: string) =>
  KeywordIndexThread.start({ databaseUrl, workerFile: WORKER_FILE });

/** The same worker with a test seam: a batch holding this text blocks the thread for good. */
const HANGING_WORKER_FILE = new URL(
  '../fixtures/hanging-keyword-index.worker.mjs',
  import.meta.url,
);
const HANG_MARKER = 'the index thread hangs here';

const post = (title: string, extra: Partial<MatchInput> = {}): MatchInput => ({
  type: 'post',
  fields: [title, ''],
  subreddit: 'programming',
  author: 'someone',
  ...extra,
});

const TEXTS = [
  post('Our postgres backup failed again last night'),
  post('Backups of the postgres cluster, a guide'),
  post('postgres backup tips', { subreddit: 'pics' }),
  post('the launch went well, no free trial though'),
  post('Looking for a launch checklist for the rocket team'),
  post('nothing to see here'),
  { type: 'comment', fields: ['our postgres backup story'], subreddit: 'sql', author: 'x' },
] satisfies MatchInput[];

/** Each input's matched keyword ids, sorted: what two indexes must agree on. */
async function matchedIds(t: TestApp): Promise<string[][]> {
  const matcher = t.app.get(LiveKeywordMatcher);
  await matcher.refresh();
  const matched = await matcher.matchBatch(TEXTS);
  return matched.map((keywords) => keywords.map(({ keyword }) => keyword.id).sort());
}

const rowsRead = async (t: TestApp, table: string): Promise<number> =>
  (await metricValue(t, `alerts_live_index_rows_read_total{index="alerts",table="${table}"}`)) ?? 0;

describe.each(testDatabaseKinds())('the keyword index on its own thread on %s', (kind) => {
  const apps = new TestApps(kind);
  afterEach(() => apps.closeAll());

  it('matches what the in-process index matches, through creations, pauses, deletions and cancellations', async () => {
    const editor = await apps.start();
    const threaded = await apps.start(
      {},
      { databaseUrl: editor.databaseUrl, keywordIndexThread: startThread(editor.databaseUrl) },
    );
    const { apiKey, accountId } = await editor.account('scale');
    const other = await editor.account('pro');
    const mine = await createKeywords(editor, apiKey, [
      'postgres backup',
      { text: 'launch', mode: 'exact' },
      { text: 'postgres backups', mode: 'broad' },
      { text: 'launch checklist', mode: 'proximity' },
    ]);
    const [filtered] = await createKeywords(editor, other.apiKey, ['postgres backup']);
    await editor.http
      .patch(`/api/v1/keywords/${filtered.id}`)
      .set(bearer(other.apiKey))
      .send({ exclude_subreddits: ['pics'], exclude: ['story'] })
      .expect(200);

    const before = await matchedIds(editor);
    expect(before.flat().length).toBeGreaterThan(5);
    expect(await matchedIds(threaded)).toEqual(before);
    expect(threaded.app.get(LiveKeywordMatcher).size).toBe(5);

    await pauseKeyword(editor, apiKey, mine[0].id);
    await deleteKeyword(editor, apiKey, mine[1].id);
    expect(await matchedIds(threaded)).toEqual(await matchedIds(editor));
    expect(threaded.app.get(LiveKeywordMatcher).size).toBe(3);

    const accounts = editor.app.get(AccountsService);
    await accounts.updateAccount(accountId, { status: 'canceled' });
    const canceled = await matchedIds(editor);
    expect(await matchedIds(threaded)).toEqual(canceled);
    expect(canceled.flat().length).toBeGreaterThan(0);
    expect(canceled.flat().every((id) => id === filtered.id)).toBe(true);

    await accounts.updateAccount(accountId, { status: 'active' });
    expect(await matchedIds(threaded)).toEqual(await matchedIds(editor));
    expect(threaded.app.get(LiveKeywordMatcher).size).toBe(3);
    // What the thread read is counted where the operators look.
    expect(await rowsRead(threaded, 'keywords')).toBeGreaterThanOrEqual(5);
    expect(await rowsRead(threaded, 'accounts')).toBeGreaterThanOrEqual(2);
  });

  /**
   * An app that ingests on the thread `start` makes, beside one that edits the keyword "omega
   * lantern"; `alertsFor` ingests a post of that title and answers its alerts.
   */
  const ingestingOnThread = async (start: (databaseUrl: string) => KeywordIndexThread) => {
    const logs = capturedLogger();
    const editor = await apps.start();
    const thread = start(editor.databaseUrl);
    const ingester = await apps.start(
      {},
      { databaseUrl: editor.databaseUrl, keywordIndexThread: thread, logger: logs.logger },
    );
    const { apiKey } = await editor.account('scale');
    await createKeywords(editor, apiKey, ['omega lantern']);
    const pipeline = ingester.app.get(IngestionPipeline);
    const alertsFor = async (title: string) =>
      (await pipeline.process([normalizedItem(dumpPost({ title }))])).alerts;
    return { logs, thread, alertsFor };
  };

  it('keeps matching in-process when its thread stops', async () => {
    const { logs, thread, alertsFor } = await ingestingOnThread(startThread);

    expect(await alertsFor('an omega lantern')).toBe(1);
    await thread.close();
    expect(await alertsFor('another omega lantern')).toBe(1);
    expect(logs.text()).toContain('keyword index thread stopped; index rebuilt here');
    expect(logs.text()).toMatch(
      /"keywords":1,"ms":\d+,"thread":false,"waitedMs":\d+,"msg":"keyword index loaded"/,
    );
  });

  it('replaces a thread that does not answer in time: error logged, thread terminated, the batch matched here', async () => {
    const { logs, alertsFor } = await ingestingOnThread((databaseUrl) =>
      KeywordIndexThread.start({
        databaseUrl,
        workerFile: HANGING_WORKER_FILE,
        answerDeadlineMs: 1_000,
      }),
    );
    expect(await alertsFor('an omega lantern')).toBe(1);
    const terminate = jest.spyOn(Worker.prototype, 'terminate');

    try {
      expect(await alertsFor(`an omega lantern: ${HANG_MARKER}`)).toBe(1);
      expect(terminate).toHaveBeenCalled();
    } finally {
      terminate.mockRestore();
    }
    expect(await alertsFor('one more omega lantern')).toBe(1);
    expect(logs.text()).toContain(
      '"reason":"keyword index thread did not answer a match within 1000 ms and was terminated","msg":"keyword index thread stopped; index rebuilt here"',
    );
    expect(logs.text()).toMatch(
      /"keywords":1,"ms":\d+,"thread":false,"waitedMs":\d+,"msg":"keyword index loaded"/,
    );
  });

  if (kind === 'postgres') {
    it("fails a read that outlives the statement timeout on the thread's own connections instead of hanging", async () => {
      const t = await apps.start();
      const thread = KeywordIndexThread.start({
        databaseUrl: t.databaseUrl,
        workerFile: WORKER_FILE,
        statementTimeoutMs: 300,
      });
      const blocker = new pg.Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      try {
        // A transaction that holds the keywords table, as a stuck migration or session would.
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE keywords IN ACCESS EXCLUSIVE MODE');
        await expect(thread.refresh()).rejects.toMatchObject({ code: '57014' });
        await blocker.query('ROLLBACK');
        expect((await thread.refresh()).size).toBe(0);
      } finally {
        await blocker.end();
        await thread.close();
      }
    });
  }

  it('builds the index on a database created and migrated only after the thread started', async () => {
    const fresh = await createEmptyTestDatabase(kind);
    try {
      const logs = capturedLogger();
      const thread = startThread(fresh.url);
      const t = await apps.start(
        {},
        { databaseUrl: fresh.url, keywordIndexThread: thread, logger: logs.logger },
      );
      const { apiKey } = await t.account('scale');
      await createKeywords(t, apiKey, ['omega lantern']);
      const { alerts } = await t.app
        .get(IngestionPipeline)
        .process([normalizedItem(dumpPost({ title: 'an omega lantern' }))]);
      expect(alerts).toBe(1);
      expect(logs.text()).toMatch(
        /"keywords":1,"ms":\d+,"thread":true,"waitedMs":\d+,"msg":"keyword index loaded"/,
      );
      expect(logs.text()).not.toContain('thread stopped');
    } finally {
      await apps.closeAll();
      await fresh.drop();
    }
  });

  it('reads the index again when the start applied migrations after the thread had loaded it', async () => {
    const storage = await openTestStorage(kind);
    const account = await insertAccount(storage, { plan: 'scale' });
    await insertKeyword(storage, { accountId: account.id, text: 'omega lantern' });
    const thread = startThread(storage.databaseUrl);
    const dataSource = new DataSource({
      ...buildDataSourceOptions(storage.databaseUrl),
      migrations: [...MIGRATIONS, RenameLantern9999999999999],
    });
    try {
      // The thread's first load, before the application's start migrates.
      expect((await thread.refresh()).size).toBe(1);
      const database = await Database.open(await dataSource.initialize());
      expect(database.migrationsApplied).toBe(1);
      const matcher = new LiveKeywordMatcher(
        database,
        new LiveIndexMetrics(new Registry()),
        pino({ level: 'silent' }),
        thread,
      );
      await matcher.refresh();
      const [renamed, old] = await matcher.matchBatch([
        post('a delta lantern'),
        post('an omega lantern'),
      ]);
      expect(renamed.map(({ keyword }) => keyword.text)).toEqual(['delta lantern']);
      expect(old).toEqual([]);
      await database.onApplicationShutdown();
    } finally {
      await thread.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      await storage.close();
    }
  });
});

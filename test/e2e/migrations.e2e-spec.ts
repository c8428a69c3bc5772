import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { Database } from '../../src/database/database.js';
import { DeliveryLanes1763700700000 } from '../../src/database/migrations/1763700700000-delivery-lanes.js';
import { KeywordFilters1763701500000 } from '../../src/database/migrations/1763701500000-keyword-filters.js';
import { WebhookFailingStreak1763702300000 } from '../../src/database/migrations/1763702300000-webhook-failing-streak.js';
import { DeliveryRetries1763702400000 } from '../../src/database/migrations/1763702400000-delivery-retries.js';
import { KeywordQueries1763702500000 } from '../../src/database/migrations/1763702500000-keyword-queries.js';
import { PostQueryFields1763702600000 } from '../../src/database/migrations/1763702600000-post-query-fields.js';
import { AccountRoles1763704000000 } from '../../src/database/migrations/1763704000000-account-roles.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { createTestApp } from '../utils/create-test-app.js';
import {
  createEmptyTestDatabase,
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';

/** A migration that takes longer than the statement timeout the test sets, as a big rewrite may. */
class SlowRewrite9999999999999 implements MigrationInterface {
  name = 'SlowRewrite9999999999999';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('SELECT pg_sleep(0.6)');
  }
  async down(): Promise<void> {}
}

/** SQLSTATE query_canceled: what PostgreSQL answers a statement that outlived statement_timeout. */
const QUERY_CANCELED = '57014';

describe.each(testDatabaseKinds())('migrations on %s', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeEach(async () => {
    database = await createEmptyTestDatabase(kind);
    dataSource = await new DataSource(buildDataSourceOptions(database.url)).initialize();
  });

  afterEach(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  async function tableNames(): Promise<string[]> {
    const rows: { name: string }[] = await dataSource.query(
      kind === 'postgres'
        ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    );
    return rows.map((row) => row.name).sort();
  }

  async function deliveryIndexNames(): Promise<string[]> {
    const runner = dataSource.createQueryRunner();
    try {
      const table = await runner.getTable('deliveries');
      return (table?.indices ?? []).map((index) => index.name ?? '').sort();
    } finally {
      await runner.release();
    }
  }

  it('reads open deliveries by webhook once the lanes migration has run, by id after undoing it', async () => {
    await dataSource.runMigrations();
    expect(await deliveryIndexNames()).toEqual([
      'idx_deliveries_open_lanes',
      'idx_deliveries_retries_due',
      'idx_deliveries_webhook_attempted',
      'idx_deliveries_webhook_created',
      'uq_deliveries_alert_webhook',
    ]);

    const laterMigrations = MIGRATIONS.length - MIGRATIONS.indexOf(DeliveryLanes1763700700000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    expect(await deliveryIndexNames()).toEqual([
      'idx_deliveries_open',
      'idx_deliveries_webhook_created',
      'uq_deliveries_alert_webhook',
    ]);
  });

  it('undoes every migration back to an empty schema and applies them all again', async () => {
    await dataSource.runMigrations();
    const applied = await tableNames();
    expect(applied).toEqual(
      expect.arrayContaining(['alerts', 'deliveries', 'keywords', 'webhooks']),
    );

    for (let step = 0; step < MIGRATIONS.length; step++) await dataSource.undoLastMigration();
    expect(await tableNames()).toEqual(['migrations']);

    expect(await dataSource.runMigrations()).toHaveLength(MIGRATIONS.length);
    expect(await tableNames()).toEqual(applied);
  });

  it('gives the keywords stored before the filters existed every filter list empty', async () => {
    await dataSource.runMigrations();
    const laterMigrations = MIGRATIONS.length - MIGRATIONS.indexOf(KeywordFilters1763701500000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    await dataSource.query(
      `INSERT INTO keywords (id, account_id, text, normalized_text, mode, active, track_posts,
         track_comments, created_at, updated_at)
       VALUES ('older', 'account', 'acme', 'acme', 'exact', TRUE, TRUE, TRUE, 1, 1)`,
    );

    await dataSource.runMigrations();

    expect(
      await dataSource.query(
        'SELECT id, exclude_phrases, subreddits, exclude_subreddits, exclude_authors FROM keywords',
      ),
    ).toEqual([
      {
        id: 'older',
        exclude_phrases: '[]',
        subreddits: '[]',
        exclude_subreddits: '[]',
        exclude_authors: '[]',
      },
    ]);
  });

  it('gives the keywords stored before queries existed no query, and keeps them when undone', async () => {
    await dataSource.runMigrations();
    const laterMigrations = MIGRATIONS.length - MIGRATIONS.indexOf(KeywordQueries1763702500000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    await dataSource.query(
      `INSERT INTO keywords (id, account_id, text, normalized_text, mode, active, track_posts,
         track_comments, created_at, updated_at)
       VALUES ('older', 'account', 'acme', 'acme', 'exact', TRUE, TRUE, TRUE, 1, 1)`,
    );

    await dataSource.runMigrations();
    expect(await dataSource.query('SELECT id, "query" FROM keywords')).toEqual([
      { id: 'older', query: null },
    ]);
    await dataSource.query(`UPDATE keywords SET "query" = 'acme -sub:acme' WHERE id = 'older'`);
    expect(await dataSource.query('SELECT "query" FROM keywords')).toEqual([
      { query: 'acme -sub:acme' },
    ]);

    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    expect(await dataSource.query('SELECT id, text FROM keywords')).toEqual([
      { id: 'older', text: 'acme' },
    ]);
  });

  it('widens webhooks.secret for sealed secrets, keeping the secrets already stored', async () => {
    await dataSource.runMigrations();
    await dataSource.undoLastMigration();
    const insert = (id: string, secret: string) =>
      dataSource.query(
        `INSERT INTO webhooks (id, account_id, name, url, secret, active, total_deliveries,
           consecutive_failures, created_at)
         VALUES ('${id}', 'account', 'hook', 'https://hooks.example.com/', '${secret}', TRUE, 0, 0, 1)`,
      );
    const plain = 'ab'.repeat(32);
    await insert('plain', plain);

    await dataSource.runMigrations();
    const sealed = `enc:v1:${'A'.repeat(16)}:${'B'.repeat(108)}`;
    await insert('sealed', sealed);

    const rows: { id: string; secret: string }[] = await dataSource.query(
      'SELECT id, secret FROM webhooks ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 'plain', secret: plain },
      { id: 'sealed', secret: sealed },
    ]);
  });

  it('starts the failing streak of a webhook failing before the streak was stored at its latest attempt', async () => {
    await dataSource.runMigrations();
    const laterMigrations =
      MIGRATIONS.length - MIGRATIONS.indexOf(WebhookFailingStreak1763702300000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    const insert = (id: string, failures: number, lastDeliveryAt: number | null) =>
      dataSource.query(
        `INSERT INTO webhooks (id, account_id, name, url, secret, active, total_deliveries,
           consecutive_failures, last_delivery_at, created_at)
         VALUES ('${id}', 'account', 'hook', 'https://hooks.example.com/', 'secret', TRUE, 0,
           ${failures}, ${lastDeliveryAt ?? 'NULL'}, 1)`,
      );
    await insert('failing', 3, 5_000);
    await insert('healthy', 0, 6_000);
    await insert('untried', 0, null);

    await dataSource.runMigrations();

    const rows: {
      id: string;
      failing_since: string | number | null;
      failing_notice_at: string | number | null;
    }[] = await dataSource.query(
      'SELECT id, failing_since, failing_notice_at FROM webhooks ORDER BY id',
    );
    expect(
      rows.map((row) => ({
        id: row.id,
        failingSince: row.failing_since === null ? null : Number(row.failing_since),
        noticeAt: row.failing_notice_at,
      })),
    ).toEqual([
      { id: 'failing', failingSince: 5_000, noticeAt: null },
      { id: 'healthy', failingSince: null, noticeAt: null },
      { id: 'untried', failingSince: null, noticeAt: null },
    ]);
  });

  it("gives every webhook the spec's single attempt, and each attempted delivery its latest attempt in the log", async () => {
    await dataSource.runMigrations();
    const laterMigrations = MIGRATIONS.length - MIGRATIONS.indexOf(DeliveryRetries1763702400000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    await dataSource.query(
      `INSERT INTO webhooks (id, account_id, name, url, secret, active, total_deliveries,
         consecutive_failures, created_at)
       VALUES ('hook', 'account', 'hook', 'https://hooks.example.com/', 'secret', TRUE, 0, 0, 1)`,
    );
    await dataSource.query(
      `INSERT INTO alerts (id, account_id, keyword_id, keyword_text, event, reddit_id, title,
         subreddit, subreddit_key, author, selftext, url, upvotes, replies, created_utc, matched_at)
       SELECT 'alert-' || n, 'account', 'keyword', 'k', 'post', 'r' || n, 't', 'sub', 'sub', 'a',
              '', 'https://reddit.com/', 1, 0, 1, 1
         FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) numbers`,
    );
    const delivery = (id: string, status: string, attempts: number, attemptedAt: number | null) =>
      dataSource.query(
        `INSERT INTO deliveries (id, alert_id, webhook_id, account_id, status, created_at,
           attempted_at, http_status, error, duration_ms, attempts)
         VALUES ('${id}', 'alert-${id.at(-1)}', 'hook', 'account', '${status}', 1,
           ${attemptedAt ?? 'NULL'}, ${attemptedAt === null ? 'NULL' : 500},
           ${attemptedAt === null ? 'NULL' : "'HTTP 500 Internal Server Error'"},
           ${attemptedAt === null ? 'NULL' : 12}, ${attempts})`,
      );
    await delivery('d1', 'failed', 1, 5_000);
    await delivery('d2', 'failed', 3, 9_000);
    await delivery('d3', 'pending', 0, null);

    await dataSource.runMigrations();

    expect(await dataSource.query('SELECT retry_policy FROM webhooks')).toEqual([
      { retry_policy: 'none' },
    ]);
    const attempts: Record<string, unknown>[] = await dataSource.query(
      `SELECT delivery_id, attempt, attempt_trigger, attempted_at, http_status, retry_at
         FROM delivery_attempts ORDER BY delivery_id`,
    );
    expect(attempts.map((row) => ({ ...row, attempted_at: Number(row.attempted_at) }))).toEqual([
      {
        delivery_id: 'd1',
        attempt: 1,
        attempt_trigger: 'automatic',
        attempted_at: 5_000,
        http_status: 500,
        retry_at: null,
      },
      {
        delivery_id: 'd2',
        attempt: 3,
        attempt_trigger: 'redelivery',
        attempted_at: 9_000,
        http_status: 500,
        retry_at: null,
      },
    ]);
    const deliveries: Record<string, unknown>[] = await dataSource.query(
      'SELECT id, retries, attempt_trigger, retry_at FROM deliveries ORDER BY id',
    );
    expect(deliveries).toEqual(
      ['d1', 'd2', 'd3'].map((id) => ({
        id,
        retries: 0,
        attempt_trigger: 'automatic',
        retry_at: null,
      })),
    );
  });

  it('makes the users who existed before roles owners, checks the new roles, and undoes it', async () => {
    await dataSource.runMigrations();
    const laterMigrations = MIGRATIONS.length - MIGRATIONS.indexOf(AccountRoles1763704000000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    await dataSource.query(
      `INSERT INTO accounts (id, name, product, plan, status, created_at, updated_at)
       VALUES ('account', '', 'alerts', 'starter', 'active', 1, 1)`,
    );
    const insertUser = (id: string, accountId: string | null, role: string) =>
      dataSource.query(
        `INSERT INTO users (id, account_id, email, email_key, password_hash, role, created_at,
           password_changed_at)
         VALUES ('${id}', ${accountId === null ? 'NULL' : `'${accountId}'`}, '${id}@example.com',
           '${id}@example.com', 'hash', '${role}', 1, 1)`,
      );
    await insertUser('older', 'account', 'user');
    await insertUser('staff', null, 'operator');
    const roles = async () =>
      (await dataSource.query('SELECT id, role FROM users ORDER BY id')) as unknown[];

    await dataSource.runMigrations();
    expect(await roles()).toEqual([
      { id: 'older', role: 'owner' },
      { id: 'staff', role: 'operator' },
    ]);
    await insertUser('viewer', 'account', 'viewer');
    await expect(insertUser('stale', 'account', 'user')).rejects.toThrow(/ck_users_role|CHECK/i);

    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    expect(await roles()).toEqual([
      { id: 'older', role: 'user' },
      { id: 'staff', role: 'operator' },
      { id: 'viewer', role: 'user' },
    ]);
    await expect(insertUser('owner', 'account', 'owner')).rejects.toThrow(/ck_users_role|CHECK/i);
  });

  it('reads posts cached before flair and NSFW were kept as text posts without either', async () => {
    await dataSource.runMigrations();
    const laterMigrations = MIGRATIONS.length - MIGRATIONS.indexOf(PostQueryFields1763702600000);
    for (let step = 0; step < laterMigrations; step++) await dataSource.undoLastMigration();
    await dataSource.query(
      `INSERT INTO posts_cache (post_id, title, selftext, score, num_comments, cached_at)
       VALUES ('p1', 'Cached earlier', '', 3, 1, 1)`,
    );

    await dataSource.runMigrations();

    const [row] = await dataSource.query<Record<string, unknown>[]>(
      'SELECT title, link_flair, nsfw, is_self FROM posts_cache',
    );
    expect({ ...row, nsfw: Boolean(row.nsfw), is_self: Boolean(row.is_self) }).toEqual({
      title: 'Cached earlier',
      link_flair: null,
      nsfw: false,
      is_self: true,
    });
  });

  it('are applied by the app as it boots on an empty database', async () => {
    const app = await createTestApp(kind, {}, { databaseUrl: database.url });
    await app.close();

    expect(await dataSource.showMigrations()).toBe(false);
    expect(await tableNames()).toEqual(expect.arrayContaining(['alerts', 'deliveries']));
  });

  if (kind === 'postgres') {
    it('run past the statement timeout, which every other statement has: one outliving it fails', async () => {
      await dataSource.destroy();
      dataSource = new DataSource({
        ...buildDataSourceOptions(database.url, 300),
        migrations: [...MIGRATIONS, SlowRewrite9999999999999],
      });
      const opened = await Database.open(await dataSource.initialize());

      expect(opened.migrationsApplied).toBe(MIGRATIONS.length + 1);
      // Also on the connection the migrations ran on, back in the pool.
      const timeouts = await Promise.all(
        [1, 2, 3].map(() => opened.query(opened.manager, 'SHOW statement_timeout')),
      );
      expect(timeouts).toEqual([1, 2, 3].map(() => [{ statement_timeout: '300ms' }]));
      await expect(opened.query(opened.manager, 'SELECT pg_sleep(60)')).rejects.toMatchObject({
        driverError: { code: QUERY_CANCELED },
      });
      await expect(
        opened.transaction((manager) => opened.query(manager, 'SELECT pg_sleep(60)')),
      ).rejects.toMatchObject({ driverError: { code: QUERY_CANCELED } });
      expect(
        await opened.query(opened.manager, 'SHOW idle_in_transaction_session_timeout'),
      ).toEqual([{ idle_in_transaction_session_timeout: '1min' }]);
    });

    it('take the statement timeout from DATABASE_STATEMENT_TIMEOUT_MS, 30 s by default', async () => {
      const app = await createTestApp(kind, { DATABASE_STATEMENT_TIMEOUT_MS: '250' });
      const byDefault = await createTestApp(kind);
      try {
        await expect(
          app.database.query(app.database.manager, 'SELECT pg_sleep(60)'),
        ).rejects.toMatchObject({ driverError: { code: QUERY_CANCELED } });
        expect(
          await byDefault.database.query(byDefault.database.manager, 'SHOW statement_timeout'),
        ).toEqual([{ statement_timeout: '30s' }]);
      } finally {
        await app.close();
        await byDefault.close();
      }
    });
  }

  it('have all been applied to the copy of the template that every other test starts from', async () => {
    const copy = await createTestDatabase(kind);
    const copied = await new DataSource(buildDataSourceOptions(copy.url)).initialize();
    try {
      expect(await copied.showMigrations()).toBe(false);
      const applied: { name: string }[] = await copied.query('SELECT name FROM migrations');
      expect(applied.map((row) => row.name).sort()).toEqual(
        MIGRATIONS.map((migration) => migration.name).sort(),
      );
    } finally {
      await copied.destroy();
      await copy.drop();
    }
  });
});

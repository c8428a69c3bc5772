import { randomUUID } from 'node:crypto';
import { utcDay } from '../../src/common/time/timestamps.js';
import { newId } from '../../src/common/ids.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { AccountAuditEntryEntity } from '../../src/modules/account-audit/account-audit-entry.entity.js';
import { AuditEntryEntity } from '../../src/modules/ops/audit/audit-entry.entity.js';
import { OperationSampleStore } from '../../src/modules/ops/figures/operation-sample.store.js';
import { RETENTION_BATCH_SIZE } from '../../src/modules/retention/retention-policy.js';
import { RetentionService } from '../../src/modules/retention/retention.service.js';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => TEST_NOW.getTime() - days * DAY_MS;

describe.each(testDatabaseKinds())('retention on %s', (kind) => {
  let t: TestApp;
  let key: string;

  beforeEach(async () => {
    t = await createTestApp(kind);
    ({ apiKey: key } = await t.account('starter'));
    await createKeyword(t, key, 'retention probe');
  });

  afterEach(() => t.close());

  const runRetention = () => t.app.get(RetentionService).runOnce();
  const column = async (sql: string) =>
    (await t.database.manager.query<{ value: string | number }[]>(sql)).map((row) =>
      Number(row.value),
    );
  const agesInDays = (times: number[]) =>
    times.map((time) => Math.round((TEST_NOW.getTime() - time) / DAY_MS)).sort((a, b) => b - a);

  /** Ingests one matching post with the app's clock set `days` back: alert, seen item, cache, usage. */
  async function ingestDaysAgo(days: number): Promise<void> {
    t.clock.set(new Date(daysAgo(days)));
    try {
      const post = normalizeRedditThing(dumpPost({ title: `retention probe ${days} days` }));
      await t.app.get(IngestionPipeline).process([post!]);
    } finally {
      t.clock.set(TEST_NOW);
    }
  }

  it('deletes each kind of row past its window and keeps the rest', async () => {
    for (const days of [101, 99, 91, 89, 8, 6, 3, 1]) await ingestDaysAgo(days);

    const deleted = await runRetention();

    expect(deleted).toEqual({
      alerts: 3,
      seenItems: 5,
      postsCache: 7,
      dailyUsage: 1,
      sessions: 0,
      auditEntries: 0,
      accountAuditEntries: 0,
      operationSamples: 0,
      mailHourlyCounts: 0,
    });
    expect(agesInDays(await column('SELECT matched_at AS value FROM alerts'))).toEqual([
      89, 8, 6, 3, 1,
    ]);
    expect(agesInDays(await column('SELECT seen_at AS value FROM seen_items'))).toEqual([6, 3, 1]);
    expect(agesInDays(await column('SELECT cached_at AS value FROM posts_cache'))).toEqual([1]);
    const days = await t.database.manager.query<{ day: string }[]>(
      'SELECT day FROM keyword_daily_usage ORDER BY day',
    );
    expect(days.map((row) => row.day)).toEqual(
      [99, 91, 89, 8, 6, 3, 1].map((age) => utcDay(daysAgo(age))),
    );
    const { body } = await t.http.get('/api/v1/alerts').set(bearer(key)).expect(200);
    expect((body.data as { title: string }[]).map((alert) => alert.title)).toEqual([
      'retention probe 1 days',
      'retention probe 3 days',
      'retention probe 6 days',
      'retention probe 8 days',
      'retention probe 89 days',
    ]);
    expect(await runRetention()).toEqual({
      alerts: 0,
      seenItems: 0,
      postsCache: 0,
      dailyUsage: 0,
      sessions: 0,
      auditEntries: 0,
      accountAuditEntries: 0,
      operationSamples: 0,
      mailHourlyCounts: 0,
    });
  });

  it("keeps the operator console's audit entries like alerts, and deletes older ones", async () => {
    const ages = [101, 91, 89, 1];
    await t.database.transaction((manager) =>
      manager.insert(
        AuditEntryEntity,
        ages.map((days) =>
          Object.assign(new AuditEntryEntity(), {
            id: newId(),
            accountId: newId(),
            operatorId: newId(),
            operatorEmail: 'ops@example.com',
            action: 'change_account',
            target: 'account probe',
            before: { plan: 'starter' },
            after: { plan: 'pro' },
            createdAt: daysAgo(days),
          }),
        ),
      ),
    );

    expect(await runRetention()).toMatchObject({ alerts: 0, auditEntries: 2 });
    expect(agesInDays(await column('SELECT created_at AS value FROM audit_entries'))).toEqual([
      89, 1,
    ]);
  });

  it("keeps the accounts' audit log for the longest plan's history_days (90), and deletes older entries", async () => {
    const { accountId } = await t.account('pro');
    const entry = (account: string, days: number) =>
      Object.assign(new AccountAuditEntryEntity(), {
        id: newId(),
        accountId: account,
        actorType: 'user',
        actorId: newId(),
        actorLabel: 'admin@example.com',
        action: 'keyword.created',
        resourceType: 'keyword',
        resourceId: newId(),
        before: null,
        after: { text: 'probe' },
        createdAt: daysAgo(days),
      });
    const gone = newId();
    await t.database.transaction((manager) =>
      manager.insert(AccountAuditEntryEntity, [
        entry(accountId, 91),
        entry(accountId, 89),
        entry(gone, 91),
        entry(gone, 89),
      ]),
    );

    expect(await runRetention()).toMatchObject({ accountAuditEntries: 2 });
    const kept = await t.database.manager.find(AccountAuditEntryEntity, {
      where: [{ accountId }, { accountId: gone }],
    });
    expect(kept.map((row) => Math.round((TEST_NOW.getTime() - row.createdAt) / DAY_MS))).toEqual([
      89, 89,
    ]);
  });

  it('deletes the hourly mail counts older than a day, keeping the hour that still limits', async () => {
    const { accountId } = await t.account('starter');
    const hours = [49, 25, 23, 0];
    const param = kind === 'postgres' ? ['$1', '$2'] : ['?', '?'];
    for (const hoursAgo of hours) {
      const hourStart = TEST_NOW.getTime() - hoursAgo * 3_600_000;
      await t.database.transaction((manager) =>
        manager.query(
          `INSERT INTO mail_hourly_counts (account_id, hour_start, sent) VALUES (${param[0]}, ${param[1]}, 3)`,
          [accountId, hourStart],
        ),
      );
    }

    expect((await runRetention()).mailHourlyCounts).toBe(2);
    const kept = await column('SELECT hour_start AS value FROM mail_hourly_counts');
    expect(kept.map((start) => (TEST_NOW.getTime() - start) / 3_600_000).sort()).toEqual([0, 23]);
  });

  it("deletes the console's per-minute samples past 8 days, in batches, and keeps the rest", async () => {
    const minutes = [9 * 24 * 60, 8 * 24 * 60 + 1, 8 * 24 * 60 - 1, 60];
    const samples = minutes.flatMap((minutesAgo) =>
      Array.from({ length: 700 }, (_, index) => ({
        minute: TEST_NOW.getTime() - minutesAgo * 60_000,
        instanceId: `host:${index}`,
        metric: 'reddit.items' as const,
        subject: '',
        value: 1,
      })),
    );
    await t.app.get(OperationSampleStore).write(samples);

    const deleted = await runRetention();

    expect(deleted.operationSamples).toBe(1_400);
    const kept = await column('SELECT DISTINCT minute AS value FROM operation_samples');
    expect(
      kept.map((minute) => (TEST_NOW.getTime() - minute) / 60_000).sort((a, b) => b - a),
    ).toEqual([8 * 24 * 60 - 1, 60]);
  });

  it('deletes more rows than one batch holds, batch after batch', async () => {
    const rows = RETENTION_BATCH_SIZE * 2 + 17;
    const oldDay = utcDay(daysAgo(120));
    for (let start = 0; start < rows; start += 500) {
      const count = Math.min(500, rows - start);
      const ids = Array.from({ length: count }, (_, i) => `t3_batch${start + i}`);
      await t.database.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO seen_items (item_key, seen_at) VALUES ${ids.map((id) => `('${id}', ${daysAgo(30)})`).join(', ')}`,
        );
        await manager.query(
          `INSERT INTO keyword_daily_usage (keyword_id, day, delivered, capped, daily_cap, last_granted) VALUES ${ids
            .map(() => `('${randomUUID()}', '${oldDay}', 1, 0, 100, 0)`)
            .join(', ')}`,
        );
      });
    }

    const deleted = await runRetention();

    expect(deleted).toMatchObject({ seenItems: rows, dailyUsage: rows });
    expect(await column('SELECT COUNT(*) AS value FROM seen_items')).toEqual([0]);
    expect(await column('SELECT COUNT(*) AS value FROM keyword_daily_usage')).toEqual([0]);
  });
});

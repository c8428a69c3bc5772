import {
  ABANDONED_AFTER_MS,
  CountRecheckStore,
  MAX_WAITING_PER_KEYWORD,
  recheckPair,
  type RecheckRow,
} from '../../src/modules/ingestion/rechecks/count-recheck.store.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const HOUR_MS = 3_600_000;
const CREATED = 1_795_000_000;
const NOW = CREATED * 1_000 + 60_000;

const row = (keywordId: string, n: number, overrides: Partial<RecheckRow> = {}): RecheckRow => ({
  keywordId,
  accountId: 'account-1',
  itemKey: `t3_${n.toString(36)}`,
  postKey: null,
  createdUtc: CREATED,
  dueAt: CREATED * 1_000 + HOUR_MS,
  stage: 1,
  ...overrides,
});

describe.each(testDatabaseKinds())('count_rechecks on %s', (kind) => {
  let t: TestApp;
  let store: CountRecheckStore;

  beforeEach(async () => {
    t = await createTestApp(kind);
    store = t.app.get(CountRecheckStore);
  });

  afterEach(() => t.close());

  const file = (rows: RecheckRow[], now = NOW) =>
    t.database.transaction((manager) => store.file(manager, rows, now));

  it(`keeps at most ${MAX_WAITING_PER_KEYWORD} rows waiting per keyword, others unaffected`, async () => {
    const many = (keywordId: string, from: number, count: number) =>
      Array.from({ length: count }, (_, i) => row(keywordId, from + i));

    expect(await file(many('busy', 0, 900))).toBe(900);
    expect(await file([...many('busy', 900, 300), ...many('quiet', 0, 3)])).toBe(103);

    expect(await store.waiting()).toBe(MAX_WAITING_PER_KEYWORD + 3);
  });

  it('hands out due rows, the longest due first, and moves them on after a re-check', async () => {
    const passed = row('k1', 1);
    const failed = row('k1', 2, { dueAt: passed.dueAt - 1_000 });
    const last = row('k2', 3, { stage: 2, dueAt: passed.dueAt - 2_000 });
    const later = row('k2', 4, { dueAt: passed.dueAt + HOUR_MS });
    await file([passed, failed, last, later]);

    const due = await store.due(passed.dueAt, 10);
    expect(due.map((r) => r.itemKey)).toEqual([last.itemKey, failed.itemKey, passed.itemKey]);

    await t.database.transaction((manager) =>
      store.settle(manager, due, new Set([recheckPair('k1', passed.itemKey)]), passed.dueAt),
    );
    const left = await store.due(CREATED * 1_000 + 24 * HOUR_MS, 10);
    expect(left.map((r) => [r.itemKey, r.stage, r.dueAt])).toEqual([
      [later.itemKey, 1, later.dueAt],
      [failed.itemKey, 2, CREATED * 1_000 + 6 * HOUR_MS],
    ]);
  });

  it('drops the rows nobody re-checked for a day when their keyword files new ones', async () => {
    await file([row('k1', 1), row('k2', 2)]);

    const dayLater = CREATED * 1_000 + HOUR_MS + ABANDONED_AFTER_MS + 1;
    await file([row('k1', 3, { createdUtc: Math.floor(dayLater / 1_000) })], dayLater);

    const all = await store.due(Number.MAX_SAFE_INTEGER, 10);
    expect(all.map((r) => r.itemKey).sort()).toEqual([row('k2', 2).itemKey, row('k1', 3).itemKey]);
  });
});

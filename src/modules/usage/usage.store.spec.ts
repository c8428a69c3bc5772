import { insertAccount } from '../../../test/factories/account.factory.js';
import { insertKeyword, insertKeywords } from '../../../test/factories/keyword.factory.js';
import { insertUsage } from '../../../test/factories/alert.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { KeywordDailyUsageEntity } from './keyword-daily-usage.entity.js';
import { UsageStore, type CapRequest } from './usage.store.js';

const TODAY = '2026-11-21';

describe.each(testDatabaseKinds())('UsageStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let cap: UsageStore;
  let accountId: string;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    cap = new UsageStore(storage.database);
  });
  afterAll(() => storage.close());
  beforeEach(async () => {
    ({ id: accountId } = await insertAccount(storage));
  });

  const keyword = async (overrides: { active?: boolean; deletedAt?: number | null } = {}) =>
    (await insertKeyword(storage, { accountId, ...overrides })).id;
  const consume = (requests: CapRequest[], day = TODAY) =>
    storage.database.transaction((manager) => cap.consume(manager, day, requests));
  const usage = (keywordId: string, day = TODAY) =>
    storage.database.manager.findOneBy(KeywordDailyUsageEntity, { keywordId, day });

  it('grants matches up to the cap and counts the rest of the batch as capped', async () => {
    const id = await keyword();

    expect(await consume([{ keywordId: id, matches: 130, cap: 100 }])).toEqual(
      new Map([[id, 100]]),
    );
    expect(await usage(id)).toMatchObject({ delivered: 100, capped: 30, dailyCap: 100 });
  });

  it('grants each later batch only what is left under the cap that day', async () => {
    const id = await keyword();

    const granted = [];
    for (const matches of [60, 60, 5]) {
      granted.push((await consume([{ keywordId: id, matches, cap: 100 }])).get(id));
    }

    expect(granted).toEqual([60, 40, 0]);
    expect(await usage(id)).toMatchObject({ delivered: 100, capped: 25 });
  });

  it('applies the cap of the latest batch: a raised cap grants more, a lowered one nothing', async () => {
    const [raised, lowered] = [await keyword(), await keyword()];
    await consume([
      { keywordId: raised, matches: 100, cap: 100 },
      { keywordId: lowered, matches: 80, cap: 100 },
    ]);

    const granted = await consume([
      { keywordId: raised, matches: 70, cap: 150 },
      { keywordId: lowered, matches: 10, cap: 50 },
    ]);

    expect(granted).toEqual(
      new Map([
        [raised, 50],
        [lowered, 0],
      ]),
    );
    expect(await usage(raised)).toMatchObject({ delivered: 150, capped: 20, dailyCap: 150 });
    expect(await usage(lowered)).toMatchObject({ delivered: 80, capped: 10, dailyCap: 50 });
  });

  it('counts each UTC day apart', async () => {
    const id = await keyword();
    await consume([{ keywordId: id, matches: 100, cap: 100 }], '2026-11-20');

    expect((await consume([{ keywordId: id, matches: 3, cap: 100 }])).get(id)).toBe(3);
    expect(await usage(id, '2026-11-20')).toMatchObject({ delivered: 100, capped: 0 });
    expect(await usage(id)).toMatchObject({ delivered: 3, capped: 0 });
  });

  it('grants and stores nothing for a paused or deleted keyword', async () => {
    const [live, paused, deleted] = [
      await keyword(),
      await keyword({ active: false }),
      await keyword({ active: false, deletedAt: storage.clock.nowMs() }),
    ];

    const granted = await consume(
      [live, paused, deleted].map((keywordId) => ({ keywordId, matches: 2, cap: 100 })),
    );

    expect(granted).toEqual(new Map([[live, 2]]));
    expect(await usage(paused)).toBeNull();
    expect(await usage(deleted)).toBeNull();
  });

  it('grants every keyword of a batch larger than one statement takes', async () => {
    const ids = (
      await insertKeywords(
        storage,
        Array.from({ length: 2_001 }, () => ({ accountId })),
      )
    ).map((row) => row.id);

    const granted = await consume(ids.map((keywordId) => ({ keywordId, matches: 1, cap: 100 })));

    expect(granted.size).toBe(2_001);
    expect([...granted.values()].every((count) => count === 1)).toBe(true);
  });

  it('never grants more than the cap to batches consuming at the same time', async () => {
    const id = await keyword();

    const granted = await Promise.all(
      Array.from({ length: 8 }, () => consume([{ keywordId: id, matches: 15, cap: 100 }])),
    );

    expect(granted.reduce((sum, batch) => sum + batch.get(id)!, 0)).toBe(100);
    expect(await usage(id)).toMatchObject({ delivered: 100, capped: 20 });
  });

  it('gives back deliveries, never below zero', async () => {
    const id = await keyword();
    await insertUsage(storage, id, TODAY, 10, 0);

    await storage.database.transaction((manager) => cap.release(manager, id, TODAY, 4));
    expect(await usage(id)).toMatchObject({ delivered: 6 });

    await storage.database.transaction((manager) => cap.release(manager, id, TODAY, 7));
    expect(await usage(id)).toMatchObject({ delivered: 6 });
  });
});

import { insertAccount } from '../../../test/factories/account.factory.js';
import {
  buildKeywords,
  insertKeyword,
  insertKeywords,
} from '../../../test/factories/keyword.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { type KeywordEntity } from './keyword.entity.js';
import { KeywordStore } from './keyword.store.js';

describe.each(testDatabaseKinds())('KeywordStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: KeywordStore;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new KeywordStore(storage.database);
  });
  afterAll(() => storage.close());

  const newAccount = async () => (await insertAccount(storage)).id;
  const ids = (keywords: readonly KeywordEntity[]) => keywords.map((keyword) => keyword.id);

  it('lists the live keywords of one account, oldest first, paused ones included', async () => {
    const accountId = await newAccount();
    const now = storage.clock.nowMs();
    const [newer, older, paused, deleted] = await insertKeywords(storage, [
      { accountId, createdAt: now },
      { accountId, createdAt: now - 1000 },
      { accountId, createdAt: now + 1000, active: false },
      { accountId, deletedAt: now },
    ]);
    await insertKeyword(storage, { accountId: await newAccount() });

    expect(ids(await store.listLive(accountId))).toEqual([older.id, newer.id, paused.id]);
    expect(ids(await store.findLiveByIds(accountId, [deleted.id, paused.id]))).toEqual([paused.id]);
    expect(await store.countActive(accountId)).toBe(2);
  });

  it("finds a deleted keyword as ever held, but never another account's", async () => {
    const accountId = await newAccount();
    const deleted = await insertKeyword(storage, { accountId, deletedAt: storage.clock.nowMs() });

    expect((await store.findEverHeld(accountId, deleted.id))?.id).toBe(deleted.id);
    expect(await store.findEverHeld(await newAccount(), deleted.id)).toBeNull();
    expect(await store.write((write) => write.findLive(accountId, deleted.id))).toBeNull();
  });

  it('writes in one transaction: a failure leaves no row behind', async () => {
    const accountId = await newAccount();
    const rows = buildKeywords(
      storage,
      Array.from({ length: 250 }, (_, i) => ({ accountId, text: `phrase ${i}` })),
    );

    await expect(
      store.write(async (write) => {
        await write.insert(rows);
        throw new Error('the request failed after the insert');
      }),
    ).rejects.toThrow('the request failed after the insert');
    expect(await store.listLive(accountId)).toEqual([]);

    await store.write(async (write) => {
      await write.lockAccount(accountId);
      await write.insert(rows);
    });
    expect(await store.countActive(accountId)).toBe(250);
    const byText = await store.write((write) => write.allByNormalizedText(accountId));
    expect(byText.get('phrase 249')?.id).toBe(rows[249].id);
  });

  it('gives each write transaction a later change number', async () => {
    const first = await store.write((write) => write.nextChangeSeq());
    const second = await store.write((write) => write.nextChangeSeq());
    expect(second).toBeGreaterThan(first);
  });
});

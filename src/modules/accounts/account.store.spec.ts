import { insertAccount } from '../../../test/factories/account.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { newId } from '../../common/ids.js';
import { AccountStore } from './account.store.js';
import { ApiKeyEntity } from './api-key.entity.js';

describe.each(testDatabaseKinds())('AccountStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: AccountStore;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new AccountStore(storage.database);
  });
  afterAll(() => storage.close());

  const keyOf = (accountId: string, createdAt: number) =>
    Object.assign(new ApiKeyEntity(), {
      id: newId(),
      accountId,
      keyHash: `hash-${newId()}`,
      keyPrefix: 'alr_test',
      createdAt,
      revokedAt: null,
      lastUsedAt: null,
    });

  it("lists an account's keys oldest or newest first, revoked ones included", async () => {
    const { id: accountId } = await insertAccount(storage);
    const [first, second] = [keyOf(accountId, 1000), keyOf(accountId, 2000)];
    await store.write(async (write) => {
      await write.insertKey(second);
      await write.insertKey(first);
      await write.revokeKey(first.id, 3000);
    });

    const oldestFirst = await store.keysOf(accountId, 'oldest first');
    expect(oldestFirst.map((key) => [key.id, key.revokedAt])).toEqual([
      [first.id, 3000],
      [second.id, null],
    ]);
    expect((await store.keysOf(accountId, 'newest first')).map((key) => key.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it('changes an account with a later change number, and keeps nothing of a failed write', async () => {
    const account = await insertAccount(storage);
    const before = await store.write((write) => write.nextChangeSeq());

    await store.write(async (write) => {
      const stored = await write.findAccount(account.id);
      Object.assign(stored!, { plan: 'pro', changeSeq: await write.nextChangeSeq() });
      await write.saveAccount(stored!);
    });
    await expect(
      store.write(async (write) => {
        await write.insertKey(keyOf(account.id, 1000));
        throw new Error('failed after the insert');
      }),
    ).rejects.toThrow('failed after the insert');

    const stored = await store.findAccount(account.id);
    expect(stored?.plan).toBe('pro');
    expect(stored!.changeSeq).toBeGreaterThan(before);
    expect(await store.keysOf(account.id, 'oldest first')).toEqual([]);
    expect((await store.listAccounts()).map((listed) => listed.id)).toContain(account.id);
  });
});

import { insertAccount } from '../../../../test/factories/account.factory.js';
import { testDatabaseKinds } from '../../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../../test/utils/test-storage.js';
import { newId } from '../../../common/ids.js';
import type { SearchKeywordInput } from './search-rules.js';
import { SearchEntity } from './search.entity.js';
import { SearchStore, type SearchView } from './search.store.js';

describe.each(testDatabaseKinds())('SearchStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: SearchStore;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new SearchStore(storage.database);
  });
  afterAll(() => storage.close());

  const newAccount = async () => (await insertAccount(storage)).id;
  const exact = (...texts: string[]): SearchKeywordInput[] =>
    texts.map((text) => ({ text, normalizedText: text, mode: 'exact' }));
  const texts = (view: SearchView | null | undefined) => view?.keywords.map((k) => k.text);

  const newSearch = (accountId: string, createdAt: number, deletedAt: number | null = null) =>
    Object.assign(new SearchEntity(), {
      id: newId(),
      accountId,
      name: `search ${createdAt}`,
      description: null,
      active: true,
      revision: 1,
      createdAt,
      updatedAt: createdAt,
      deletedAt,
      changeSeq: 0,
    });
  const insert = (search: SearchEntity, keywords: SearchKeywordInput[]) =>
    store.write((write) => write.insert(search, keywords));

  it("lists an account's live searches oldest first, each with its keywords in order", async () => {
    const accountId = await newAccount();
    const newer = await insert(newSearch(accountId, 2000), exact('zeta', 'alpha'));
    const older = await insert(newSearch(accountId, 1000), exact('beta'));
    await insert(newSearch(accountId, 3000, 3000), exact('gone'));
    await insert(newSearch(await newAccount(), 500), exact('theirs'));

    const listed = await store.listLive(accountId);

    expect(listed.map((view) => view.search.id)).toEqual([older.search.id, newer.search.id]);
    expect(listed.map(texts)).toEqual([['beta'], ['zeta', 'alpha']]);
    expect(texts(await store.findLive(accountId, newer.search.id))).toEqual(['zeta', 'alpha']);
    expect(await store.findLive(await newAccount(), newer.search.id)).toBeNull();
  });

  it('replaces the keywords only when given, and deletes them with the search', async () => {
    const accountId = await newAccount();
    const { search } = await insert(newSearch(accountId, 1000), exact('one', 'two'));

    search.name = 'renamed';
    const kept = await store.write((write) => write.save(search));
    const replaced = await store.write((write) => write.save(search, exact('three')));
    expect(texts(kept)).toEqual(['one', 'two']);
    expect(texts(replaced)).toEqual(['three']);
    expect((await store.findLive(accountId, search.id))?.search.name).toBe('renamed');

    await store.write(async (write) => {
      search.deletedAt = 2000;
      await write.save(search);
      await write.deleteContents(search.id);
    });
    expect(await store.findLive(accountId, search.id)).toBeNull();
    expect(await store.write((write) => write.findLive(accountId, search.id))).toBeNull();
  });

  it('keeps nothing of a write that fails', async () => {
    const accountId = await newAccount();
    await expect(
      store.write(async (write) => {
        await write.insert(newSearch(accountId, 1000), exact('lost'));
        throw new Error('failed after the insert');
      }),
    ).rejects.toThrow('failed after the insert');
    expect(await store.listLive(accountId)).toEqual([]);
  });
});

import { Registry } from 'prom-client';
import { insertAccount } from '../../../../test/factories/account.factory.js';
import { testDatabaseKinds } from '../../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../../test/utils/test-storage.js';
import { newId } from '../../../common/ids.js';
import { nextChangeSeq, type ChangeStream } from '../../../database/change-sequence.js';
import type { AccountEntity } from '../../accounts/account.entity.js';
import { LiveIndexMetrics } from '../../metrics/live-index.metrics.js';
import { SearchKeywordEntity } from '../searches/search-keyword.entity.js';
import { SearchEntity } from '../searches/search.entity.js';
import { LiveSearchStore } from './live-search.store.js';

describe.each(testDatabaseKinds())('LiveSearchStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let registry: Registry;
  let store: LiveSearchStore;

  beforeEach(async () => {
    storage = await openTestStorage(kind);
    registry = new Registry();
    store = new LiveSearchStore(storage.database, new LiveIndexMetrics(registry));
  });
  afterEach(async () => {
    await storage.close();
  });

  const manager = () => storage.database.manager;
  /** The next change number of a stream, as the services take it for the rows they write. */
  const changeSeq = (stream: ChangeStream) =>
    storage.database.transaction((tx) => nextChangeSeq(storage.database, tx, stream));
  const account = async (overrides: Partial<AccountEntity> = {}) =>
    insertAccount(storage, {
      product: 'app',
      changeSeq: await changeSeq('accounts'),
      ...overrides,
    });
  async function search(
    accountId: string,
    overrides: Partial<SearchEntity> = {},
  ): Promise<SearchEntity> {
    const now = storage.clock.nowMs();
    const row = Object.assign(new SearchEntity(), {
      id: newId(),
      accountId,
      name: 'a search',
      description: null,
      active: true,
      revision: 1,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
      changeSeq: await changeSeq('searches'),
      ...overrides,
    });
    await storage.database.transaction((tx) => tx.insert(SearchEntity, row));
    return row;
  }
  async function searchKeyword(searchId: string, position: number, text: string) {
    const row = Object.assign(new SearchKeywordEntity(), {
      id: newId(),
      searchId,
      position,
      text,
      normalizedText: text,
      mode: 'broad',
    });
    await storage.database.transaction((tx) => tx.insert(SearchKeywordEntity, row));
    return row;
  }
  const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();
  const rowsReadOf = async (table: string) => {
    const metric = await registry.getSingleMetric('alerts_live_index_rows_read_total')!.get();
    return metric.values.find((value) => value.labels.table === table)?.value ?? 0;
  };

  it('reads the latest change number of each stream', async () => {
    const latestSearch = await changeSeq('searches');
    expect((await store.latestChangeNumbers(manager())).searches).toBe(latestSearch);
  });

  it('reads the App accounts changed after a change number, not the Alerts ones', async () => {
    const first = await account();
    const canceled = await account({ status: 'canceled' });
    await account({ product: 'alerts' });

    const every = await store.appAccountsChangedSince(manager(), -1);
    expect(every.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: first.id, status: 'active' },
      { id: canceled.id, status: 'canceled' },
    ]);
    const since = await store.appAccountsChangedSince(manager(), first.changeSeq);
    expect(ids(since)).toEqual([canceled.id]);
    expect(await rowsReadOf('accounts')).toBe(3);
  });

  it('reads every live search, or every search changed after a change number', async () => {
    const { id: accountId } = await account();
    const live = await search(accountId, { description: 'about widgets', revision: 3 });
    const paused = await search(accountId, { active: false });
    const deleted = await search(accountId, { deletedAt: storage.clock.nowMs() });

    const [read] = await store.liveSearches(manager());
    expect(await store.liveSearches(manager())).toHaveLength(1);
    expect({ ...read, revision: Number(read.revision) }).toMatchObject({
      id: live.id,
      account_id: accountId,
      description: 'about widgets',
      revision: 3,
      deleted_at: null,
    });
    const changed = await store.searchesChangedSince(manager(), live.changeSeq);
    expect(ids(changed)).toEqual(ids([paused, deleted]));
  });

  it('reads the live searches of the given accounts only, however many are asked for', async () => {
    const first = await account();
    const last = await account();
    const other = await account();
    const ofFirst = await search(first.id);
    const ofLast = await search(last.id);
    await search(last.id, { active: false });
    await search(other.id);
    const unknownIds = Array.from({ length: 700 }, (_, index) => `no-such-account-${index}`);

    const read = await store.liveSearchesOfAccounts(manager(), [first.id, ...unknownIds, last.id]);
    expect(ids(read)).toEqual(ids([ofFirst, ofLast]));
    expect(await rowsReadOf('searches')).toBe(2);
  });

  it('reads the keywords of the given searches', async () => {
    const { id: accountId } = await account();
    const wanted = await search(accountId);
    const other = await search(accountId);
    const kept = [
      await searchKeyword(wanted.id, 0, 'widget'),
      await searchKeyword(wanted.id, 1, 'gizmo'),
    ];
    await searchKeyword(other.id, 0, 'gadget');

    const read = await store.keywordsOfSearches(manager(), [wanted.id]);
    expect(
      read
        .map((row) => ({ ...row, position: Number(row.position) }))
        .sort((a, b) => a.position - b.position),
    ).toEqual(
      kept.map((row) => ({
        id: row.id,
        search_id: wanted.id,
        position: row.position,
        text: row.text,
        mode: 'broad',
      })),
    );
    expect(await rowsReadOf('search_keywords')).toBe(2);
  });
});

import { insertAccount } from '../../../../test/factories/account.factory.js';
import {
  insertKeyword,
  type KeywordOverrides,
} from '../../../../test/factories/keyword.factory.js';
import { testDatabaseKinds } from '../../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../../test/utils/test-storage.js';
import { nextChangeSeq, type ChangeStream } from '../../../database/change-sequence.js';
import type { AccountEntity } from '../../accounts/account.entity.js';
import type { KeywordEntity } from '../../keywords/keyword.entity.js';
import { keywordDefinitionOf, LiveKeywordStore } from './live-keyword.store.js';

async function all<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}

describe.each(testDatabaseKinds())('LiveKeywordStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: LiveKeywordStore;

  beforeEach(async () => {
    storage = await openTestStorage(kind);
    store = new LiveKeywordStore(storage.database.reader);
  });
  afterEach(async () => {
    await storage.close();
  });

  /** The next change number of a stream, as the services take it for the rows they write. */
  const changeSeq = (stream: ChangeStream) =>
    storage.database.transaction((manager) => nextChangeSeq(storage.database, manager, stream));
  const account = async (overrides: Partial<AccountEntity> = {}) =>
    insertAccount(storage, { changeSeq: await changeSeq('accounts'), ...overrides });
  const keyword = async (overrides: KeywordOverrides): Promise<KeywordEntity> =>
    insertKeyword(storage, { changeSeq: await changeSeq('keywords'), ...overrides });

  it('reads the latest change number of each stream', async () => {
    await changeSeq('accounts');
    await changeSeq('keywords');
    const latestKeyword = await changeSeq('keywords');
    const latest = await store.latestChangeNumbers();
    expect(latest.keywords).toBe(latestKeyword);
    expect(latest.accounts).toBeLessThan(latestKeyword);
  });

  it('reads the accounts of every product changed after a change number', async () => {
    const before = await account({ plan: 'pro' });
    const app = await account({ product: 'app', status: 'canceled' });
    const everyAccount = await all(store.accountsChangedSince(-1));
    expect(
      everyAccount.map(({ id, product, plan, status }) => ({ id, product, plan, status })),
    ).toEqual([
      { id: before.id, product: 'alerts', plan: 'pro', status: 'active' },
      { id: app.id, product: 'app', plan: 'starter', status: 'canceled' },
    ]);
    const since = await all(store.accountsChangedSince(before.changeSeq));
    expect(since.map((row) => row.id)).toEqual([app.id]);
  });

  it('reads every live keyword, not the paused or deleted ones, with their filters', async () => {
    const { id: accountId } = await account();
    const plain = await keyword({ accountId, text: 'acme', mode: 'broad', trackComments: false });
    const filtered = await keyword({
      accountId,
      text: 'widget',
      exclude: ['widget shop'],
      subreddits: ['gadgets'],
    });
    await keyword({ accountId, text: 'paused', active: false });
    await keyword({ accountId, text: 'deleted', deletedAt: storage.clock.nowMs() });

    const definitions = (await all(store.liveKeywords())).map((values) =>
      keywordDefinitionOf(values, accountId),
    );
    expect(definitions).toEqual(
      expect.arrayContaining([
        {
          id: plain.id,
          accountId,
          text: 'acme',
          mode: 'broad',
          trackPosts: true,
          trackComments: false,
          filters: undefined,
        },
        {
          id: filtered.id,
          accountId,
          text: 'widget',
          mode: 'exact',
          trackPosts: true,
          trackComments: true,
          filters: {
            exclude: ['widget shop'],
            subreddits: ['gadgets'],
            excludeSubreddits: [],
            excludeAuthors: [],
          },
        },
      ]),
    );
    expect(definitions).toHaveLength(2);
  });

  it('reads the live keywords of the given accounts only, however many are asked for', async () => {
    const first = await account();
    const last = await account();
    const other = await account();
    const ofFirst = await keyword({ accountId: first.id });
    const ofLast = await keyword({ accountId: last.id });
    await keyword({ accountId: last.id, active: false });
    await keyword({ accountId: other.id });
    const unknownIds = Array.from({ length: 700 }, (_, index) => `no-such-account-${index}`);

    const rows = await all(store.liveKeywordsOfAccounts([first.id, ...unknownIds, last.id]));
    expect(rows.map(([id]) => id).sort()).toEqual([ofFirst.id, ofLast.id].sort());
  });

  it('reads the keywords changed after a change number, paused and deleted ones as not live', async () => {
    const { id: accountId } = await account();
    const unchanged = await keyword({ accountId });
    const live = await keyword({ accountId, text: 'still here' });
    const paused = await keyword({ accountId, active: false });
    const deleted = await keyword({ accountId, deletedAt: storage.clock.nowMs() });

    const changed = await all(store.keywordsChangedSince(unchanged.changeSeq));
    expect(changed.map(({ live: isLive, values: [id, , text] }) => ({ id, isLive, text }))).toEqual(
      [
        { id: live.id, isLive: true, text: 'still here' },
        { id: paused.id, isLive: false, text: paused.text },
        { id: deleted.id, isLive: false, text: deleted.text },
      ],
    );
  });
});

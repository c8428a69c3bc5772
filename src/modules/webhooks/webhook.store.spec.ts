import { insertAccount } from '../../../test/factories/account.factory.js';
import { insertWebhook } from '../../../test/factories/webhook.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { WebhookStore } from './webhook.store.js';

describe.each(testDatabaseKinds())('WebhookStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: WebhookStore;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new WebhookStore(storage.database);
  });
  afterAll(() => storage.close());

  const newAccount = async () => (await insertAccount(storage)).id;

  it("lists an account's live webhooks, oldest first, and finds only those", async () => {
    const accountId = await newAccount();
    const now = storage.clock.nowMs();
    const newer = await insertWebhook(storage, { accountId, createdAt: now });
    const older = await insertWebhook(storage, { accountId, createdAt: now - 1, active: false });
    const deleted = await insertWebhook(storage, { accountId, deletedAt: now });
    await insertWebhook(storage, { accountId: await newAccount() });

    expect((await store.listLive(accountId)).map((webhook) => webhook.id)).toEqual([
      older.id,
      newer.id,
    ]);
    expect((await store.findLive(accountId, older.id))?.active).toBe(false);
    expect(await store.findLive(accountId, deleted.id)).toBeNull();
    expect(await store.findLive(await newAccount(), newer.id)).toBeNull();
  });

  it('changes a live webhook from what it is now, and answers null for any other', async () => {
    const accountId = await newAccount();
    const webhook = await insertWebhook(storage, { accountId, name: 'first' });

    const renamed = await store.changeLive(accountId, webhook.id, (current) => ({
      name: `${current.name} and second`,
    }));
    const paused = await store.changeLive(accountId, webhook.id, () => ({ active: false }));

    expect(renamed?.name).toBe('first and second');
    expect(paused).toMatchObject({ name: 'first and second', active: false });
    expect(await store.findLive(accountId, webhook.id)).toMatchObject({
      name: 'first and second',
      active: false,
    });
    const change = jest.fn(() => ({ name: 'never' }));
    expect(await store.changeLive(await newAccount(), webhook.id, change)).toBeNull();
    expect(change).not.toHaveBeenCalled();
  });

  it('applies two changes made at once, neither writing over the other', async () => {
    const accountId = await newAccount();
    const webhook = await insertWebhook(storage, { accountId, name: 'old name' });

    await Promise.all([
      store.changeLive(accountId, webhook.id, () => ({ name: 'new name' })),
      store.changeLive(accountId, webhook.id, () => ({ active: false })),
    ]);

    expect(await store.findLive(accountId, webhook.id)).toMatchObject({
      name: 'new name',
      active: false,
    });
  });
});

import { insertAccount } from '../../../test/factories/account.factory.js';
import { insertWebhook } from '../../../test/factories/webhook.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { WebhookEntity } from './webhook.entity.js';
import { WebhookStore, type LongFailingWebhook } from './webhook.store.js';

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

  describe('failing streaks', () => {
    const DAY_MS = 86_400_000;
    const failingFor = (days: number) => storage.clock.nowMs() - days * DAY_MS;
    /** The claim's webhooks of one account: the tests of this file share the database. */
    const idsOf = (accountId: string, claimed: readonly LongFailingWebhook[]) =>
      claimed.filter((webhook) => webhook.accountId === accountId).map((webhook) => webhook.id);
    const noticed = async (webhookId: string) =>
      (await storage.database.manager.findOneBy(WebhookEntity, { id: webhookId }))?.failingNoticeAt;

    it("lists an account's deliverable webhooks failing since the time given or earlier, longest first", async () => {
      const accountId = await newAccount();
      const cutoff = failingFor(3);
      const atCutoff = await insertWebhook(storage, { accountId, failingSince: cutoff });
      const longer = await insertWebhook(storage, {
        accountId,
        name: 'longer',
        failingSince: cutoff - 1,
        lastError: 'HTTP 500 Internal Server Error',
      });
      await insertWebhook(storage, { accountId, failingSince: cutoff + 1 });
      await insertWebhook(storage, { accountId, failingSince: null, consecutiveFailures: 4 });
      await insertWebhook(storage, { accountId, failingSince: cutoff, active: false });
      await insertWebhook(storage, { accountId, failingSince: cutoff, deletedAt: cutoff });
      await insertWebhook(storage, { accountId: await newAccount(), failingSince: cutoff });

      expect(await store.listFailingSince(accountId, cutoff)).toEqual([
        {
          id: longer.id,
          accountId,
          name: 'longer',
          url: longer.url,
          failingSince: cutoff - 1,
          lastError: 'HTTP 500 Internal Server Error',
        },
        expect.objectContaining({ id: atCutoff.id, failingSince: cutoff }),
      ]);
    });

    it('claims each notice once, and only for a deliverable webhook', async () => {
      const accountId = await newAccount();
      const cutoff = failingFor(3);
      const now = storage.clock.nowMs();
      const due = await insertWebhook(storage, { accountId, failingSince: cutoff });
      const paused = await insertWebhook(storage, {
        accountId,
        failingSince: cutoff,
        active: false,
      });
      const young = await insertWebhook(storage, { accountId, failingSince: cutoff + 1 });

      const [first, second] = await Promise.all([
        store.claimNotices(cutoff, now),
        store.claimNotices(cutoff, now),
      ]);

      expect(idsOf(accountId, [...first, ...second])).toEqual([due.id]);
      expect(await noticed(due.id)).toBe(now);
      expect(await noticed(paused.id)).toBeNull();
      expect(await noticed(young.id)).toBeNull();
      expect(idsOf(accountId, await store.claimNotices(cutoff, now + 1))).toEqual([]);
    });

    it('releases a claim made at the time given only, so the next claim takes it again', async () => {
      const accountId = await newAccount();
      const cutoff = failingFor(3);
      const now = storage.clock.nowMs();
      const webhook = await insertWebhook(storage, { accountId, failingSince: cutoff });
      const other = await insertWebhook(storage, {
        accountId,
        failingSince: cutoff,
        failingNoticeAt: now - DAY_MS,
      });
      await store.claimNotices(cutoff, now);

      await store.releaseNotices([webhook.id, other.id], now);

      expect(await noticed(webhook.id)).toBeNull();
      expect(await noticed(other.id)).toBe(now - DAY_MS);
      expect(idsOf(accountId, await store.claimNotices(cutoff, now + 1))).toEqual([webhook.id]);
    });
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

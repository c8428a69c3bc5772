import { randomBytes } from 'node:crypto';
import { insertAccount } from '../../../test/factories/account.factory.js';
import { insertAlert } from '../../../test/factories/alert.factory.js';
import { insertWebhook } from '../../../test/factories/webhook.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import { WebhookTargetsStore } from '../webhooks/targets/webhook-targets.store.js';
import { WebhookKeyring } from '../webhooks/secrets/webhook-keyring.js';
import { WebhookSecretCipher } from '../webhooks/secrets/webhook-secret-cipher.js';
import { WebhookEntity } from '../webhooks/webhook.entity.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryAttemptLog } from './delivery-attempt-log.js';
import { DeliveryStore, type ClaimedDelivery, type DeliveryClaim } from './delivery.store.js';
import type { AttemptOutcome } from './webhook-targets.js';

const LEASE_MS = 30_000;
const succeeded: AttemptOutcome = { ok: true, status: 200, error: null, durationMs: 12 };
const failed = (error: string): AttemptOutcome => ({
  ok: false,
  status: 500,
  error,
  durationMs: 7,
});

type ClaimRequest = Parameters<DeliveryStore['claimDueDeliveries']>[0];

describe.each(testDatabaseKinds())('DeliveryStore on %s', (kind) => {
  let storage: OpenTestStorage;
  const stores: DeliveryStore[] = [];

  beforeEach(async () => {
    storage = await openTestStorage(kind);
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.releaseClaimConnection();
    await storage.close();
  });

  /** A worker's view of the outbox; several of them stand for several workers. */
  const worker = () => {
    const store = new DeliveryStore(
      storage.database,
      new WebhookTargetsStore(
        storage.database,
        new WebhookSecretCipher(WebhookKeyring.ofKeys([randomBytes(32)])),
      ),
      new DeliveryAttemptLog(storage.database),
    );
    stores.push(store);
    return store;
  };
  const now = () => storage.clock.nowMs();
  const claim = (
    store: DeliveryStore,
    request: Partial<ClaimRequest> = {},
  ): Promise<DeliveryClaim> =>
    store.claimDueDeliveries({
      window: 100,
      perWebhook: 100,
      now: now(),
      leaseUntil: now() + LEASE_MS,
      skipWebhookIds: [],
      choose: (due) => due,
      ...request,
    });
  const settle = (
    store: DeliveryStore,
    claim: ClaimedDelivery,
    outcome: AttemptOutcome | null,
    retryAt: number | null = null,
  ) => store.recordOutcomes([{ claim, outcome, attemptedAt: now(), retryAt }]);
  const rows = () => storage.database.manager.find(DeliveryEntity, { order: { id: 'ASC' } });
  const webhook = (id: string) => storage.database.manager.findOneByOrFail(WebhookEntity, { id });

  async function outbox(webhooks: number, alerts: number) {
    const { id: accountId } = await insertAccount(storage);
    const hooks: WebhookEntity[] = [];
    for (let i = 0; i < webhooks; i += 1) hooks.push(await insertWebhook(storage, { accountId }));
    const stored: AlertEntity[] = [];
    for (let i = 0; i < alerts; i += 1) {
      stored.push(await insertAlert(storage, { accountId, keywordId: 'keyword-1' }));
    }
    await storage.database.transaction((manager) =>
      worker().enqueueForAlerts(manager, stored, now()),
    );
    return { accountId, hooks, alerts: stored };
  }

  describe('enqueueing', () => {
    it("queues one pending delivery per active, live webhook of the alert's account", async () => {
      const { id: accountId } = await insertAccount(storage);
      const live = await insertWebhook(storage, { accountId });
      await insertWebhook(storage, { accountId, active: false });
      await insertWebhook(storage, { accountId, active: false, deletedAt: now() });
      const { id: otherAccountId } = await insertAccount(storage);
      await insertWebhook(storage, { accountId: otherAccountId });
      const alert = await insertAlert(storage, { accountId, keywordId: 'keyword-1' });

      await storage.database.transaction((manager) =>
        worker().enqueueForAlerts(manager, [alert], now()),
      );

      expect(await rows()).toEqual([
        expect.objectContaining({
          alertId: alert.id,
          webhookId: live.id,
          accountId,
          status: 'pending',
          createdAt: now(),
          claimedUntil: null,
          attempts: 0,
        }),
      ]);
    });

    it('gives distinct ids to the deliveries of webhooks whose ids end alike', async () => {
      const { id: accountId } = await insertAccount(storage);
      const tail = '-7abc-9def-0123456789ab';
      const hooks = [
        await insertWebhook(storage, { accountId, id: `01950000-0000${tail}` }),
        await insertWebhook(storage, { accountId, id: `01950000-0001${tail}` }),
        await insertWebhook(storage, { accountId, id: `01950000-0002${tail}` }),
      ];
      const alerts = [
        await insertAlert(storage, { accountId, keywordId: 'keyword-1' }),
        await insertAlert(storage, { accountId, keywordId: 'keyword-1' }),
      ];

      await storage.database.transaction((manager) =>
        worker().enqueueForAlerts(manager, alerts, now()),
      );

      const queued = await rows();
      expect(queued).toHaveLength(hooks.length * alerts.length);
      expect(new Set(queued.map((row) => row.id)).size).toBe(queued.length);
      for (const alert of alerts) {
        expect(
          queued
            .filter((row) => row.alertId === alert.id)
            .map((row) => row.webhookId)
            .sort(),
        ).toEqual(hooks.map((hook) => hook.id).sort());
      }
      for (const row of queued) {
        expect(row.id).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      }
    });

    it('gives the deliveries of later alerts later ids, so the oldest is claimed first', async () => {
      const { alerts } = await outbox(2, 3);

      const alertOrder = (await rows()).map((row) =>
        alerts.findIndex((alert) => alert.id === row.alertId),
      );
      expect(alertOrder).toEqual([0, 0, 1, 1, 2, 2]);
    });
  });

  describe('claiming', () => {
    it('claims the oldest due rows, at most perWebhook of each webhook and window in all', async () => {
      const { hooks } = await outbox(3, 4);
      const all = await rows();
      const firstTwoOf = (webhookId: string) =>
        all.filter((row) => row.webhookId === webhookId).slice(0, 2);

      const { due, more, claimed } = await claim(worker(), { window: 5, perWebhook: 2 });

      const expected = hooks
        .flatMap((hook) => firstTwoOf(hook.id))
        .map((row) => row.id)
        .sort()
        .slice(0, 5);
      expect(due.map((row) => row.id)).toEqual(expected);
      expect(claimed.map((row) => row.id)).toEqual(expected);
      expect(more).toBe(true);
    });

    it('says no more are due once it has read every due row', async () => {
      await outbox(1, 2);

      const { claimed, more } = await claim(worker(), { window: 10, perWebhook: 5 });

      expect(claimed).toHaveLength(2);
      expect(more).toBe(false);
    });

    it("reads the oldest rows of every account, however long another account's backlog", async () => {
      const busy = await outbox(3, 10);
      const quiet = await outbox(1, 2);

      const { due, more } = await claim(worker(), { window: 4, perWebhook: 4 });

      const oldestOfBusy = (await rows())
        .filter((row) => row.accountId === busy.accountId)
        .slice(0, 4)
        .map((row) => row.id);
      expect(due.filter((row) => row.accountId === busy.accountId).map((row) => row.id)).toEqual(
        oldestOfBusy,
      );
      expect(due.filter((row) => row.accountId === quiet.accountId)).toHaveLength(2);
      expect(more).toBe(true);
    });

    it('marks claimed rows as sending under the lease, and claims only the rows chosen', async () => {
      await outbox(1, 3);
      const [first, , third] = await rows();

      const { claimed } = await claim(worker(), {
        choose: (due) => due.filter((row) => row.id !== third.id),
      });

      expect(claimed.map((row) => row.id)).not.toContain(third.id);
      expect((await rows()).map((row) => [row.status, row.claimedUntil])).toEqual([
        ['sending', now() + LEASE_MS],
        ['sending', now() + LEASE_MS],
        ['pending', null],
      ]);
      expect(claimed[0]).toMatchObject({ id: first.id, claimedUntil: now() + LEASE_MS });
    });

    it('passes over the webhooks it is told to skip', async () => {
      const { hooks } = await outbox(2, 2);
      const [skipped, other] = hooks;

      const { claimed } = await claim(worker(), { skipWebhookIds: [skipped.id] });

      expect(claimed.map((row) => row.webhookId)).toEqual([other.id, other.id]);
    });

    it('takes a claimed row again only once its lease is over (its worker died)', async () => {
      await outbox(1, 1);
      const [first] = (await claim(worker())).claimed;

      storage.clock.advance(LEASE_MS - 1);
      expect((await claim(worker())).claimed).toEqual([]);

      storage.clock.advance(1);
      const [again] = (await claim(worker())).claimed;
      expect(again).toMatchObject({ id: first.id, claimedUntil: now() + LEASE_MS });
    });

    it('never hands one row to two workers claiming at the same time', async () => {
      await outbox(4, 10);
      const workers = [worker(), worker(), worker()];

      const claims = await Promise.all(workers.map((store) => claim(store, { perWebhook: 10 })));

      const ids = claims.flatMap((result) => result.claimed.map((row) => row.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual((await rows()).map((row) => row.id));
    });
  });

  describe('settling', () => {
    it('records a success on its row and on its webhook', async () => {
      const { hooks } = await outbox(1, 1);
      const store = worker();
      const [claimed] = (await claim(store)).claimed;
      storage.clock.advance(500);

      expect(await settle(store, claimed, succeeded)).toEqual([true]);

      expect((await rows())[0]).toMatchObject({
        status: 'succeeded',
        claimedUntil: null,
        attemptedAt: now(),
        httpStatus: 200,
        error: null,
        durationMs: 12,
        attempts: 1,
      });
      expect(await webhook(hooks[0].id)).toMatchObject({
        totalDeliveries: 1,
        lastDeliveryAt: now(),
        consecutiveFailures: 0,
      });
    });

    it('counts failures in a row on the webhook until a success resets them', async () => {
      const { hooks } = await outbox(1, 3);
      const store = worker();
      const claims = (await claim(store)).claimed;

      await settle(store, claims[0], failed('HTTP 500'));
      await settle(store, claims[1], failed('HTTP 503'));
      expect(await webhook(hooks[0].id)).toMatchObject({
        totalDeliveries: 0,
        consecutiveFailures: 2,
        lastError: 'HTTP 503',
      });

      await settle(store, claims[2], succeeded);
      expect(await webhook(hooks[0].id)).toMatchObject({
        totalDeliveries: 1,
        consecutiveFailures: 0,
        lastError: 'HTTP 503',
      });
      expect((await rows()).map((row) => row.status)).toEqual(['failed', 'failed', 'succeeded']);
    });

    it('cancels a delivery without an attempt: nothing counts on the row or the webhook', async () => {
      const { hooks } = await outbox(1, 1);
      const store = worker();
      const [claimed] = (await claim(store)).claimed;

      expect(await settle(store, claimed, null)).toEqual([true]);

      expect((await rows())[0]).toMatchObject({
        status: 'canceled',
        attemptedAt: null,
        attempts: 0,
        error: 'webhook paused or deleted before the attempt',
      });
      expect(await webhook(hooks[0].id)).toMatchObject({
        totalDeliveries: 0,
        lastDeliveryAt: null,
      });
    });

    it('records nothing for a claim whose lease another worker has taken over', async () => {
      const { hooks } = await outbox(1, 1);
      const [late, next] = [worker(), worker()];
      const [lost] = (await claim(late)).claimed;
      storage.clock.advance(LEASE_MS);
      const [current] = (await claim(next)).claimed;

      expect(await settle(late, lost, succeeded)).toEqual([false]);
      expect((await rows())[0]).toMatchObject({ status: 'sending', attempts: 0 });
      expect(await webhook(hooks[0].id)).toMatchObject({ totalDeliveries: 0 });

      expect(await settle(next, current, succeeded)).toEqual([true]);
      expect((await rows())[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    });
  });

  describe('retries', () => {
    const retryClaim = (store: DeliveryStore) =>
      store.claimDueRetries({
        window: 100,
        now: now(),
        leaseUntil: now() + LEASE_MS,
        skipWebhookIds: [],
        choose: (due) => due,
      });
    const attemptLog = (store: DeliveryStore, webhookId: string, deliveryId: string) =>
      store.attemptsOf(webhookId, deliveryId);

    it('keeps a failed attempt with a retry time waiting, out of the open rows, until it is due', async () => {
      const { hooks } = await outbox(1, 1);
      const store = worker();
      const [first] = (await claim(store)).claimed;
      expect(first).toMatchObject({ attempts: 0, retries: 0, trigger: 'automatic' });

      await settle(store, first, failed('HTTP 503'), now() + 5_000);
      expect((await rows())[0]).toMatchObject({
        status: 'retrying',
        retryAt: now() + 5_000,
        retries: 1,
        attemptTrigger: 'retry',
        attempts: 1,
        claimedUntil: null,
      });
      expect((await claim(store)).due).toEqual([]);
      storage.clock.advance(4_999);
      expect((await retryClaim(store)).due).toEqual([]);

      storage.clock.advance(1);
      const { claimed } = await retryClaim(store);
      expect(claimed).toEqual([
        expect.objectContaining({ id: first.id, attempts: 1, retries: 1, trigger: 'retry' }),
      ]);
      expect((await rows())[0]).toMatchObject({ status: 'sending', retryAt: null });
      await settle(store, claimed[0], succeeded);
      expect(await attemptLog(store, hooks[0].id, first.id)).toEqual([
        expect.objectContaining({
          attempt: 1,
          trigger: 'automatic',
          httpStatus: 500,
          retryAt: now(),
        }),
        expect.objectContaining({ attempt: 2, trigger: 'retry', httpStatus: 200, retryAt: null }),
      ]);
      expect(await webhook(hooks[0].id)).toMatchObject({
        totalDeliveries: 1,
        consecutiveFailures: 0,
      });
    });

    it('gives a retry whose worker died to the open rows once its lease is over, still a retry', async () => {
      await outbox(1, 1);
      const [dead, next] = [worker(), worker()];
      const [first] = (await claim(dead)).claimed;
      await settle(dead, first, failed('HTTP 503'), now() + 1_000);
      storage.clock.advance(1_000);
      expect((await retryClaim(dead)).claimed).toHaveLength(1);

      storage.clock.advance(LEASE_MS);
      expect((await retryClaim(next)).due).toEqual([]);
      expect((await claim(next)).claimed).toEqual([
        expect.objectContaining({ id: first.id, attempts: 1, retries: 1, trigger: 'retry' }),
      ]);
    });

    it('never hands one due retry to two workers claiming at the same time', async () => {
      await outbox(1, 20);
      const store = worker();
      for (const claimed of (await claim(store)).claimed) {
        await settle(store, claimed, failed('HTTP 503'), now() + 1_000);
      }
      storage.clock.advance(1_000);
      const claims = await Promise.all([worker(), worker(), worker()].map(retryClaim));
      const ids = claims.flatMap((result) => result.claimed.map((row) => row.id));
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
    });

    it('leaves a waiting retry alone when it is redelivered, and makes a failed one a redelivery', async () => {
      const { hooks } = await outbox(1, 2);
      const store = worker();
      const [waiting, done] = (await claim(store)).claimed;
      await settle(store, waiting, failed('HTTP 503'), now() + 60_000);
      await settle(store, done, failed('HTTP 404'));
      const requeue = (id: string) =>
        storage.database.transaction((manager) => store.requeue(manager, hooks[0].id, id));

      expect(await requeue(waiting.id)).toBe('open');
      expect(await requeue(done.id)).toBe('requeued');
      expect((await claim(store)).claimed).toEqual([
        expect.objectContaining({ id: done.id, attempts: 1, trigger: 'redelivery' }),
      ]);
    });
  });
});

import { CommitWakeups } from '../../src/database/commit-wakeups.js';
import { DELIVERIES_DUE } from '../../src/modules/delivery/delivery.outbox.js';
import { deliveryLeaseMs } from '../../src/modules/delivery/delivery.worker.js';
import { DeliveryEntity } from '../../src/modules/delivery/delivery.entity.js';
import { DeliveryStore } from '../../src/modules/delivery/delivery.store.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { TestApps, type TestApp } from '../utils/create-test-app.js';
import {
  deliveryRows,
  ingest,
  postItem,
  runDeliveries,
  webhookState,
} from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { ReceiverPool, type WebhookReceiver } from '../utils/webhook-receiver.js';

const ALLOW_LOOPBACK = { WEBHOOK_ALLOW_PRIVATE: 'true' };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(testDatabaseKinds())('the delivery worker on %s', (kind) => {
  const receivers = new ReceiverPool();
  const apps = new TestApps(kind, ALLOW_LOOPBACK);
  let keywords = 0;

  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
  });

  const receiver = () => receivers.start();
  const instance = (env: Record<string, string> = {}, sharing?: TestApp) =>
    apps.start(env, { databaseUrl: sharing?.databaseUrl });

  /** An account with one keyword and webhooks to the given receivers; returns its matching titles. */
  async function subscriber(t: TestApp, endpoints: (WebhookReceiver | string)[]) {
    const { apiKey } = await t.account();
    keywords += 1;
    const term = `worker term n${keywords}`;
    await createKeyword(t, apiKey, term);
    const hooks = [];
    for (const endpoint of endpoints) {
      hooks.push(
        await createWebhook(t, apiKey, typeof endpoint === 'string' ? endpoint : endpoint.url),
      );
    }
    const posts = (count: number) =>
      Array.from({ length: count }, (_, i) => postItem({ title: `${term} #${i}` }));
    return { apiKey, hooks, posts };
  }

  it('keeps delivering to a fast receiver while a slow one holds its attempts', async () => {
    const t = await instance({ DELIVERY_CONCURRENCY: '16' });
    const [slow, fast] = [await receiver(), await receiver()];
    const { posts } = await subscriber(t, [slow, fast]);
    await ingest(t, posts(6));
    slow.hold();

    const run = runDeliveries(t);
    await fast.received(6);

    // 16 slots make 2 per webhook: the slow receiver holds at most 2, the rest wait in the outbox.
    expect(slow.requests.length).toBeLessThanOrEqual(2);
    slow.release();
    expect(await run).toEqual({ claimed: 12, succeeded: 12, failed: 0, canceled: 0 });
    expect(slow.requests).toHaveLength(6);
    expect(slow.maxConcurrent()).toBeLessThanOrEqual(2);
  });

  it('keeps at most DELIVERY_CONCURRENCY attempts in flight', async () => {
    const t = await instance({ DELIVERY_CONCURRENCY: '4' });
    const endpoint = await receiver();
    // Six accounts' webhooks on one receiver, so its concurrency is the worker's (one account
    // alone would get only its share).
    for (let i = 0; i < 6; i += 1) {
      const { posts } = await subscriber(t, [`${endpoint.url}?hook=${i}`]);
      await ingest(t, posts(2));
    }
    endpoint.hold();

    const run = runDeliveries(t);
    await endpoint.received(4);
    endpoint.release();

    expect(await run).toMatchObject({ claimed: 12, succeeded: 12 });
    expect(endpoint.maxConcurrent()).toBe(4);
  });

  it('gives up at the deadline and records the timeout', async () => {
    const t = await instance({ WEBHOOK_TIMEOUT_MS: '300' });
    const silent = await receiver();
    silent.hold();
    const { apiKey, hooks, posts } = await subscriber(t, [silent]);
    await ingest(t, posts(1));

    expect(await runDeliveries(t)).toMatchObject({ failed: 1 });

    expect(await webhookState(t, apiKey, hooks[0].id)).toMatchObject({
      last_error: 'timeout after 0.3 s',
      consecutive_failures: 1,
      active: true,
    });
    const [row] = await deliveryRows(t);
    expect(row).toMatchObject({ status: 'failed', httpStatus: null, error: 'timeout after 0.3 s' });
    expect(row.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('claims the oldest rows of the webhooks not skipped, a few per webhook, past the backlog of those skipped', async () => {
    const t = await instance();
    const endpoint = await receiver();
    const urls = ['skipped', 'b', 'c'].map((name) => `${endpoint.url}?hook=${name}`);
    const { hooks, posts } = await subscriber(t, urls);
    await ingest(t, posts(5));
    const [skipped, b, c] = hooks.map((hook) => hook.id);
    const rowsOf = async (webhookId: string) =>
      (await deliveryRows(t))
        .filter((row) => row.webhookId === webhookId)
        .map((row) => row.id)
        .sort();
    const now = t.clock.nowMs();

    const { due, more, claimed } = await t.app.get(DeliveryStore).claimDueDeliveries({
      window: 3,
      perWebhook: 2,
      now,
      leaseUntil: now + 1000,
      skipWebhookIds: [skipped],
      choose: (rows) => rows,
    });

    const [bRows, cRows] = [await rowsOf(b), await rowsOf(c)];
    const oldestTwoEach = [...bRows.slice(0, 2), ...cRows.slice(0, 2)].sort();
    expect(due.map((row) => row.id)).toEqual(oldestTwoEach.slice(0, 3));
    expect(more).toBe(true);
    expect(claimed.map((row) => row.id)).toEqual(due.map((row) => row.id));
    expect(claimed.every((row) => row.webhookId !== skipped)).toBe(true);
    expect(endpoint.connections()).toBe(0);
  });

  it('keeps its claim for twice the deadline of the attempt: no other instance takes the row meanwhile', async () => {
    const t = await instance();
    const endpoint = await receiver();
    const { posts } = await subscriber(t, [endpoint]);
    await ingest(t, posts(1));
    const other = await instance({}, t);
    endpoint.hold();

    const run = runDeliveries(t);
    await endpoint.received(1);
    // An attempt that ran up to its deadline, and as long again to record its outcome.
    other.clock.advance(2 * t.config.webhooks.timeoutMs);
    expect(await runDeliveries(other)).toMatchObject({ claimed: 0 });
    endpoint.release();

    expect(await run).toEqual({ claimed: 1, succeeded: 1, failed: 0, canceled: 0 });
    expect(endpoint.requests).toHaveLength(1);
    expect((await deliveryRows(t)).map((row) => row.status)).toEqual(['succeeded']);
  });

  it('sends a delivery claimed by a worker that died once, after the lease expires', async () => {
    const t = await instance();
    const endpoint = await receiver();
    const { posts } = await subscriber(t, [endpoint]);
    await ingest(t, posts(3));
    const crashed = await instance({}, t);
    const lease = deliveryLeaseMs(t.config.webhooks.timeoutMs);
    const now = crashed.clock.nowMs();
    const { claimed } = await crashed.app.get(DeliveryStore).claimDueDeliveries({
      window: 10,
      perWebhook: 10,
      now,
      leaseUntil: now + lease,
      skipWebhookIds: [],
      choose: (due) => due,
    });
    expect(claimed).toHaveLength(3);
    await apps.close(crashed);

    expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
    expect(endpoint.connections()).toBe(0);

    t.clock.advance(lease);
    expect(await runDeliveries(t)).toEqual({ claimed: 3, succeeded: 3, failed: 0, canceled: 0 });
    expect(await runDeliveries(t)).toMatchObject({ claimed: 0 });
    const deliveryIds = endpoint.requests.map((r) => r.headers['x-webhook-delivery']);
    expect(deliveryIds.sort()).toEqual(claimed.map((c) => c.id).sort());
    expect((await deliveryRows(t)).map((row) => row.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  // SQLite is one process with one connection: concurrent instances on one file are not a
  // deployment, and two in one process would block each other's synchronous driver.
  const concurrentInstances = kind === 'postgres';

  if (concurrentInstances) {
    it('never sends one delivery twice when two instances drain the same outbox', async () => {
      const t = await instance({ DELIVERY_CONCURRENCY: '8' });
      const other = await instance({ DELIVERY_CONCURRENCY: '8' }, t);
      const endpoints = [await receiver(), await receiver(), await receiver()];
      const { posts } = await subscriber(t, endpoints);
      await ingest(t, posts(20));

      const [mine, theirs] = await Promise.all([runDeliveries(t), runDeliveries(other)]);

      expect(mine.succeeded + theirs.succeeded).toBe(60);
      const deliveryIds = endpoints.flatMap((e) =>
        e.requests.map((r) => r.headers['x-webhook-delivery']),
      );
      expect(deliveryIds).toHaveLength(60);
      expect(new Set(deliveryIds).size).toBe(60);
    });
  }

  it('delivers, after a restart, what an instance stored but never sent', async () => {
    const owner = await instance();
    const endpoint = await receiver();
    const writer = await instance({}, owner);
    const { posts } = await subscriber(writer, [endpoint]);
    await ingest(writer, posts(4));
    await apps.close(writer);
    expect(await owner.database.manager.countBy(DeliveryEntity, { status: 'pending' })).toBe(4);

    const restarted = await instance({}, owner);
    expect(await runDeliveries(restarted)).toMatchObject({ claimed: 4, succeeded: 4 });

    expect(endpoint.requests).toHaveLength(4);
    expect(await runDeliveries(restarted)).toMatchObject({ claimed: 0 });
  });

  it('wakes the worker once the alert and its deliveries have committed', async () => {
    const t = await instance();
    const { posts } = await subscriber(t, [await receiver()]);
    const visibleAtWake: Promise<number>[] = [];
    // On PostgreSQL this count runs on another connection: it sees only committed rows.
    t.app
      .get(CommitWakeups)
      .onWake(DELIVERIES_DUE, () => visibleAtWake.push(t.database.manager.count(DeliveryEntity)));

    await ingest(t, posts(2));

    expect(await Promise.all(visibleAtWake)).toEqual([2]);
    await runDeliveries(t);
  });

  describe('running in the background (ROLE=worker)', () => {
    it('delivers new alerts without being asked, and lets an attempt finish on shutdown', async () => {
      const owner = await instance();
      const endpoint = await receiver();
      const { apiKey, hooks, posts } = await subscriber(owner, [endpoint]);
      const worker = await instance({ ROLE: 'worker' }, owner);
      endpoint.hold();

      await ingest(worker, posts(1));
      await endpoint.received(1);
      const closing = apps.close(worker);
      endpoint.release();
      await closing;

      expect(await webhookState(owner, apiKey, hooks[0].id)).toMatchObject({ total_deliveries: 1 });
      expect((await deliveryRows(owner)).map((row) => row.status)).toEqual(['succeeded']);
    });

    if (concurrentInstances) {
      it('is woken through Redis when another instance stores an alert', async () => {
        const owner = await instance({ REDIS_URL });
        const endpoint = await receiver();
        const { posts } = await subscriber(owner, [endpoint]);
        const worker = await instance({ ROLE: 'worker', REDIS_URL }, owner);
        let wakes = 0;
        const woken = new Promise<void>((resolve) =>
          worker.app.get(CommitWakeups).onWake(DELIVERIES_DUE, () => {
            wakes += 1;
            resolve();
          }),
        );

        await ingest(owner, posts(1));

        await woken;
        const [request] = await endpoint.received(1);
        // Shutting down lets the attempt record its outcome.
        await apps.close(worker);
        // The worker stored nothing itself: the one wake it had came from the owner, over Redis.
        expect(wakes).toBe(1);
        const [row] = await deliveryRows(owner);
        expect(row.status).toBe('succeeded');
        expect(request.headers['x-webhook-delivery']).toBe(row.id);
      });
    }
  });
});

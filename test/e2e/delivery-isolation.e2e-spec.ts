import { performance } from 'node:perf_hooks';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { deliveryRows, ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { ReceiverPool, type Responder, type WebhookReceiver } from '../utils/webhook-receiver.js';

const TIMEOUT_MS = 10_000;

/**
 * Answers 200 at once, then sends its body a byte every 50 ms and never ends it. `closed(n)`
 * resolves with how long each of the first n connections stayed open after the status.
 */
function trickling(): { respond: Responder; closed(count: number): Promise<number[]> } {
  const openForMs: number[] = [];
  const waiters: Array<{ count: number; resolve: (openForMs: number[]) => void }> = [];
  return {
    respond: (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const answeredAt = performance.now();
      const trickle = setInterval(() => response.write('.'), 50);
      response.on('close', () => {
        clearInterval(trickle);
        openForMs.push(performance.now() - answeredAt);
        for (const waiter of waiters.filter((w) => openForMs.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(openForMs.slice(0, waiter.count));
        }
      });
    },
    closed: (count) =>
      openForMs.length >= count
        ? Promise.resolve(openForMs.slice(0, count))
        : new Promise((resolve) => waiters.push({ count, resolve })),
  };
}

describe.each(testDatabaseKinds())('delivery isolation between accounts on %s', (kind) => {
  const receivers = new ReceiverPool();
  let t: TestApp;
  let terms = 0;

  beforeEach(async () => {
    t = await createTestApp(kind, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      // Shares of 8 slots: 4 per account, 1 per new or slow webhook, 4 per fast one.
      DELIVERY_CONCURRENCY: '8',
    });
  });

  afterEach(async () => {
    await t.close();
    await receivers.closeAll();
  });

  /** An account with one keyword and a webhook per receiver; stores `count` alerts for it. */
  async function accountWithAlerts(endpoints: WebhookReceiver[], count: number): Promise<void> {
    const { apiKey } = await t.account();
    terms += 1;
    const term = `isolation term n${terms}`;
    await createKeyword(t, apiKey, term);
    for (const endpoint of endpoints) await createWebhook(t, apiKey, endpoint.url);
    await ingest(
      t,
      Array.from({ length: count }, (_, i) => postItem({ title: `${term} #${i}` })),
    );
  }

  it("keeps delivering another account's alerts while one account's receivers all hang", async () => {
    const hanging = await Promise.all(Array.from({ length: 10 }, () => receivers.start()));
    for (const receiver of hanging) receiver.hold();
    const other = await receivers.start();
    await accountWithAlerts(hanging, 2);
    await accountWithAlerts([other], 6);

    const run = runDeliveries(t);
    // Stored after the hanging account's 20 rows, delivered while those receivers still hang.
    await other.received(6);

    const held = hanging.reduce((sum, receiver) => sum + receiver.requests.length, 0);
    expect(held).toBeLessThanOrEqual(4);
    for (const receiver of hanging) receiver.release();
    expect(await run).toEqual({ claimed: 26, succeeded: 26, failed: 0, canceled: 0 });
  });

  it("lets an account's fast webhook use the slots its own hanging webhooks leave free", async () => {
    const hanging = await Promise.all([receivers.start(), receivers.start()]);
    for (const receiver of hanging) receiver.hold();
    // Answers well within the time that counts as fast, but slowly enough to overlap attempts.
    const fast = await receivers.start((_request, response) => {
      setTimeout(() => response.writeHead(200).end(), 150);
    });
    await accountWithAlerts([...hanging, fast], 12);

    const run = runDeliveries(t);
    await fast.received(12);

    // The account's share (4 of 8) minus the 2 hanging attempts would leave it 2 at a time;
    // with nobody else waiting it may use its fast share of 4.
    expect(fast.maxConcurrent()).toBeGreaterThan(2);
    expect(fast.maxConcurrent()).toBeLessThanOrEqual(4);
    expect(hanging.map((receiver) => receiver.requests.length)).toEqual([1, 1]);
    for (const receiver of hanging) receiver.release();
    expect(await run).toEqual({ claimed: 36, succeeded: 36, failed: 0, canceled: 0 });
  });

  it('gives up a trickling body soon after the status, counts the answer, and keeps that webhook to a small share', async () => {
    const trickle = trickling();
    const trickler = await receivers.start(trickle.respond);
    await accountWithAlerts([trickler], 6);

    expect(await runDeliveries(t)).toEqual({ claimed: 6, succeeded: 6, failed: 0, canceled: 0 });

    expect((await deliveryRows(t)).map((row) => row.httpStatus)).toEqual(Array(6).fill(200));
    // One attempt at a time, not a fast receiver's 4 (the receiver may see a given-up connection
    // close a moment after the next attempt arrived), and each body given up long before the deadline.
    expect(trickler.maxConcurrent()).toBeLessThanOrEqual(2);
    // The last given-up connection's close reaches the receiver a moment after the run ended.
    for (const ms of await trickle.closed(6)) expect(ms).toBeLessThan(TIMEOUT_MS / 4);
  });
});

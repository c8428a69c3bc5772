import type * as FakeDnsModule from '../../src/common/network/testing/fake-dns.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  deliveryRows,
  ingest,
  postItem,
  runDeliveries,
  webhookState,
} from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

// rebind.example.com: a public-looking name whose DNS answer is 127.0.0.1, without a network.
jest.mock('node:dns', () =>
  jest
    .requireActual<typeof FakeDnsModule>('../../src/common/network/testing/fake-dns.js')
    .fakeDns(jest.requireActual('node:dns')),
);

describe.each(testDatabaseKinds())(
  'delivery to a name that resolves to a private address on %s',
  (kind) => {
    let t: TestApp;
    let endpoint: WebhookReceiver;
    let apiKey: string;
    let webhookId: string;

    beforeAll(async () => {
      t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'false' });
      endpoint = await startWebhookReceiver();
      ({ apiKey } = await t.account());
      const port = new URL(endpoint.url).port;
      // Accepted at creation: the name looks public; only its resolved address is not.
      ({ id: webhookId } = await createWebhook(
        t,
        apiKey,
        `https://rebind.example.com:${port}/hook`,
      ));
    });
    afterAll(async () => {
      await endpoint.close();
      await t.close();
    });

    it('refuses to connect when delivering an alert, and records why', async () => {
      await createKeyword(t, apiKey, 'rebinding attack');

      await ingest(t, [postItem({ title: 'a rebinding attack' })]);
      expect(await runDeliveries(t)).toMatchObject({ claimed: 1, failed: 1 });

      expect(endpoint.connections()).toBe(0);
      expect(await webhookState(t, apiKey, webhookId)).toMatchObject({
        last_error: 'blocked: private address',
        consecutive_failures: 1,
      });
      expect((await deliveryRows(t)).map((row) => [row.status, row.error])).toEqual([
        ['failed', 'blocked: private address'],
      ]);
    });

    it('refuses to connect for a test delivery', async () => {
      const res = await t.http
        .post(`/api/v1/webhooks/${webhookId}/test`)
        .set(bearer(apiKey))
        .expect(200);

      expect(res.body).toEqual({ ok: false, status: null, error: 'blocked: private address' });
      expect(endpoint.connections()).toBe(0);
    });
  },
);

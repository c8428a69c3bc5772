import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { metricValue } from '../utils/polling-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

describe.each(testDatabaseKinds())('operations metrics on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('counts requests and their latency per route template, method and status', async () => {
    const { apiKey } = await t.account();
    const unknownId = '0192f0c4-7d3e-7b1a-9c2d-3e4f5a6b7c8d';
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    await t.http.delete(`/api/v1/keywords/${unknownId}`).set(bearer(apiKey)).expect(404);
    await t.http.get('/no/such/route').expect(404);

    const series = 'alerts_http_request_duration_seconds_count';
    expect(
      await metricValue(t, `${series}{method="GET",route="/api/v1/keywords",status="200"}`),
    ).toBe(2);
    expect(
      await metricValue(t, `${series}{method="DELETE",route="/api/v1/keywords/:id",status="404"}`),
    ).toBe(1);
    expect(await metricValue(t, `${series}{method="GET",route="unmatched",status="404"}`)).toBe(1);
    const { text } = await t.http.get('/metrics').expect(200);
    expect(text).not.toContain(unknownId);
    expect(text).not.toContain('/no/such/route');
  });

  it('shows the outbox depth and the age of its oldest pending delivery', async () => {
    const { apiKey } = await t.account();
    await createKeyword(t, apiKey, 'outbox gauge');
    await createWebhook(t, apiKey, receiver.url);
    await ingest(
      t,
      [1, 2, 3].map((n) => postItem({ title: `outbox gauge ${n}` })),
    );
    t.clock.advance(90_000);

    expect(await metricValue(t, 'alerts_outbox_pending_deliveries')).toBe(3);
    expect(await metricValue(t, 'alerts_outbox_oldest_pending_age_seconds')).toBe(90);

    await runDeliveries(t);
    expect(await metricValue(t, 'alerts_outbox_pending_deliveries')).toBe(0);
    expect(await metricValue(t, 'alerts_outbox_oldest_pending_age_seconds')).toBe(0);
  });
});

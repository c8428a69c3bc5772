import { BackfillWorker } from '../../src/modules/backfill/backfill.worker.js';
import { BACKFILL_SETTLE_MS } from '../../src/modules/backfill/backfill-filer.js';
import { BACKFILL_PAGE } from '../../src/modules/backfill/keyword-backfiller.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { allowRows, refuseRow } from '../utils/refused-rows.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

const HOUR = 3_600_000;

interface Alert {
  id: string;
  keyword_id: string;
}

async function alertsOf(t: TestApp, apiKey: string): Promise<Alert[]> {
  const res = await t.http.get('/api/v1/alerts?limit=100').set(bearer(apiKey)).expect(200);
  return (res.body as { data: Alert[] }).data;
}

async function createKeyword(t: TestApp, apiKey: string, item: object): Promise<string> {
  const res = await t.http.post('/api/v1/keywords').set(bearer(apiKey)).send(item).expect(201);
  return (res.body as { created: { id: string }[] }).created[0].id;
}

/**
 * `backfill_hours` on POST /keywords (decisions.md section 14): a new keyword alerts on its
 * matches in the recent window, oldest first, through the live alert path, each item once.
 */
describe.each(testDatabaseKinds())('keyword backfill on %s', (kind) => {
  const apps = new TestApps(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });

  afterEach(async () => {
    await apps.closeAll();
    await receiver.close();
  });

  it('alerts on the matches of the last N hours, oldest first, delivered like live ones, once', async () => {
    const t = await apps.start();
    const { apiKey } = await t.account('starter');
    await createWebhook(t, apiKey, receiver.url);
    await ingest(t, [postItem({ id: 'old', title: 'gizmo three hours ago' })]);
    t.clock.advance(HOUR);
    await ingest(t, [postItem({ id: 'b1', title: 'gizmo two hours ago' })]);
    t.clock.advance(HOUR);
    await ingest(t, [
      postItem({ id: 'b2', title: 'gizmo an hour ago' }),
      postItem({ id: 'no', title: 'nothing here' }),
    ]);
    t.clock.advance(HOUR);

    const keywordId = await createKeyword(t, apiKey, { text: 'gizmo', backfill_hours: 2 });
    const existing = await t.http
      .post('/api/v1/keywords')
      .set(bearer(apiKey))
      .send({ text: 'Gizmo', backfill_hours: 2 })
      .expect(200);
    expect(existing.body).toMatchObject({ existing: [{ id: keywordId }] });

    // A backfill ends once nothing more can come into its range: BACKFILL_SETTLE_MS after.
    t.clock.advance(BACKFILL_SETTLE_MS);
    const turn = await t.app.get(BackfillWorker).runOnce();
    expect(turn).toMatchObject({ alerts: 2, finished: 1 });
    // Newest first: b2 was stored after b1.
    expect((await alertsOf(t, apiKey)).map((alert) => alert.id)).toEqual(['b2', 'b1']);
    await runDeliveries(t);
    const delivered = await receiver.received(2);
    expect(delivered.map((request) => (JSON.parse(request.body.toString()) as Alert).id)).toEqual([
      'b1',
      'b2',
    ]);

    // Done: nothing is owed any more; the same item seen again, and a new one, alert once.
    expect(await t.app.get(BackfillWorker).runOnce()).toMatchObject({ looked: 0, alerts: 0 });
    t.clock.advance(1_000);
    await ingest(t, [
      postItem({ id: 'b2', title: 'gizmo an hour ago' }),
      postItem({ id: 'new', title: 'gizmo now' }),
    ]);
    expect((await alertsOf(t, apiKey)).map((alert) => alert.id)).toEqual(['new', 'b2', 'b1']);
    const usage = await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200);
    expect(usage.body).toMatchObject({ data: { delivered_today: 3, capped_today: 0 } });
  });

  it('takes in a batch matched before the keyword existed and stored after, once', async () => {
    const t = await apps.start();
    const { apiKey } = await t.account('starter');
    const pipeline = t.app.get(IngestionPipeline);
    // Matched while the keyword did not exist yet, stored once it did: live matching missed it.
    const inFlight = await pipeline.match([postItem({ id: 'race', title: 'sprocket news' })]);
    await createKeyword(t, apiKey, { text: 'sprocket', backfill_hours: 1 });
    t.clock.advance(1_000);
    await pipeline.store(inFlight);
    // Matched live after the creation, and inside the backfill's range too.
    await ingest(t, [postItem({ id: 'live', title: 'sprocket again' })]);
    expect((await alertsOf(t, apiKey)).map((alert) => alert.id)).toEqual(['live']);

    t.clock.advance(BACKFILL_SETTLE_MS);
    expect(await t.app.get(BackfillWorker).runOnce()).toMatchObject({ finished: 1 });
    expect((await alertsOf(t, apiKey)).map((alert) => alert.id).sort()).toEqual(['live', 'race']);
  });

  it('resumes after a failure in the middle, and doubles nothing', async () => {
    const t = await apps.start();
    const { apiKey } = await t.account('starter');
    // Pages of BACKFILL_PAGE candidates: most say "gadget junk", one in 25 only "gadget".
    const items: RedditItem[] = [];
    for (let n = 0; n < BACKFILL_PAGE * 2 + 100; n++) {
      const title = n % 25 === 0 ? `gadget ${n}` : `gadget junk ${n}`;
      items.push(postItem({ id: `i${n}`, title }));
    }
    await ingest(t, items);
    t.clock.advance(HOUR);
    const matching = items.filter((_, n) => n % 25 === 0).map((item) => item.id);
    await refuseRow(t, kind, {
      table: 'alerts',
      column: 'reddit_id',
      value: `i${BACKFILL_PAGE + 25 * 4}`,
    });

    await createKeyword(t, apiKey, { text: 'gadget', query: 'gadget -junk', backfill_hours: 2 });
    await expect(t.app.get(BackfillWorker).runOnce()).rejects.toThrow();
    const afterFirstPage = (await alertsOf(t, apiKey)).map((alert) => alert.id);
    expect(afterFirstPage.length).toBe(
      matching.filter((id) => Number(id.slice(1)) < BACKFILL_PAGE).length,
    );

    // Another instance on the same database takes the backfill up where it stopped.
    await allowRows(t, kind, 'alerts');
    t.clock.advance(BACKFILL_SETTLE_MS);
    const other = await apps.start({}, { databaseUrl: t.databaseUrl, now: t.clock.now() });
    for (let turn = 0; turn < 5; turn++) await other.app.get(BackfillWorker).runOnce();
    const ids = (await alertsOf(other, apiKey)).map((alert) => alert.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...matching].sort());
  });

  it('stops when the keyword is deleted, and counts its alerts against the daily cap', async () => {
    const t = await apps.start();
    const { apiKey } = await t.account('starter');
    const items = Array.from({ length: 120 }, (_, n) =>
      postItem({ id: `c${n}`, title: `doohickey ${n}` }),
    );
    await ingest(t, items);
    t.clock.advance(HOUR);

    await createKeyword(t, apiKey, { text: 'doohickey', backfill_hours: 1 });
    t.clock.advance(BACKFILL_SETTLE_MS);
    const turn = await t.app.get(BackfillWorker).runOnce();
    expect(turn).toMatchObject({ alerts: 100 });
    expect(await alertsOf(t, apiKey)).toHaveLength(100);
    const usage = await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200);
    expect(usage.body).toMatchObject({ data: { delivered_today: 100, capped_today: 20 } });

    const deletedId = await createKeyword(t, apiKey, { text: 'thingamajig', backfill_hours: 1 });
    await t.http.delete(`/api/v1/keywords/${deletedId}`).set(bearer(apiKey)).expect(200);
    await ingest(t, [postItem({ id: 'late', title: 'thingamajig' })]);
    expect(await t.app.get(BackfillWorker).runOnce()).toMatchObject({ alerts: 0, finished: 1 });
  });
});

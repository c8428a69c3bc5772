import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpComment, dumpPost, toNdjson } from '../factories/reddit-dump.factory.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { runDeliveries } from '../utils/delivery-scenario.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

/** What the README tells operators to do: `admin ingest` beside a running server, on the default SQLite file. */
describe('the admin command beside a server on one SQLite file', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp('sqlite', { WEBHOOK_ALLOW_PRIVATE: 'true' }, { now: new Date() });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('makes both processes wait their turn: no 500, no failed delivery run, every item ingested', async () => {
    const { apiKey } = await t.account('scale');
    await createKeyword(t, apiKey, 'widget');
    const webhook = await createWebhook(t, apiKey, receiver.url);

    const lines: object[] = [];
    for (let i = 0; i < 4_000; i += 1) {
      const post = dumpPost({
        title: `widget number ${i}`,
        selftext: 'a long enough body '.repeat(20),
      });
      lines.push(post, dumpComment(post, { body: `a comment on widget ${i}` }));
    }
    const file = join(mkdtempSync(join(tmpdir(), 'two-processes-')), 'dump.ndjson');
    writeFileSync(file, toNdjson(lines));

    let ingestDone = false;
    const ingest = runAdmin(['ingest', file], { DATABASE_URL: t.databaseUrl }).finally(() => {
      ingestDone = true;
    });

    const statuses: number[] = [];
    const workerErrors: unknown[] = [];
    let round = 0;
    while (!ingestDone) {
      round += 1;
      const writes = await Promise.all([
        t.http
          .post('/api/v1/keywords')
          .set(bearer(apiKey))
          .send({ keywords: [{ text: `gadget ${round}` }] }),
        t.http
          .patch(`/api/v1/webhooks/${webhook.id}`)
          .set(bearer(apiKey))
          .send({ name: `hook ${round}` }),
        t.http.post('/api/v1/feeds/token').set(bearer(apiKey)).send({}),
        runDeliveries(t).catch((error: unknown) => workerErrors.push(error)),
      ]);
      for (const response of writes.slice(0, 3) as { status: number }[]) {
        statuses.push(response.status);
      }
    }

    const run = await ingest;
    expect(run.code).toBe(0);
    // One keyword: the daily cap lets 100 of the 8,000 matches through.
    expect(parseJsonLine(run.stdout)).toMatchObject({
      posts: 4_000,
      comments: 4_000,
      alerts: 100,
      capped: 7_900,
    });
    expect(round).toBeGreaterThan(1);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(workerErrors).toEqual([]);
    await runDeliveries(t);
    expect(receiver.requests.length).toBe(100);
  }, 120_000);
});

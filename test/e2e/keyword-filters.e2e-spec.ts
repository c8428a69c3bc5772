import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpComment, dumpPost, toNdjson } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

interface Keyword {
  id: string;
  text: string;
}

interface UsageEntry {
  text: string;
  delivered: number;
  capped: number;
}

describe.each(testDatabaseKinds())('keyword filters in the pipeline on %s', (kind) => {
  let t: TestApp;
  let key: string;
  let receiver: WebhookReceiver;
  const workDir = mkdtempSync(join(tmpdir(), 'filters-'));

  beforeAll(async () => {
    // The admin command runs on real time, so this app's clock starts at the real now.
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' }, { now: new Date() });
    receiver = await startWebhookReceiver();
  });
  beforeEach(async () => {
    ({ apiKey: key } = await t.account('pro'));
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const addKeywords = async (keywords: object[]): Promise<Keyword[]> =>
    (await t.http.post('/api/v1/keywords').set(bearer(key)).send({ keywords }).expect(201)).body
      .created;
  const patch = (id: string, change: object) =>
    t.http.patch(`/api/v1/keywords/${id}`).set(bearer(key)).send(change).expect(200);
  const alertKeys = async () => {
    const res = await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200);
    return (res.body.data as { keyword: string; id: string }[])
      .map((alert) => `${alert.keyword}: ${alert.id}`)
      .sort();
  };
  const usage = async () => {
    const res = await t.http.get('/api/v1/usage').set(bearer(key)).expect(200);
    const today = res.body.data.today as UsageEntry[];
    return Object.fromEntries(today.map((entry) => [entry.text, [entry.delivered, entry.capped]]));
  };
  /** The real `admin ingest` command on an NDJSON dump; returns its summary line. */
  const adminIngest = async (lines: unknown[]) => {
    const file = join(workDir, `dump-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(file, toNdjson(lines));
    const run = await runAdmin(['ingest', file], { DATABASE_URL: t.databaseUrl });
    expect(run.stderr).toBe('');
    return parseJsonLine(run.stdout);
  };

  it('through admin ingest, alerts, deliveries and usage count only the matches the filters let through', async () => {
    const webhook = await createWebhook(t, key, receiver.url);
    const delivered = receiver.requests.length;
    await addKeywords([
      { text: 'acme', exclude: ['free trial'], exclude_authors: ['u/SpamBot'] },
      { text: 'widget', subreddits: ['r/Gadgets'] },
      { text: 'gizmo', exclude_subreddits: ['r/pics'] },
    ]);
    const titleExcludes = dumpPost({ title: 'FREE  TRIAL ends today', selftext: 'I use acme' });
    const selftextExcludes = dumpPost({ title: 'Acme review', selftext: 'the free trial, sadly' });
    const admitted = dumpPost({ title: 'Acme is great', selftext: 'a freetrial is no trial' });
    const byBot = dumpComment(admitted, { body: 'acme acme acme', author: 'spambot' });
    const byPerson = dumpComment(admitted, { body: 'acme has free trials' });
    const inGadgets = dumpPost({ title: 'widget and gizmo', subreddit: 'gadgets' });
    const elsewhere = dumpPost({ title: 'widget news', subreddit: 'technology' });
    const inPics = dumpPost({ title: 'gizmo photo', subreddit: 'Pics' });
    const commentInPics = dumpComment(inPics, { body: 'nice gizmo' });

    const summary = await adminIngest([
      titleExcludes,
      selftextExcludes,
      admitted,
      byBot,
      byPerson,
      inGadgets,
      elsewhere,
      inPics,
      commentInPics,
    ]);

    const expected = [
      `acme: ${admitted.id}`,
      `acme: ${byPerson.id}`,
      `gizmo: ${inGadgets.id}`,
      `widget: ${inGadgets.id}`,
    ].sort();
    expect(summary).toMatchObject({ posts: 6, comments: 3, alerts: 4, capped: 0 });
    expect(await alertKeys()).toEqual(expected);
    expect(await runDeliveries(t)).toMatchObject({ claimed: 4, succeeded: 4 });
    const bodies = (await receiver.received(delivered + 4))
      .slice(delivered)
      .map((request) => JSON.parse(request.body.toString('utf8')) as Record<string, string>);
    expect(bodies.every((body) => body.webhook_id === webhook.id)).toBe(true);
    expect(bodies.map((body) => `${body.keyword}: ${body.id}`).sort()).toEqual(expected);
    expect(await usage()).toEqual({ acme: [2, 0], gizmo: [1, 0], widget: [1, 0] });
  });

  it('counts a filtered-out match neither as delivered nor as capped', async () => {
    await addKeywords([{ text: 'hot topic', exclude: ['spoiler'] }]);
    const posts = [
      ...Array.from({ length: 60 }, () => dumpPost({ title: 'hot topic again' })),
      ...Array.from({ length: 40 }, () => dumpPost({ title: 'hot topic, Spoiler inside' })),
      ...Array.from({ length: 50 }, () => dumpPost({ title: 'hot topic once more' })),
    ];

    const summary = await adminIngest(posts);

    expect(summary).toMatchObject({ posts: 150, alerts: 100, capped: 10 });
    expect(await usage()).toEqual({ 'hot topic': [100, 10] });
  });

  it('applies a PATCH to the next batch, on this instance and on one whose index was loaded before', async () => {
    const [sprocket] = await addKeywords([{ text: 'sprocket' }]);
    // Another instance on the same database, on the same day as this one.
    const second = await createTestApp(
      kind,
      { DATABASE_URL: t.databaseUrl },
      { now: new Date(t.clock.nowMs()) },
    );
    try {
      const inBoth = async (subreddit: string) => [
        (await ingest(t, [postItem({ title: 'sprocket here', subreddit })])).alerts,
        (await ingest(second, [postItem({ title: 'sprocket there', subreddit })])).alerts,
      ];
      expect(await inBoth('pics')).toEqual([1, 1]);

      await patch(sprocket.id, { exclude_subreddits: ['PICS'] });
      expect(await inBoth('pics')).toEqual([0, 0]);
      expect(await inBoth('news')).toEqual([1, 1]);

      await patch(sprocket.id, { exclude_subreddits: [], exclude: ['there'] });
      expect(await inBoth('pics')).toEqual([1, 0]);
    } finally {
      await second.close();
    }
    expect(await usage()).toEqual({ sprocket: [5, 0] });
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { RecentItemsPruner } from '../../src/modules/recent-items/recent-items.pruner.js';
import { RecentWindow } from '../../src/modules/recent-items/recent-window.service.js';
import { keywordAnchors } from '../../src/modules/recent-items/window-search.js';
import { createKeyword } from '../factories/keyword.factory.js';
import {
  dumpComment,
  dumpPost,
  normalizedItem,
  toNdjson,
} from '../factories/reddit-dump.factory.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { refuseRow } from '../utils/refused-rows.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('the recent window of ingested items on %s', (kind) => {
  const workDir = mkdtempSync(join(tmpdir(), 'recent-window-'));
  let t: TestApp;

  afterEach(() => t.close());

  /** The ids of the window's items holding the word, in the last `hours`. */
  const inWindow = async (word: string, hours = 24) => {
    const window = t.app.get(RecentWindow);
    const anchors = keywordAnchors({ text: word, mode: 'exact' });
    const items = await window.candidates(anchors, window.range(hours), { limit: 100 });
    return items.map((recent) => recent.item.id).sort();
  };

  it('holds every post and comment the poller path stores, with its parent post', async () => {
    t = await createTestApp(kind);
    const post = dumpPost({ title: 'Gizmo launch day', link_flair_text: 'News' });
    const comment = dumpComment(post, { body: 'My gizmo arrived' });

    await t.app.get(IngestionPipeline).process([post, comment].map(normalizedItem));

    expect(await inWindow('gizmo')).toEqual([comment.id, post.id].sort());
    const [recent] = await t.app
      .get(RecentWindow)
      .candidates(
        keywordAnchors({ text: 'arrived', mode: 'exact' }),
        t.app.get(RecentWindow).range(),
        {
          limit: 10,
        },
      );
    expect(recent.foundParent).toMatchObject({ title: 'Gizmo launch day', flair: 'News' });
    expect(recent.seenAt).toBe(t.clock.nowMs());
  });

  it('holds what `admin ingest` stores from a dump', async () => {
    // The admin command runs on real time, so this app's clock starts at the real now.
    t = await createTestApp(kind, {}, { now: new Date() });
    const posts = Array.from({ length: 30 }, (_, i) => dumpPost({ title: `thingamajig ${i}` }));
    const file = join(workDir, `dump-${kind}.ndjson`);
    writeFileSync(file, toNdjson(posts));

    const run = await runAdmin(['ingest', file], { DATABASE_URL: t.databaseUrl });

    expect(run.code).toBe(0);
    expect(parseJsonLine(run.stdout)).toMatchObject({ posts: 30 });
    // Written at the command's real now, after this app's clock was set.
    t.clock.advance(60_000);
    expect(await inWindow('thingamajig')).toEqual(posts.map((post) => post.id).sort());
  });

  it('keeps nothing of a batch whose transaction rolled back', async () => {
    t = await createTestApp(kind);
    const { apiKey } = await t.account('pro');
    await createKeyword(t, apiKey, 'whatsit');
    const [refused, stored] = [
      dumpPost({ title: 'whatsit one' }),
      dumpPost({ title: 'whatsit two' }),
    ];
    await refuseRow(t, kind, { table: 'alerts', column: 'reddit_id', value: refused.id });

    const summary = await t.app
      .get(IngestionPipeline)
      .process([refused, stored].map(normalizedItem));

    // The batch failed whole, then was stored again in halves: the refused item's half rolled back.
    expect(summary).toMatchObject({ alerts: 1, unstorable: 1 });
    expect(await inWindow('whatsit')).toEqual([stored.id]);
  });

  it('writes nothing with RECENT_ITEMS_HOURS=0', async () => {
    t = await createTestApp(kind, { RECENT_ITEMS_HOURS: '0' });
    await t.app.get(IngestionPipeline).process([normalizedItem(dumpPost({ title: 'doodad' }))]);

    const window = t.app.get(RecentWindow);
    expect(await window.itemsIn({ fromMs: 0, toMs: t.clock.nowMs() + 1 })).toBe(0);
  });

  it('prunes, on its schedule, the items that left the window', async () => {
    t = await createTestApp(kind, { ROLE: 'all', RECENT_ITEMS_HOURS: '2' });
    const pipeline = t.app.get(IngestionPipeline);
    await pipeline.process([normalizedItem(dumpPost({ title: 'old widget' }))]);
    t.clock.advance(HOUR);
    const kept = dumpPost({ title: 'new widget' });
    await pipeline.process([normalizedItem(kept)]);
    t.clock.advance(HOUR + 1);

    await t.app.get(RecentItemsPruner).prune();

    const window = t.app.get(RecentWindow);
    expect(await window.itemsIn({ fromMs: 0, toMs: t.clock.nowMs() + 1 })).toBe(1);
    expect(await inWindow('widget', 2)).toEqual([kept.id]);
  });
});

import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { PostCacheStore } from '../../src/modules/ingestion/post-cache.store.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import type { RedditItem, RedditPost } from '../../src/modules/ingestion/reddit-item.js';
import { PostCacheParents } from '../../src/modules/ingestion/polling/post-cache-parents.js';
import { dumpPost, type DumpPost } from '../factories/reddit-dump.factory.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

describe.each(testDatabaseKinds())('the posts cache on %s', (kind) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(kind);
  });

  afterEach(() => t.close());

  const ingest = (line: Partial<DumpPost>) =>
    t.app.get(IngestionPipeline).process([normalizeRedditThing(dumpPost(line)) as RedditItem]);

  it("keeps what a comment's queries ask of its post: flair, NSFW, text or link", async () => {
    await ingest({
      id: 'p1',
      title: 'A link',
      link_flair_text: 'Meme',
      over_18: true,
      is_self: false,
      url: 'https://example.com/a',
    });
    await ingest({ id: 'p2', title: 'A text post' });

    const cached = await t.app.get(PostCacheStore).find(['p1', 'p2']);

    expect(cached.get('p1')).toMatchObject({
      title: 'A link',
      flair: 'Meme',
      nsfw: true,
      isSelf: false,
    });
    expect(cached.get('p2')).toMatchObject({
      title: 'A text post',
      flair: null,
      nsfw: false,
      isSelf: true,
    });
  });

  it('keeps them for the parents the poller looked up on Reddit, over what was cached', async () => {
    await ingest({ id: 'p3', title: 'Before', is_self: true });
    const lookedUp = normalizeRedditThing(
      dumpPost({
        id: 'p3',
        title: 'After',
        link_flair_text: 'Solved',
        over_18: true,
        is_self: true,
      }),
    ) as RedditPost;

    await new PostCacheParents(t.app.get(PostCacheStore), t.database, t.clock).remember([lookedUp]);

    const cached = await t.app.get(PostCacheStore).find(['p3']);
    expect(cached.get('p3')).toMatchObject({
      title: 'After',
      flair: 'Solved',
      nsfw: true,
      isSelf: true,
    });
  });
});

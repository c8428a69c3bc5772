import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { PostCacheStore } from '../../src/modules/ingestion/post-cache.store.js';
import { PostCacheParents } from '../../src/modules/ingestion/polling/post-cache-parents.js';
import type { RedditPost } from '../../src/modules/ingestion/reddit-item.js';
import { createKeywords } from '../factories/keyword.factory.js';
import {
  dumpComment,
  dumpPost,
  normalizedItem,
  type DumpPost,
} from '../factories/reddit-dump.factory.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** Each keyword's query reads the parent post of a comment: its title, its flair, its NSFW flag. */
const QUERIES = {
  'rocket talk': 'title:rocket type:comment',
  'meme gizmo': 'gizmo flair:"Meme" type:comment',
  'nsfw widget': 'widget nsfw:yes type:comment',
};

/** A post every query's parent clause holds for, and a comment every query's text term is in. */
const PARENT: Partial<DumpPost> = {
  title: 'Our rocket launch went well',
  link_flair_text: 'Meme',
  over_18: true,
};
const COMMENT_BODY = 'That gizmo and that widget';

describe.each(testDatabaseKinds())("queries on a comment's parent post on %s", (kind) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(kind);
    const { apiKey } = await t.account('starter', 'alerts');
    await createKeywords(
      t,
      apiKey,
      Object.entries(QUERIES).map(([text, query]) => ({ text, query })),
    );
  });

  afterEach(async () => {
    await t.close();
  });

  const pipeline = () => t.app.get(IngestionPipeline);

  async function alertsOf(redditId: string): Promise<string[]> {
    const rows = await t.database.query<{ keyword_text: string }>(
      t.database.manager,
      'SELECT keyword_text FROM alerts WHERE reddit_id = :redditId ORDER BY keyword_text',
      { redditId },
    );
    return rows.map((row) => row.keyword_text);
  }

  const everyKeyword = Object.keys(QUERIES).sort();

  it('reads the parent from the same batch', async () => {
    const post = dumpPost(PARENT);
    const comment = dumpComment(post, { body: COMMENT_BODY });

    await pipeline().process([normalizedItem(post), normalizedItem(comment)]);

    expect(await alertsOf(comment.id)).toEqual(everyKeyword);
  });

  it('reads the parent from the batch before, matched while that one is still being stored', async () => {
    const post = dumpPost(PARENT);
    const comment = dumpComment(post, { body: COMMENT_BODY });

    // As the dump import does: batch 2 is matched before batch 1 is stored.
    const first = await pipeline().match([normalizedItem(post)]);
    const second = await pipeline().match([normalizedItem(comment)]);
    await pipeline().store(first);
    await pipeline().store(second);

    expect(await alertsOf(comment.id)).toEqual(everyKeyword);
  });

  it('reads the parent from the posts cache, where the poller put the post it looked up', async () => {
    const post = dumpPost(PARENT);
    const comment = dumpComment(post, { body: COMMENT_BODY });
    const parents = new PostCacheParents(t.app.get(PostCacheStore), t.database, t.clock);
    await parents.remember([normalizedItem(post) as RedditPost]);

    await pipeline().process([normalizedItem(comment)]);

    expect(await alertsOf(comment.id)).toEqual(everyKeyword);
  });

  it('does not match when the parent says otherwise, nor when the parent is unknown', async () => {
    const plain = dumpPost({ title: 'A quiet day', link_flair_text: 'News', over_18: false });
    const onPlain = dumpComment(plain, { body: COMMENT_BODY });
    const unknownParent = dumpComment(dumpPost(PARENT), { body: COMMENT_BODY });

    await pipeline().process([normalizedItem(plain), normalizedItem(onPlain)]);
    await pipeline().process([normalizedItem(unknownParent)]);

    expect(await alertsOf(onPlain.id)).toEqual([]);
    expect(await alertsOf(unknownParent.id)).toEqual([]);
  });
});

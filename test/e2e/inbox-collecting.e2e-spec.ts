import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { dumpComment, dumpPost, normalizedItem } from '../factories/reddit-dump.factory.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const INBOX_ITEM_FIELDS = [
  'id',
  'post_id',
  'post_title',
  'post_url',
  'post_author',
  'post_subreddit',
  'post_content',
  'post_created_utc',
  'post_score',
  'post_num_comments',
  'relevance_score',
  'type',
  'is_read',
  'is_declined',
  'matched_keyword',
  'comment_id',
  'comment_content',
  'created_at',
];

type Item = Record<string, unknown>;

describe.each(testDatabaseKinds())('collecting the App inbox from ingestion on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  beforeEach(async () => {
    ({ apiKey: key } = await t.account('starter', 'app'));
  });
  afterAll(() => t.close());

  const ingest = (things: object[]) =>
    t.app.get(IngestionPipeline).process(things.map(normalizedItem));
  const createSearch = async (body: object, apiKey = key) =>
    (await t.http.post('/api/v1/searches').set(bearer(apiKey)).send(body).expect(201)).body
      .data as { id: string };
  const patchSearch = (id: string, body: object) =>
    t.http.patch(`/api/v1/searches/${id}`).set(bearer(key)).send(body).expect(200);
  const inbox = async (query = '', apiKey = key) =>
    (await t.http.get(`/api/v1/inbox${query}`).set(bearer(apiKey)).expect(200)).body.data as Item[];

  it('turns a matching post into a realtime item with every field of the spec, in order', async () => {
    await createSearch({ name: 'Widgets', keywords: ['acme widget'] });
    const post = dumpPost({
      title: 'Has anyone tried the ACME widget?',
      selftext: 'Looking for reviews.',
      subreddit: 'gadgets',
      author: 'asker',
      score: 3,
      num_comments: 1,
      created_utc: 1763719200,
    });
    await ingest([post, dumpPost({ title: 'Nothing to see here' })]);

    const [item] = await inbox();
    expect(Object.keys(item)).toEqual(INBOX_ITEM_FIELDS);
    expect(item).toEqual({
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      post_id: post.id,
      post_title: 'Has anyone tried the ACME widget?',
      post_url: `https://www.reddit.com${post.permalink}`,
      post_author: 'asker',
      post_subreddit: 'gadgets',
      post_content: 'Looking for reviews.',
      post_created_utc: 1763719200,
      post_score: 3,
      post_num_comments: 1,
      relevance_score: expect.any(Number),
      type: 'realtime',
      is_read: false,
      is_declined: false,
      matched_keyword: 'acme widget',
      comment_id: null,
      comment_content: null,
      created_at: t.clock.now().toISOString().replace('Z', '+00:00'),
    });
    expect(item.relevance_score).toBeGreaterThanOrEqual(50);
    expect(item.relevance_score).toBeLessThanOrEqual(100);
    expect(await inbox()).toHaveLength(1);
  });

  it('marks a post with 50+ upvotes or 20+ comments when first seen as seo', async () => {
    await createSearch({ name: 'Threads', keywords: ['evergreen thread'] });
    const upvoted = dumpPost({ title: 'evergreen thread one', score: 50, num_comments: 0 });
    const discussed = dumpPost({ title: 'evergreen thread two', score: 0, num_comments: 20 });
    const quiet = dumpPost({ title: 'evergreen thread three', score: 49, num_comments: 19 });
    await ingest([upvoted, discussed, quiet]);
    const byPost = Object.fromEntries((await inbox()).map((i) => [i.post_id, i.type]));
    expect(byPost).toEqual({ [upvoted.id]: 'seo', [discussed.id]: 'seo', [quiet.id]: 'realtime' });
  });

  it("turns a matching comment into a comment item carrying its parent post's fields", async () => {
    await createSearch({ name: 'Gizmos', keywords: ['gizmo pro'] });
    const post = dumpPost({
      title: 'Weekly hardware thread',
      selftext: 'Post your setups',
      author: 'mod',
      score: 30,
      num_comments: 12,
      created_utc: 1763710000,
    });
    const comment = dumpComment(post, { body: 'My Gizmo Pro arrived today', author: 'buyer' });
    await ingest([post, comment]);
    const [item] = await inbox();
    expect(item).toMatchObject({
      post_id: post.id,
      post_title: 'Weekly hardware thread',
      post_url: `https://www.reddit.com${post.permalink}`,
      post_author: 'mod',
      post_subreddit: post.subreddit,
      post_content: 'Post your setups',
      post_created_utc: 1763710000,
      post_score: 30,
      post_num_comments: 12,
      type: 'comment',
      matched_keyword: 'gizmo pro',
      comment_id: comment.id,
      comment_content: 'My Gizmo Pro arrived today',
    });
    expect(await inbox()).toHaveLength(1);
  });

  it('takes a comment parent seen in an earlier batch from the post cache', async () => {
    await createSearch({ name: 'Later', keywords: ['latecomer'] });
    const post = dumpPost({
      title: 'Original question',
      selftext: 'Details here',
      score: 8,
      num_comments: 4,
    });
    await ingest([post]);
    const comment = dumpComment(post, { body: 'a latecomer answer' });
    await ingest([comment]);
    expect(await inbox()).toEqual([
      expect.objectContaining({
        post_id: post.id,
        post_title: 'Original question',
        post_content: 'Details here',
        post_score: 8,
        post_num_comments: 4,
        post_url: `https://www.reddit.com${post.permalink}`,
        type: 'comment',
        comment_id: comment.id,
      }),
    ]);
  });

  it('makes one item per search and item, naming the best-scoring keyword', async () => {
    const search = await createSearch({
      name: 'Many keywords',
      keywords: ['cheap flights', { text: 'flight deals', mode: 'broad' }],
    });
    const other = await createSearch({ name: 'Second search', keywords: ['flight deals'] });
    const post = dumpPost({
      title: 'Where do you find flight deals?',
      selftext: 'I always look for cheap flights',
    });
    await ingest([post]);
    const items = await inbox();
    expect(items).toHaveLength(2);
    expect(await inbox(`?search_id=${search.id}`)).toEqual([
      expect.objectContaining({ post_id: post.id, matched_keyword: 'flight deals' }),
    ]);
    expect(await inbox(`?search_id=${other.id}`)).toEqual([
      expect.objectContaining({ post_id: post.id, matched_keyword: 'flight deals' }),
    ]);
  });

  it('scores a title match above a body match, and engagement higher', async () => {
    await createSearch({ name: 'Scores', keywords: ['zephyr lamp'] });
    const inTitle = dumpPost({ title: 'zephyr lamp review', score: 0, num_comments: 0 });
    const inBody = dumpPost({
      title: 'A review',
      selftext: 'the zephyr lamp',
      score: 0,
      num_comments: 0,
    });
    const popular = dumpPost({ title: 'zephyr lamp again', score: 900, num_comments: 90 });
    await ingest([inTitle, inBody, popular]);
    const score = Object.fromEntries(
      (await inbox()).map((i) => [i.post_id, i.relevance_score as number]),
    );
    expect(score[inTitle.id]).toBeGreaterThan(score[inBody.id]);
    expect(score[popular.id]).toBeGreaterThan(score[inTitle.id]);
    for (const value of Object.values(score)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });

  it('raises the score of items that share words with the search description', async () => {
    await createSearch({
      name: 'Described',
      description: 'Budget espresso machines for small cafes',
      keywords: ['barista kit'],
    });
    const plain = dumpPost({ title: 'barista kit for sale' });
    const onTopic = dumpPost({
      title: 'barista kit for sale',
      selftext: 'Great for small cafes on a budget',
    });
    await ingest([plain, onTopic]);
    const score = Object.fromEntries(
      (await inbox()).map((i) => [i.post_id, i.relevance_score as number]),
    );
    expect(score[onTopic.id]).toBeGreaterThan(score[plain.id]);
  });

  it('stops collecting for a paused search and starts again when it is resumed or its keywords change', async () => {
    const search = await createSearch({ name: 'Pausable', keywords: ['quokka'] });
    await patchSearch(search.id, { active: false });
    await ingest([dumpPost({ title: 'quokka while paused' })]);
    expect(await inbox()).toEqual([]);

    await patchSearch(search.id, { active: true });
    const resumed = dumpPost({ title: 'quokka after resume' });
    await ingest([resumed]);
    expect((await inbox()).map((i) => i.post_id)).toEqual([resumed.id]);

    await patchSearch(search.id, { keywords: ['wombat'] });
    const old = dumpPost({ title: 'quokka with the old keyword' });
    const replaced = dumpPost({ title: 'wombat with the new keyword' });
    await ingest([old, replaced]);
    expect((await inbox()).map((i) => i.post_id).sort()).toEqual([resumed.id, replaced.id].sort());
  });

  it('stops collecting for a deleted search and drops its items from the inbox', async () => {
    const doomed = await createSearch({ name: 'Doomed', keywords: ['axolotl'] });
    const kept = await createSearch({ name: 'Kept', keywords: ['capybara'] });
    await ingest([dumpPost({ title: 'axolotl one' }), dumpPost({ title: 'capybara one' })]);
    expect(await inbox()).toHaveLength(2);
    await t.http.delete(`/api/v1/searches/${doomed.id}`).set(bearer(key)).expect(200);
    await ingest([dumpPost({ title: 'axolotl two' })]);
    const items = await inbox();
    expect(items.map((i) => i.matched_keyword)).toEqual(['capybara']);
    const res = await t.http.get(`/api/v1/inbox?search_id=${kept.id}`).set(bearer(key)).expect(200);
    expect(res.body.count).toBe(1);
  });

  it('stops collecting while the App account is canceled', async () => {
    const { apiKey, accountId } = await t.account('starter', 'app');
    await createSearch({ name: 'Canceled', keywords: ['pangolin'] }, apiKey);
    const accounts = t.app.get(AccountsService);
    t.clock.advance(1000);
    await accounts.updateAccount(accountId, { status: 'canceled' });
    await ingest([dumpPost({ title: 'pangolin while canceled' })]);
    t.clock.advance(1000);
    await accounts.updateAccount(accountId, { status: 'active' });
    const after = dumpPost({ title: 'pangolin after reactivation' });
    await ingest([after]);
    expect((await inbox('', apiKey)).map((i) => i.post_id)).toEqual([after.id]);
  });

  it('keeps the products apart: searches make no alerts, alert keywords make no inbox items', async () => {
    const { apiKey: alertsKey } = await t.account('starter', 'alerts');
    await createKeyword(t, alertsKey, 'narwhal');
    await createSearch({ name: 'Shared word', keywords: ['narwhal'] });
    const { apiKey: otherApp } = await t.account('starter', 'app');
    const summary = await ingest([dumpPost({ title: 'narwhal sighting' })]);
    expect(summary.alerts).toBe(1);
    expect(await inbox()).toHaveLength(1);
    expect(await inbox('', otherApp)).toEqual([]);
  });

  it('adds nothing when the same items are ingested again', async () => {
    await createSearch({ name: 'Once', keywords: ['platypus'] });
    const post = dumpPost({ title: 'platypus facts' });
    const comment = dumpComment(post, { body: 'platypus indeed' });
    await ingest([post, comment]);
    await ingest([post, comment]);
    expect(await inbox()).toHaveLength(2);
  });
});

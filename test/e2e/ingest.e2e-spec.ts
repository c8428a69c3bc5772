import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DUMP_BATCH_SIZE } from '../../src/modules/ingestion/dump/dump-import.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { createKeyword, createKeywords } from '../factories/keyword.factory.js';
import { dumpComment, dumpPost, toNdjson } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

describe.each(testDatabaseKinds())('ingesting a dump on %s', (kind) => {
  let t: TestApp;
  let key: string;
  const workDir = mkdtempSync(join(tmpdir(), 'ingest-'));

  beforeAll(async () => {
    // The admin command runs on real time, so this app's clock starts at the real now.
    t = await createTestApp(kind, {}, { now: new Date() });
  });
  beforeEach(async () => {
    ({ apiKey: key } = await t.account('pro'));
  });
  afterAll(() => t.close());

  const alerts = async (query = '') =>
    (await t.http.get(`/api/v1/alerts${query}`).set(bearer(key)).expect(200)).body.data as Record<
      string,
      unknown
    >[];
  const ingest = async (lines: unknown[] | string, viaStdin = false) => {
    const content = typeof lines === 'string' ? lines : toNdjson(lines);
    const file = join(workDir, `dump-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(file, content);
    const run = await runAdmin(
      ['ingest', viaStdin ? '-' : file],
      { DATABASE_URL: t.databaseUrl },
      viaStdin ? content : undefined,
    );
    return { ...run, summary: run.code === 0 ? parseJsonLine(run.stdout) : null };
  };

  it('turns matching posts and comments into alerts readable from GET /alerts', async () => {
    await createKeyword(t, key, 'Acme Widget');
    const post = dumpPost({
      title: 'Has anyone tried the ACME widget?',
      selftext: 'Looking for reviews.',
      score: 42,
      num_comments: 7,
    });
    const comment = dumpComment(post, { body: 'I love my acme  widget, 10/10', score: 5 });
    const unrelated = dumpPost({ title: 'Nothing to see here' });
    const run = await ingest([post, comment, unrelated]);
    expect(run.summary).toEqual({
      posts: 2,
      comments: 1,
      alerts: 2,
      capped: 0,
      skipped: { invalid_json: 0, not_an_item: 0, unstorable: 0 },
    });

    const stored = await alerts();
    const postAlert = stored.find((a) => a.event === 'post');
    const commentAlert = stored.find((a) => a.event === 'comment');
    expect(postAlert).toMatchObject({
      event: 'post',
      id: post.id,
      title: post.title,
      selftext: 'Looking for reviews.',
      subreddit: 'technology',
      author: 'someone',
      url: `https://www.reddit.com${post.permalink}`,
      keyword: 'Acme Widget',
      upvotes: 42,
      replies: 7,
      created_utc: 1763719200,
    });
    expect(commentAlert).toMatchObject({
      event: 'comment',
      id: comment.id,
      title: post.title,
      selftext: 'Looking for reviews.',
      upvotes: 42,
      replies: 7,
      comment: 'I love my acme  widget, 10/10',
      created_utc: 1763719260,
    });
  });

  it('matches on a keyword index thread of its own, which logs its load', async () => {
    await createKeyword(t, key, 'threaded lantern');
    const file = join(workDir, 'threaded.ndjson');
    writeFileSync(file, toNdjson([dumpPost({ title: 'A threaded lantern for sale' })]));
    const run = await runAdmin(['ingest', file], {
      DATABASE_URL: t.databaseUrl,
      LOG_LEVEL: 'info',
    });
    expect(parseJsonLine(run.stdout)).toMatchObject({ posts: 1, alerts: 1 });
    const load = run.stderr
      .split('\n')
      .filter((line) => line.includes('"keyword index loaded"'))
      .map(
        (line) =>
          JSON.parse(line) as { keywords: number; ms: number; thread: boolean; waitedMs: number },
      );
    expect(load).toEqual([
      expect.objectContaining({
        keywords: expect.any(Number),
        ms: expect.any(Number),
        thread: true,
      }),
    ]);
    expect(load[0].keywords).toBeGreaterThanOrEqual(1);
    expect(run.stderr).not.toContain('thread stopped');
  });

  it("finds a comment's parent post in the batch before, matched while that batch was stored", async () => {
    await createKeyword(t, key, 'sprocket');
    const filler = Array.from({ length: DUMP_BATCH_SIZE - 1 }, () => dumpPost());
    const parent = dumpPost({ title: 'Sprocket parent', selftext: 'The body', score: 31 });
    const comment = dumpComment(parent, { body: 'that sprocket again' });
    const later = Array.from({ length: DUMP_BATCH_SIZE }, () => dumpPost());
    const run = await ingest([
      ...filler,
      parent,
      comment,
      ...later,
      dumpPost({ title: 'sprocket' }),
    ]);
    expect(run.summary).toMatchObject({ posts: 2 * DUMP_BATCH_SIZE + 1, comments: 1, alerts: 3 });
    const byId = Object.fromEntries((await alerts()).map((a) => [a.id, a]));
    expect(byId[comment.id]).toMatchObject({
      event: 'comment',
      title: 'Sprocket parent',
      selftext: 'The body',
      upvotes: 31,
    });
  });

  it('takes a comment parent from earlier ingests, else the comment carries empty parent fields', async () => {
    await createKeyword(t, key, 'gizmo');
    const parent = dumpPost({
      title: 'Parent title',
      selftext: 'Parent body',
      score: 9,
      num_comments: 2,
    });
    await ingest([parent]);
    const known = dumpComment(parent, { body: 'gizmo here' });
    const orphan = dumpComment(
      { id: 'zzzzzz', subreddit: 'other' },
      { body: 'another gizmo', permalink: undefined },
    );
    await ingest([known, orphan]);
    const byId = Object.fromEntries((await alerts()).map((a) => [a.id, a]));
    expect(byId[known.id]).toMatchObject({
      title: 'Parent title',
      selftext: 'Parent body',
      upvotes: 9,
      replies: 2,
    });
    expect(byId[orphan.id]).toMatchObject({
      title: '',
      selftext: '',
      upvotes: 0,
      replies: 0,
      url: `https://www.reddit.com/r/other/comments/zzzzzz/_/${orphan.id}/`,
    });
  });

  it('respects track flags, paused and deleted keywords, and matches each item once per keyword', async () => {
    const created = await createKeywords(t, key, [
      { text: 'postonly', track_comments: false },
      'paused term',
      'deleted term',
      'repeat',
    ]);
    const id = (text: string) => created.find((k) => k.text === text)!.id;
    await t.http
      .patch(`/api/v1/keywords/${id('paused term')}`)
      .set(bearer(key))
      .send({ active: false })
      .expect(200);
    await t.http
      .delete(`/api/v1/keywords/${id('deleted term')}`)
      .set(bearer(key))
      .expect(200);
    const post = dumpPost({
      title: 'postonly paused term deleted term repeat repeat',
      selftext: 'repeat again',
    });
    const comment = dumpComment(post, { body: 'postonly in a comment' });
    const run = await ingest([post, comment]);
    expect(run.summary).toMatchObject({ alerts: 2 });
    const found = (await alerts()).map((a) => `${a.event}:${a.keyword}`).sort();
    expect(found).toEqual(['post:postonly', 'post:repeat']);
  });

  it('delivers at most 100 matches per keyword per UTC day and counts the rest as capped', async () => {
    const keyword = await createKeyword(t, key, 'hot topic');
    const posts = Array.from({ length: 130 }, () => dumpPost({ title: 'hot topic again' }));
    const run = await ingest(posts);
    expect(run.summary).toEqual({
      posts: 130,
      comments: 0,
      alerts: 100,
      capped: 30,
      skipped: { invalid_json: 0, not_an_item: 0, unstorable: 0 },
    });
    const usage = (await t.http.get('/api/v1/usage').set(bearer(key)).expect(200)).body.data;
    expect(usage.today).toEqual([
      {
        keyword_id: keyword.id,
        text: 'hot topic',
        active: true,
        delivered: 100,
        capped: 30,
        cap_reached: true,
        query: null,
      },
    ]);
    expect(usage).toMatchObject({ delivered_today: 100, capped_today: 30 });
    const page1 = await t.http.get('/api/v1/alerts?limit=100').set(bearer(key)).expect(200);
    expect(page1.body.data).toHaveLength(100);
    expect(page1.body.next_cursor).toBeNull();

    const today = t.clock.now();
    t.clock.advance(24 * 3600 * 1000);
    try {
      const nextDay = await t.app
        .get(IngestionPipeline)
        .process([normalizeRedditThing(dumpPost({ title: 'hot topic tomorrow' }))!]);
      expect(nextDay).toMatchObject({ alerts: 1, capped: 0 });
    } finally {
      t.clock.set(today);
    }
  });

  it('is idempotent: ingesting the same dump twice creates nothing new', async () => {
    await createKeyword(t, key, 'once only');
    const lines = [dumpPost({ title: 'once only please' })];
    expect((await ingest(lines)).summary).toMatchObject({ alerts: 1 });
    expect((await ingest(lines)).summary).toMatchObject({ alerts: 0, capped: 0 });
    expect(await alerts()).toHaveLength(1);
  });

  it('reads stdin with -, reports bad lines on stderr and goes on', async () => {
    await createKeyword(t, key, 'stdin term');
    const good = dumpPost({ title: 'stdin term one' });
    const other = dumpPost({ title: 'stdin term two' });
    const content = `${JSON.stringify(good)}\n{not json\n\n{"neither": "post nor comment"}\n${JSON.stringify(other)}`;
    const run = await ingest(content, true);
    expect(run.code).toBe(0);
    expect(run.summary).toEqual({
      posts: 2,
      comments: 0,
      alerts: 2,
      capped: 0,
      skipped: { invalid_json: 1, not_an_item: 1, unstorable: 0 },
    });
    expect(run.stderr).toMatch(/line 2: /);
    expect(run.stderr).toMatch(/line 4: /);
  });

  it('fails with a one-line message when the file does not exist', async () => {
    const run = await runAdmin(['ingest', join(workDir, 'missing.ndjson')], {
      DATABASE_URL: t.databaseUrl,
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/cannot read .*missing\.ndjson: ENOENT/),
    ]);
  });
});

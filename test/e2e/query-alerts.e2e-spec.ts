import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import { createKeywords } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import type { DumpComment, DumpPost } from '../factories/reddit-dump.factory.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { commentItem, ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

/**
 * Every operator of decisions.md section 13, end to end: a keyword created with its query
 * through POST /api/v1/keywords, items through the ingestion pipeline, alerts delivered to a real
 * webhook receiver. Each case has words of its own, so each item can only match its own case's
 * query; `hits` are the items whose alert the case's keyword must deliver, no more.
 */
interface Case {
  operator: string;
  query: string;
  posts?: Partial<DumpPost>[];
  /** Comments on the case's first post. */
  comments?: Partial<DumpComment>[];
  hits: string[];
}

const CASES: Case[] = [
  {
    operator: 'a word, whole words only',
    query: 'raff',
    posts: [
      { id: 'w1', title: 'Raff is here' },
      { id: 'w2', title: 'traffic and giraffe' },
    ],
    hits: ['w1'],
  },
  {
    operator: 'an exact phrase',
    query: '"blue zebra"',
    posts: [
      { id: 'p1', title: 'a blue zebra' },
      { id: 'p2', title: 'a zebra, blue' },
    ],
    hits: ['p1'],
  },
  {
    operator: 'a prefix',
    query: 'plugg*',
    posts: [
      { id: 'x1', title: 'pluggable things' },
      { id: 'x2', title: 'plug it' },
    ],
    hits: ['x1'],
  },
  {
    operator: 'a case-sensitive term',
    query: '{ARCQ} browser',
    posts: [
      { id: 'c1', title: 'the ARCQ browser' },
      { id: 'c2', title: 'the arcq browser' },
    ],
    hits: ['c1'],
  },
  {
    operator: 'a literal with symbols',
    query: '`C++29` modules',
    posts: [
      { id: 'l1', title: 'C++29 modules ship' },
      { id: 'l2', title: 'C 29 modules ship' },
    ],
    hits: ['l1'],
  },
  {
    operator: 'AND, OR and parentheses',
    query: '(quokka OR wombat) habitat',
    posts: [
      { id: 'a1', title: 'wombat habitat loss' },
      { id: 'a2', title: 'quokka photos' },
      { id: 'a3', selftext: 'a quokka habitat' },
    ],
    hits: ['a1', 'a3'],
  },
  {
    operator: 'NOT and a leading minus',
    query: 'narwhal NOT tusk -horn',
    posts: [
      { id: 'n1', title: 'narwhal pod' },
      { id: 'n2', title: 'narwhal tusk' },
      { id: 'n3', title: 'narwhal horn' },
    ],
    hits: ['n1'],
  },
  {
    operator: 'NEAR/n, in either order',
    query: 'postgrex NEAR/3 (backupz OR restorez)',
    posts: [
      { id: 'r1', title: 'restorez my postgrex cluster' },
      { id: 'r2', title: 'postgrex is slow and I cannot find any backupz' },
    ],
    hits: ['r1'],
  },
  {
    operator: 'ONEAR/n, in order',
    query: '"data leakx" ONEAR/4 acmeq',
    posts: [
      { id: 'o1', title: 'data leakx reported at acmeq' },
      { id: 'o2', title: 'acmeq had a data leakx' },
    ],
    hits: ['o1'],
  },
  {
    operator: 'title: and body: scopes, on a group',
    query: 'title:(lookingz OR recommendz) body:crmq',
    posts: [
      { id: 't1', title: 'recommendz please', selftext: 'which crmq' },
      { id: 't2', title: 'crmq', selftext: 'recommendz please' },
    ],
    comments: [
      { id: 't3', body: 'the crmq I use' },
      { id: 't4', body: 'recommendz' },
    ],
    hits: ['t1', 't3'],
  },
  {
    operator: 'sub: with a list, and -sub:',
    query: 'lattez sub:(coffee,espresso) -sub:tea',
    posts: [
      { id: 's1', title: 'lattez art', subreddit: 'Espresso' },
      { id: 's2', title: 'lattez art', subreddit: 'tea' },
      { id: 's3', title: 'lattez art', subreddit: 'baking' },
    ],
    hits: ['s1'],
  },
  {
    operator: 'a sub: and type: query without text',
    query: 'sub:rustqz type:post',
    posts: [
      { id: 'u1', title: 'anything at all', subreddit: 'rustqz' },
      { id: 'u2', title: 'anything at all', subreddit: 'golangqz' },
    ],
    comments: [{ id: 'u3', body: 'a comment there' }],
    hits: ['u1'],
  },
  {
    operator: 'author:, and -author:',
    query: 'kestrelz -author:AutoModerator',
    posts: [
      { id: 'h1', title: 'kestrelz sighting', author: 'birder' },
      { id: 'h2', title: 'kestrelz sighting', author: 'AutoModerator' },
    ],
    hits: ['h1'],
  },
  {
    operator: 'flair:, for a comment its post’s',
    query: 'ocelotz -flair:Meme',
    posts: [
      { id: 'f1', title: 'ocelotz facts', link_flair_text: 'Meme' },
      { id: 'f2', title: 'ocelotz facts', link_flair_text: 'Science' },
    ],
    comments: [{ id: 'f3', body: 'ocelotz are cute' }],
    hits: ['f2'],
  },
  {
    operator: 'site:, a link’s domain and its subdomains',
    query: 'site:acmeqz.io',
    posts: [
      { id: 'd1', title: 'new release', is_self: false, url: 'https://blog.acmeqz.io/r' },
      { id: 'd2', title: 'new release', is_self: false, url: 'https://notacmeqz.io/r' },
      { id: 'd3', title: 'see https://acmeqz.io/pricing', is_self: true },
    ],
    hits: ['d1', 'd3'],
  },
  {
    operator: 'self: and nsfw:',
    query: 'lemurz self:no nsfw:no',
    posts: [
      { id: 'e1', title: 'lemurz', is_self: false, url: 'https://i.example/a.png' },
      { id: 'e2', title: 'lemurz', is_self: true },
      { id: 'e3', title: 'lemurz', is_self: false, url: 'https://i.example/b.png', over_18: true },
    ],
    hits: ['e1'],
  },
  {
    operator: 'type:comment',
    query: 'gecko9 type:comment',
    posts: [{ id: 'g1', title: 'gecko9 owners' }],
    comments: [{ id: 'g2', body: 'my gecko9 too' }],
    hits: ['g2'],
  },
  {
    operator: 'score: and comments: already met when the item is seen',
    query: 'pangolinz score:>=25 comments:>=10',
    posts: [
      { id: 'k1', title: 'pangolinz', score: 30, num_comments: 12 },
      { id: 'k2', title: 'pangolinz', score: 30, num_comments: 2 },
    ],
    hits: ['k1'],
  },
  {
    operator: 'lang:, the detected language',
    query: 'tortugaz lang:es',
    posts: [
      { id: 'g3', title: 'La tortugaz de mi abuela vive en el jardín desde hace muchos años' },
      { id: 'g4', title: 'My grandmother keeps a tortugaz in the garden behind her house' },
    ],
    hits: ['g3'],
  },
];

describe.each(testDatabaseKinds())(
  'queries from POST /keywords to a delivered webhook on %s',
  (kind) => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    /** The items each keyword's alerts were delivered for, by keyword id. */
    const delivered = new Map<string, string[]>();
    const keywordIds = new Map<string, string>();

    beforeAll(async () => {
      t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
      receiver = await startWebhookReceiver();
      const { apiKey } = await t.account('scale');
      await createWebhook(t, apiKey, receiver.url);
      const created = await createKeywords(
        t,
        apiKey,
        CASES.map((each, index) => ({ text: `case ${index + 1}`, query: each.query })),
      );
      created.forEach((keyword, index) => keywordIds.set(CASES[index].operator, keyword.id));

      const items: RedditItem[] = [];
      for (const each of CASES) {
        const posts = (each.posts ?? []).map((post) => ({ subreddit: 'queries', ...post }));
        for (const post of posts) items.push(postItem(post));
        const parent = { id: posts[0].id!, subreddit: posts[0].subreddit };
        for (const comment of each.comments ?? []) items.push(commentItem(parent, comment));
      }
      const summary = await ingest(t, items);
      for (let run = 0; run < 10 && receiver.requests.length < summary.alerts; run++) {
        await runDeliveries(t);
      }
      for (const request of await receiver.received(summary.alerts)) {
        const alert = JSON.parse(request.body.toString()) as { keyword_id: string; id: string };
        const itemId = alert.id.replace(/^t[13]_/, '');
        delivered.set(alert.keyword_id, [...(delivered.get(alert.keyword_id) ?? []), itemId]);
      }
    });

    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    it.each(CASES.map((each) => [each.operator, each] as const))('%s', (_operator, each) => {
      const ids = delivered.get(keywordIds.get(each.operator)!) ?? [];
      expect(ids.sort()).toEqual([...each.hits].sort());
    });
  },
);

describe.each(testDatabaseKinds())('a stored query the matcher refuses, on %s', (kind) => {
  it('leaves that keyword out with a warning and matches every other keyword', async () => {
    const editor = await createTestApp(kind);
    const logs = capturedLogger();
    let restarted: TestApp | undefined;
    try {
      const { apiKey } = await editor.account('scale');
      const [kept, refused] = await createKeywords(editor, apiKey, [
        { text: 'kept', query: 'lanternfish' },
        { text: 'refused', query: 'lanternfish glows' },
      ]);
      // As if stored under an earlier grammar: the API would refuse a query without an anchor.
      await editor.database.transaction((manager) =>
        editor.database.query(manager, `UPDATE keywords SET "query" = :query WHERE id = :id`, {
          query: 'NOT lanternfish',
          id: refused.id,
        }),
      );
      restarted = await createTestApp(
        kind,
        {},
        { databaseUrl: editor.databaseUrl, logger: logs.logger },
      );

      const summary = await ingest(restarted, [postItem({ title: 'lanternfish glows' })]);

      expect(summary.alerts).toBe(1);
      const [alert] = await restarted.database.manager.query<{ keyword_id: string }[]>(
        'SELECT keyword_id FROM alerts',
      );
      expect(alert.keyword_id).toBe(kept.id);
      expect(logs.text()).toContain('keyword not matched: its stored query is refused');
      expect(logs.text()).toContain(refused.id);
    } finally {
      await restarted?.close();
      await editor.close();
    }
  });
});

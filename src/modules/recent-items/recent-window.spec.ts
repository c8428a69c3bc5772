import {
  dumpComment,
  dumpPost,
  normalizedItem,
  type DumpComment,
  type DumpPost,
} from '../../../test/factories/reddit-dump.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { loadConfig } from '../../config/app-config.js';
import { alertFromMatch } from '../ingestion/alert-from-match.js';
import type { NewItem } from '../ingestion/ingestion-sinks.js';
import { alertParentOf, matchInputOf, parentFieldsOf } from '../ingestion/item-match-input.js';
import type { RedditItem } from '../ingestion/reddit-item.js';
import type { KeywordDefinition } from '../matching/keyword-definition.js';
import { KeywordMatcher } from '../matching/keyword-matcher.js';
import { recentAlert, recentMatchInput, type RecentItem } from './recent-item.js';
import { RecentItemStore } from './recent-item.store.js';
import { RecentWindow } from './recent-window.service.js';
import { keywordAnchors, windowSearch } from './window-search.js';

const HOUR = 3_600_000;

function keyword(text: string, more: Partial<KeywordDefinition> = {}): KeywordDefinition {
  return {
    id: `k-${text}`,
    accountId: 'account',
    text,
    mode: 'exact',
    trackPosts: true,
    trackComments: true,
    ...more,
  };
}

describe.each(testDatabaseKinds())('the recent window on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: RecentItemStore;
  let window: RecentWindow;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new RecentItemStore(storage.database);
    window = new RecentWindow(loadConfig({ RECENT_ITEMS_HOURS: '24' }), storage.clock, store);
  });
  afterAll(() => storage.close());

  /** A subreddit of the test's own, so its searches find nothing another test wrote. */
  let subreddit: string;
  let sequence = 0;
  beforeEach(() => {
    subreddit = `sub${++sequence}${kind}`;
  });

  const post = (overrides: Partial<DumpPost> = {}) =>
    normalizedItem(dumpPost({ subreddit, ...overrides }));
  const comment = (parent: RedditItem, overrides: Partial<DumpComment> = {}) =>
    normalizedItem(dumpComment({ id: parent.id, subreddit }, overrides));

  const newItem = (item: RedditItem, parents: RedditItem[] = []): NewItem => {
    const found = parents.find((p) => item.type === 'comment' && p.id === item.postId);
    const foundParent = found?.type === 'post' ? parentFieldsOf(found) : undefined;
    return { item, parent: alertParentOf(item, foundParent), foundParent };
  };

  const write = (items: NewItem[], seenAt = storage.clock.nowMs()) =>
    storage.database.transaction((manager) => store.write(manager, items, seenAt));

  /** The ids of the candidates of a keyword (a query with the test's subreddit, to keep apart). */
  const found = async (query: string, range = window.range()) => {
    const anchors = keywordAnchors({ text: 'k', mode: 'exact', query });
    const items = await window.candidates(anchors, range, { limit: 100 });
    return items
      .filter((recent) => recent.item.subreddit === subreddit)
      .map((recent) => recent.item.id);
  };

  it('gives back each item as the matcher read it and as its alert shows it', async () => {
    const parent = post({
      title: 'Acme Rocket launch thread',
      selftext: 'Liftoff at noon',
      link_flair_text: 'News',
      over_18: true,
      is_self: false,
      url: 'https://blog.acme.io/launch',
      domain: 'blog.acme.io',
      score: 77,
      num_comments: 12,
    });
    const withParent = comment(parent, { body: 'Rocket looks great' });
    const orphan = normalizedItem({
      ...dumpComment({ id: 'zzzzz', subreddit }, { body: 'Rocket science' }),
      link_title: 'Orphan thread',
    });
    const items = [newItem(parent), newItem(withParent, [parent]), newItem(orphan)];
    await write(items);

    const anchors = keywordAnchors({ text: 'rocket', mode: 'exact' });
    const recent = await window.candidates(anchors, window.range(), { limit: 10, order: 'oldest' });
    const mine = recent.filter((r) => r.item.subreddit === subreddit);
    expect(mine.map((r) => r.item)).toEqual(items.map((i) => i.item));
    const definition = keyword('rocket');
    mine.forEach((r: RecentItem, index) => {
      const { item, foundParent, parent: alertParent } = items[index];
      expect(recentMatchInput(r)).toEqual(matchInputOf(item, foundParent));
      expect(recentAlert('alert', r, definition, 5)).toEqual(
        alertFromMatch('alert', item, definition, alertParent, 5),
      );
    });
  });

  it('finds items by every kind of anchor, where each may occur', async () => {
    const parent = post({ title: 'Quarterly pricing update', selftext: 'Globex prices rise' });
    const items = [
      parent,
      post({ title: 'Zyx', selftext: 'we are tracking deliveries daily' }),
      post({ title: 'Prefixes', selftext: 'kubernetes clusters everywhere' }),
      post({ title: 'Best VPN deals', selftext: 'vpn best' }),
      post({ title: 'Modern C++20 modules', selftext: '' }),
      post({
        title: 'link',
        is_self: false,
        url: 'https://docs.acme.io/x',
        domain: 'docs.acme.io',
      }),
      post({ title: 'by alice', author: 'Alice' }),
      comment(parent, { body: 'a comment without the words' }),
    ];
    await write(items.map((item) => newItem(item, [parent])));
    const [pricing, tracking, kube, vpn, cpp, link, byAlice, reply] = items.map((i) => i.id);

    expect(await found('globex')).toEqual([pricing]);
    expect(await found('"best vpn"')).toEqual([vpn]);
    expect(await found('kube*')).toEqual([kube]);
    expect(await found('`c++20`')).toEqual([cpp]);
    expect(await found('site:acme.io')).toEqual([link]);
    expect(await found('author:alice')).toEqual([byAlice]);
    expect(await found(`sub:${subreddit}`)).toHaveLength(items.length);
    // Broad keywords are found by stem: "tracked" finds "tracking".
    const broad = keywordAnchors({ text: 'tracked', mode: 'broad' });
    const byStem = await window.candidates(broad, window.range(), { limit: 100 });
    expect(byStem.filter((r) => r.item.subreddit === subreddit).map((r) => r.item.id)).toEqual([
      tracking,
    ]);
    // title: looks in a post's title and a comment's post title, body: in neither.
    expect(await found('title:pricing')).toEqual([reply, pricing]);
    expect(await found('body:pricing')).toEqual([]);
    expect(await found('pricing')).toEqual([pricing]);
  });

  it('searches a range, newest first or oldest first, a page at a time, and counts', async () => {
    const now = storage.clock.nowMs();
    const items = [5, 4, 3, 2, 1, 0].map((hoursAgo) => ({
      item: post({ title: `widget number ${hoursAgo}` }),
      seenAt: now - hoursAgo * HOUR,
    }));
    for (const { item, seenAt } of items) await write([newItem(item)], seenAt);
    const ids = (recent: RecentItem[]) => recent.map((r) => r.item.id);
    const anchors = keywordAnchors({ text: 'k', mode: 'exact', query: `widget sub:${subreddit}` });
    const range = window.range(3);

    const newest = await window.candidates(anchors, range, { limit: 2 });
    expect(ids(newest)).toEqual([items[5].item.id, items[4].item.id]);
    const rest = await window.candidates(anchors, range, {
      limit: 2,
      after: { seenAt: newest[1].seenAt, rowId: newest[1].rowId },
    });
    expect(ids(rest)).toEqual([items[3].item.id, items[2].item.id]);
    const oldest = await window.candidates(anchors, range, { limit: 10, order: 'oldest' });
    expect(ids(oldest)).toEqual(items.slice(2).map(({ item }) => item.id));
    expect(await window.countCandidates(anchors, range)).toBe(4);
    expect(await window.countCandidates(anchors, range, 3)).toBe(3);
    expect(await window.countCandidates(anchors, range, 10)).toBe(4);
    expect(await window.countCandidates(anchors, window.range())).toBe(6);
    expect(await window.itemsIn({ fromMs: now - 5 * HOUR, toMs: now - 3 * HOUR + 1 })).toBe(3);
  });

  it('counts the items of any range as COUNT(*) would, from whole minutes and the parts at the ends', async () => {
    const now = storage.clock.nowMs();
    const minute = 60_000;
    const times = [-95_000, -61_000, -60_000, -59_999, -30_500, -30_500, -1, 0].map((d) => now + d);
    for (const [index, seenAt] of times.entries()) {
      const item = post({ title: `counted item ${index}` });
      await write([newItem(item), newItem(post({ title: 'another' }))], seenAt);
      // Written again (seen again): counted once.
      await write([newItem(item)], seenAt + 5);
    }
    const counted = async (fromMs: number, toMs: number) => {
      const [row] = await storage.database.query<{ n: number | string }>(
        storage.database.manager,
        'SELECT COUNT(*) AS n FROM recent_items WHERE seen_at >= :fromMs AND seen_at < :toMs',
        { fromMs, toMs },
      );
      return Number(row.n);
    };
    const ranges = [
      [now - 24 * HOUR, now + 1],
      [now - 100_000, now - 30_000],
      [now - 60_000, now - 59_999],
      [now - 61_000, now - 30_500],
      [Math.floor(now / minute) * minute - 2 * minute, Math.floor(now / minute) * minute],
      [now - 30_500, now - 30_499],
      [0, now + 10 * minute],
    ];
    for (const [fromMs, toMs] of ranges) {
      expect(await window.itemsIn({ fromMs, toMs })).toBe(await counted(fromMs, toMs));
    }
    expect(await window.itemsIn({ fromMs: now - 100_000, toMs: now + 1 })).toBeGreaterThanOrEqual(
      16,
    );

    await store.pruneOlderThan(now - 60_000, 1_000);
    for (const [fromMs, toMs] of [
      [0, now + 1],
      [now - 60_000, now + 1],
      [now - 59_999, now - 30_000],
    ]) {
      expect(await window.itemsIn({ fromMs, toMs })).toBe(await counted(fromMs, toMs));
    }
  });

  it('prunes what left the window in batches, and nothing else', async () => {
    const now = storage.clock.nowMs();
    const old = Array.from({ length: 7 }, () => post({ title: 'stale gadget' }));
    const kept = post({ title: 'fresh gadget' });
    await write(
      old.map((item) => newItem(item)),
      now - 25 * HOUR,
    );
    await write([newItem(kept)], now - 23 * HOUR);
    const transaction = jest.spyOn(storage.database, 'transaction');

    const everything = { fromMs: 0, toMs: now + 1 };
    expect(await found('gadget', everything)).toHaveLength(8);

    expect(await store.pruneOlderThan(now - 24 * HOUR, 3)).toBe(7);

    // 3 + 3 + 1 rows, each delete in a transaction of its own, then the minutes' counts.
    expect(transaction).toHaveBeenCalledTimes(4);
    transaction.mockRestore();
    expect(await found('gadget', everything)).toEqual([kept.id]);
    expect(await found('stale', everything)).toEqual([]);
    expect(await window.itemsIn(everything)).toBeGreaterThan(0);
  });

  it('prunes from two instances at once, each row once', async () => {
    const now = storage.clock.nowMs();
    const everything = { fromMs: 0, toMs: now + 1 };
    await write(
      Array.from({ length: 20 }, () => newItem(post({ title: 'ancient sprocket' }))),
      now - 30 * HOUR,
    );

    const deleted = await Promise.all([
      store.pruneOlderThan(now - 24 * HOUR, 4),
      store.pruneOlderThan(now - 24 * HOUR, 4),
    ]);

    expect(deleted[0] + deleted[1]).toBe(20);
    expect(await found('sprocket', everything)).toEqual([]);
  });

  it('keeps an item once, however often it is written', async () => {
    const item = post({ title: 'duplicate doohickey' });
    await write([newItem(item)]);
    await write([newItem(item)]);
    expect(await found('doohickey')).toEqual([item.id]);
  });

  it('finds what the matcher matches through literals the text folds to', async () => {
    const items = [
      post({ title: 'I love Ｃ＋＋ a lot' }),
      post({ title: 'C++ is fine' }),
      post({ title: 'plain c' }),
    ];
    await write(items.map((item) => newItem(item)));
    const matcher = new KeywordMatcher([keyword('k', { query: '`c++`' })]);
    const matched = items.filter((item) => matcher.match(matchInputOf(item)).length > 0);
    expect(matched.map((item) => item.id)).toEqual([items[0].id, items[1].id]);
    expect(await found('`c++`')).toEqual(expect.arrayContaining(matched.map((item) => item.id)));
  });

  it(
    kind === 'postgres'
      ? 'samples a common word by id, and a very common one from a share of the pages'
      : 'counts every candidate through FTS5 instead of sampling pages',
    async () => {
      const word = `pagesampled${kind}`;
      const search = windowSearch(keywordAnchors({ text: word, mode: 'exact', query: null }));
      const filler = 'lorem ipsum dolor sit amet '.repeat(40);
      const count = kind === 'postgres' ? 6_000 : 100;
      for (let start = 0; start < count; start += 1_000) {
        const items = Array.from({ length: Math.min(1_000, count - start) }, () =>
          newItem(post({ title: `${word} thread`, selftext: filler })),
        );
        await write(items);
      }
      if (kind === 'sqlite') {
        expect(await store.sampleCandidates(search, window.range(), 20, 10)).toBeNull();
        return;
      }
      // Fewer than the default threshold: counted through the index, one in 3 taken by id hash.
      const byId = (await store.sampleCandidates(search, window.range(), 2_000))!;
      expect(byId.length).toBeGreaterThan(1_500);
      expect(byId.length).toBeLessThan(2_500);
      expect(byId.reduce((sum, { weight }) => sum + weight, 0)).toBeCloseTo(count, 6);

      // Past the threshold (500 here): a share of the pages, the same ones each time.
      const sample = (await store.sampleCandidates(search, window.range(), 2_000, 500))!;
      expect(sample.length).toBeGreaterThan(500);
      expect(sample.length).toBeLessThan(count);
      for (const { recent } of sample) {
        expect(recent.item.type === 'post' && recent.item.title).toBe(`${word} thread`);
      }
      const standsFor = sample.reduce((sum, { weight }) => sum + weight, 0);
      expect(standsFor).toBeGreaterThan(count * 0.6);
      expect(standsFor).toBeLessThan(count * 1.4);
      const again = (await store.sampleCandidates(search, window.range(), 2_000, 500))!;
      expect(again.map(({ recent }) => recent.item.id)).toEqual(
        sample.map(({ recent }) => recent.item.id),
      );
    },
    // Writing 6,000 wide rows takes ~2 s alone and over 30 s on a machine busy with the suite.
    120_000,
  );
});

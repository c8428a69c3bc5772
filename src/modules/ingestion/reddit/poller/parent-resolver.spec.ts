import { ParentResolver } from './parent-resolver.js';
import {
  InMemoryParentPosts,
  redditComment as comment,
  redditPost as post,
} from './testing/poller-fakes.js';

const alone = { postsAlongside: new Set<string>() };

describe('ParentResolver', () => {
  let store: InMemoryParentPosts;
  let resolver: ParentResolver;

  beforeEach(() => {
    store = new InMemoryParentPosts();
    resolver = new ParentResolver(store);
  });

  it('lets a comment go with its post, without reading the cache', async () => {
    const ready = await resolver.admit([comment('c1', 'p1')], {
      postsAlongside: new Set(['p1']),
    });

    expect(ready.map((c) => c.id)).toEqual(['c1']);
    expect(store.knownCalls).toEqual([]);
    expect(resolver.hasWanted).toBe(false);
  });

  it('lets a comment go whose post is cached, reading the cache once per post', async () => {
    store.stored.set('p1', post('p1'));

    const ready = await resolver.admit([comment('c1', 'p1'), comment('c2', 'p1')], alone);

    expect(ready.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(store.knownCalls).toEqual([['p1']]);
  });

  it('holds a comment whose post is unknown and wants the post, in the order first wanted', async () => {
    const ready = await resolver.admit(
      [comment('c1', 'p2'), comment('c2', 'p1'), comment('c3', 'p2')],
      alone,
    );

    expect(ready).toEqual([]);
    expect(resolver.hasWanted).toBe(true);
    expect(resolver.wanted()).toEqual(['p2', 'p1']);
  });

  it('stores the parents a look-up found and then lets their comments go', async () => {
    await resolver.admit([comment('c1', 'p1')], alone);

    const found = await resolver.settle(['p1'], [post('p1'), post('p9'), comment('c7', 'p1')]);
    const ready = await resolver.admit([], { ...alone, resolved: new Set(['p1']) });

    expect(found).toBe(1);
    expect([...store.stored.keys()]).toEqual(['p1']);
    expect(ready.map((c) => c.id)).toEqual(['c1']);
    expect(resolver.hasWanted).toBe(false);
  });

  it('remembers a parent Reddit did not return, so its later comments go without a look-up', async () => {
    await resolver.admit([comment('c1', 'gone')], alone);
    const found = await resolver.settle(['gone'], []);
    await resolver.admit([], { ...alone, resolved: new Set(['gone']) });
    store.knownCalls.length = 0;

    const ready = await resolver.admit([comment('c2', 'gone')], alone);

    expect(found).toBe(0);
    expect(store.stored.size).toBe(0);
    expect(ready.map((c) => c.id)).toEqual(['c2']);
    expect(store.knownCalls).toEqual([]);
    expect(resolver.hasWanted).toBe(false);
  });

  it('lets comments on a post handed to the pipeline lately go without reading the cache', async () => {
    resolver.postsHandedOff([post('p1')]);

    const ready = await resolver.admit([comment('c1', 'p1')], alone);

    expect(ready.map((c) => c.id)).toEqual(['c1']);
    expect(store.knownCalls).toEqual([]);
  });

  it('forgets held comments and wanted parents, but not the parents known missing', async () => {
    await resolver.admit([comment('c1', 'gone')], alone);
    await resolver.settle(['gone'], []);
    await resolver.admit([comment('c2', 'p1')], alone);

    resolver.forget();
    const ready = await resolver.admit([comment('c3', 'gone')], alone);

    expect(resolver.wanted()).toEqual([]);
    expect(ready.map((c) => c.id)).toEqual(['c3']);
  });
});

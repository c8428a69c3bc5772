import type { WalkState } from '../id-walk.js';
import { emptyWalkState, KindWalk } from '../id-walk.js';
import { numberToId } from '../reddit-id.js';
import { packInfoBatch, settleInfoBatch } from './info-batch.js';
import type { KindWalks } from './kind-walks.js';
import { redditComment, redditPost } from './testing/poller-fakes.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const POSTS = 50_000;
const COMMENTS = 900_000;

/** A walk begun at `first` whose ids up to `first + ready - 1` are old enough to ask at T0. */
function walkWithReadyIds(first: number, ready: number, state?: Partial<WalkState>): KindWalk {
  const walk = new KindWalk({ ...emptyWalkState(), ...state });
  walk.timeline.observe({ id: first + ready - 1, createdMs: T0 - 10_000 });
  walk.startAt(first);
  return walk;
}

/** A walk begun just past its newest id, `rate` new ids a second: nothing is old enough to ask. */
function caughtUpWalk(head: number, rate: number): KindWalk {
  const walk = new KindWalk(emptyWalkState());
  const samples = [];
  for (let second = 0; second <= 60; second += 1) {
    samples.push({ id: head - rate * second, createdMs: T0 - second * 1_000 });
  }
  walk.timeline.observeAll(samples);
  walk.startAt(head + 1);
  return walk;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const t3 = (id: number) => `t3_${numberToId(id)}`;
const t1 = (id: number) => `t1_${numberToId(id)}`;

const post = (id: number) => redditPost(numberToId(id));
const comment = (id: number, postId: number) => redditComment(numberToId(id), numberToId(postId));

describe('packInfoBatch', () => {
  it('fills one request of 100: parents, then both walks’ live ids, then due retries, then backfill', () => {
    const kindWalks: KindWalks = {
      posts: walkWithReadyIds(POSTS, 30, {
        retries: [{ from: POSTS - 100, to: POSTS - 91, absentAt: T0 - 30_000 }],
        backfill: [{ from: POSTS - 1_000, to: POSTS - 501 }],
      }),
      comments: walkWithReadyIds(COMMENTS, 50),
    };

    const batch = packInfoBatch(kindWalks, ['p1', 'p2'], false, T0);

    expect(batch.parents).toEqual(['p1', 'p2']);
    expect(batch.asks.posts).toEqual({
      live: range(POSTS, 30),
      retry: range(POSTS - 100, 10),
      backfill: range(POSTS - 1_000, 8),
    });
    expect(batch.asks.comments).toEqual({ live: range(COMMENTS, 50), retry: [], backfill: [] });
    expect(batch.fullnames).toEqual([
      't3_p1',
      't3_p2',
      ...range(POSTS, 30).map(t3),
      ...range(POSTS - 100, 10).map(t3),
      ...range(POSTS - 1_000, 8).map(t3),
      ...range(COMMENTS, 50).map(t1),
    ]);
    expect([batch.walkIdsAsked, batch.aheadIdsAsked]).toEqual([98, 0]);
  });

  it('asks a parent that is also a walk id once, counting it for both', () => {
    const kindWalks: KindWalks = {
      posts: walkWithReadyIds(POSTS, 3),
      comments: new KindWalk(emptyWalkState()),
    };

    const batch = packInfoBatch(kindWalks, [numberToId(POSTS + 1)], false, T0);

    expect(batch.fullnames).toEqual([t3(POSTS + 1), t3(POSTS), t3(POSTS + 2)]);
    expect(batch.walkIdsAsked).toBe(3);
  });

  it('never asks more than 100 parents', () => {
    const parents = range(1, 150).map(numberToId);
    const kindWalks: KindWalks = {
      posts: walkWithReadyIds(POSTS, 10),
      comments: new KindWalk(emptyWalkState()),
    };

    const batch = packInfoBatch(kindWalks, parents, false, T0);

    expect(batch.parents).toEqual(parents.slice(0, 100));
    expect(batch.fullnames).toHaveLength(100);
    expect(batch.asks.posts.live).toEqual([]);
  });

  it('in a look ahead, shares the room left by the kinds’ id rates', () => {
    const kindWalks: KindWalks = {
      posts: caughtUpWalk(POSTS, 10),
      comments: caughtUpWalk(COMMENTS, 90),
    };

    const batch = packInfoBatch(kindWalks, ['p1', 'p2', 'p3', 'p4'], true, T0);

    // 96 ids of room, 10 : 90 by rate.
    expect(batch.ahead.posts).toHaveLength(10);
    expect(batch.ahead.comments).toHaveLength(86);
    expect(batch.ahead.posts[0]).toBeGreaterThan(POSTS);
    expect(batch.aheadIdsAsked).toBe(96);
    expect(batch.walkIdsAsked).toBe(0);
  });

  it('gives a slow kind at least a tenth of the rates’ weight in a look ahead', () => {
    const kindWalks: KindWalks = {
      posts: caughtUpWalk(POSTS, 1),
      comments: caughtUpWalk(COMMENTS, 99),
    };

    const batch = packInfoBatch(kindWalks, [], true, T0);

    // Weights 10 (a tenth of 100) and 99.
    expect(batch.ahead.posts).toHaveLength(9);
    expect(batch.ahead.comments).toHaveLength(91);
  });

  it('asks nothing ahead outside a look ahead', () => {
    const kindWalks: KindWalks = {
      posts: caughtUpWalk(POSTS, 10),
      comments: caughtUpWalk(COMMENTS, 90),
    };

    const batch = packInfoBatch(kindWalks, [], false, T0);

    expect(batch.ahead).toEqual({ posts: [], comments: [] });
    expect(batch.fullnames).toEqual([]);
  });
});

describe('settleInfoBatch', () => {
  it('takes the returned ids as fresh, retries the absent ones, and counts the visible share of live asks', () => {
    const kindWalks: KindWalks = {
      posts: walkWithReadyIds(POSTS, 4),
      comments: walkWithReadyIds(COMMENTS, 2),
    };
    const batch = packInfoBatch(kindWalks, [], false, T0);
    const answer = [post(POSTS), post(POSTS + 2), comment(COMMENTS + 1, POSTS)];

    const outcome = settleInfoBatch(kindWalks, batch, answer, T0);

    expect(outcome.fresh).toEqual(answer);
    expect(outcome.idsAbsentOnce).toBe(3);
    expect(outcome.idsGivenUp).toBe(0);
    expect(outcome.visibility).toEqual({
      posts: { asked: 4, found: 2 },
      comments: { asked: 2, found: 1 },
    });
    expect(kindWalks.posts.snapshot().retries).toEqual([
      { from: POSTS + 1, to: POSTS + 1, absentAt: T0 },
      { from: POSTS + 3, to: POSTS + 3, absentAt: T0 },
    ]);
  });

  it('gives up an id absent at its second ask', () => {
    const kindWalks: KindWalks = {
      posts: walkWithReadyIds(POSTS, 0, {
        retries: [{ from: POSTS - 5, to: POSTS - 5, absentAt: T0 - 30_000 }],
      }),
      comments: new KindWalk(emptyWalkState()),
    };
    const batch = packInfoBatch(kindWalks, [], false, T0);

    const outcome = settleInfoBatch(kindWalks, batch, [], T0);

    expect(batch.asks.posts.retry).toEqual([POSTS - 5]);
    expect(outcome.idsGivenUp).toBe(1);
    expect(kindWalks.posts.snapshot().retries).toEqual([]);
  });

  it('counts an id found ahead once as visible, and the walk does not ask it again', () => {
    const kindWalks: KindWalks = {
      posts: caughtUpWalk(POSTS, 10),
      comments: new KindWalk(emptyWalkState()),
    };
    const batch = packInfoBatch(kindWalks, [], true, T0);
    const aheadId = batch.ahead.posts[0];

    const outcome = settleInfoBatch(kindWalks, batch, [post(aheadId)], T0);

    expect(outcome.fresh).toEqual([post(aheadId)]);
    expect(outcome.visibility.posts).toEqual({ asked: 1, found: 1 });
    expect(outcome.idsAbsentOnce).toBe(0);
    expect(kindWalks.posts.isNew(aheadId)).toBe(false);
  });

  it('takes an unasked item as fresh only when its walk has begun and has not met it', () => {
    const kindWalks: KindWalks = {
      posts: walkWithReadyIds(POSTS, 0),
      comments: new KindWalk(emptyWalkState()),
    };
    kindWalks.posts.markFound(POSTS + 7);
    const batch = packInfoBatch(kindWalks, [], false, T0);
    const commentOfWalkNotBegun = comment(COMMENTS, POSTS);

    const outcome = settleInfoBatch(
      kindWalks,
      batch,
      [post(POSTS + 5), post(POSTS + 7), commentOfWalkNotBegun],
      T0,
    );

    expect(outcome.fresh).toEqual([post(POSTS + 5)]);
  });
});

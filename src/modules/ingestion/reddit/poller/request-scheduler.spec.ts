import type { WalkState } from '../id-walk.js';
import { emptyWalkState, KindWalk } from '../id-walk.js';
import type { KindWalks } from './kind-walks.js';
import type { SchedulingInput } from './request-scheduler.js';
import { RequestScheduler } from './request-scheduler.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const FIRST = 1_000;
const OPTIONS = { listingIntervalMs: 2_000, maxListingGapMs: 15_000, maxBatchWaitMs: 2_000 };

/**
 * A walk begun at FIRST with `ready` ids old enough to ask at T0, made over 10 s (a rate too low
 * to make a listing worth reading within 10 s).
 */
function walkWithReadyIds(ready: number): KindWalk {
  const walk = new KindWalk(emptyWalkState());
  walk.timeline.observe({ id: FIRST - 100, createdMs: T0 - 20_000 });
  walk.timeline.observe({ id: FIRST + ready - 1, createdMs: T0 - 10_000 });
  walk.startAt(FIRST);
  return walk;
}

/** A walk not begun that has seen `rate` new ids a second over the last minute. */
function walkWithRate(rate: number): KindWalk {
  const walk = new KindWalk(emptyWalkState());
  const samples = [];
  for (let second = 0; second <= 60; second += 1) {
    samples.push({ id: FIRST + rate * (60 - second), createdMs: T0 - second * 1_000 });
  }
  walk.timeline.observeAll(samples);
  return walk;
}

function walks(posts?: KindWalk, comments?: KindWalk): KindWalks {
  return {
    posts: posts ?? new KindWalk(emptyWalkState()),
    comments: comments ?? new KindWalk(emptyWalkState()),
  };
}

/** A scheduler that read both listings at T0. */
function schedulerAfterListings(): RequestScheduler {
  const scheduler = new RequestScheduler(OPTIONS);
  scheduler.listingSent('posts', T0);
  scheduler.listingSent('comments', T0);
  return scheduler;
}

function input(
  kindWalks: KindWalks,
  now: number,
  availableRequests: number,
  parentsWanted = false,
): SchedulingInput {
  return { walks: kindWalks, now, availableRequests, parentsWanted };
}

describe('RequestScheduler', () => {
  it('reads a begun walk\'s listing every second until the walk knows its rate', () => {
    const scheduler = schedulerAfterListings();
    const begun = new KindWalk(emptyWalkState());
    begun.timeline.observe({ id: FIRST + 99, createdMs: T0 });
    begun.startAt(FIRST);

    expect(scheduler.next(input(walks(undefined, begun), T0 + 999, 1))).not.toEqual({
      endpoint: 'listing',
      kind: 'comments',
    });
    expect(scheduler.next(input(walks(undefined, begun), T0 + 1_000, 1))).toEqual({
      endpoint: 'listing',
      kind: 'comments',
    });
  });

  it('reads each listing first, posts before comments, while none was read', () => {
    const scheduler = new RequestScheduler(OPTIONS);
    const quiet = walks();

    expect(scheduler.next(input(quiet, T0, 10))).toEqual({ endpoint: 'listing', kind: 'posts' });
    scheduler.listingSent('posts', T0);
    expect(scheduler.next(input(quiet, T0, 10))).toEqual({
      endpoint: 'listing',
      kind: 'comments',
    });
  });

  it('looks parents up before anything else, so held comments go on', () => {
    const scheduler = new RequestScheduler(OPTIONS);

    expect(scheduler.next(input(walks(), T0, 1, true))).toEqual({
      endpoint: 'info',
      lookAhead: false,
    });
  });

  it('sends a full /api/info batch before a listing that is due', () => {
    const scheduler = new RequestScheduler(OPTIONS);

    expect(scheduler.next(input(walks(walkWithReadyIds(100)), T0, 1))).toEqual({
      endpoint: 'info',
      lookAhead: false,
    });
  });

  it('holds a partly filled batch while requests are scarce, until it has waited maxBatchWaitMs', () => {
    const scheduler = schedulerAfterListings();
    const kindWalks = walks(walkWithReadyIds(10));

    expect(scheduler.next(input(kindWalks, T0, 1))).toBeNull();
    expect(scheduler.next(input(kindWalks, T0 + 1_999, 1))).toBeNull();
    expect(scheduler.next(input(kindWalks, T0 + 2_000, 1))).toEqual({
      endpoint: 'info',
      lookAhead: false,
    });
  });

  it('sends a partly filled batch at once while requests are to spare', () => {
    const scheduler = schedulerAfterListings();

    expect(scheduler.next(input(walks(walkWithReadyIds(10)), T0, 2))).toEqual({
      endpoint: 'info',
      lookAhead: false,
    });
  });

  it('with requests to spare, takes the fresh look waited for longest, each at most every listingIntervalMs', () => {
    const scheduler = schedulerAfterListings();
    const begun = walks(walkWithReadyIds(0));

    expect(scheduler.next(input(begun, T0 + 1_000, 2))).toEqual({
      endpoint: 'info',
      lookAhead: true,
    });
    scheduler.lookAheadSent(T0 + 1_000);
    expect(scheduler.next(input(begun, T0 + 1_500, 2))).toBeNull();
    expect(scheduler.next(input(begun, T0 + 2_000, 2))).toEqual({
      endpoint: 'listing',
      kind: 'posts',
    });
  });

  it('spends no scarce request on a fresh look', () => {
    const scheduler = schedulerAfterListings();

    expect(scheduler.next(input(walks(walkWithReadyIds(0)), T0 + 5_000, 1))).toBeNull();
  });

  it('makes a listing due once a page should be full of new items, by the kind id rate', () => {
    const scheduler = schedulerAfterListings();
    // 100 ids a second of which 85% are visible: 90 new items in about 1.06 s.
    const kindWalks = walks(undefined, walkWithRate(100));

    expect(scheduler.next(input(kindWalks, T0 + 1_000, 1))).toBeNull();
    expect(scheduler.next(input(kindWalks, T0 + 1_059, 1))).toEqual({
      endpoint: 'listing',
      kind: 'comments',
    });
  });

  it('uses the share of asked ids Reddit showed once a thousand were asked', () => {
    const scheduler = schedulerAfterListings();
    scheduler.idsAnswered('comments', 1_000, 500);
    // Half visible: 90 new items take 1.8 s at 100 ids a second.
    const kindWalks = walks(undefined, walkWithRate(100));

    expect(scheduler.next(input(kindWalks, T0 + 1_059, 1))).toBeNull();
    expect(scheduler.next(input(kindWalks, T0 + 1_800, 1))).toEqual({
      endpoint: 'listing',
      kind: 'comments',
    });
  });

  it('reads a listing with no known rate every maxListingGapMs, whatever the load', () => {
    const scheduler = schedulerAfterListings();

    expect(scheduler.next(input(walks(), T0 + 14_999, 1))).toBeNull();
    expect(scheduler.next(input(walks(), T0 + 15_000, 1))).toEqual({
      endpoint: 'listing',
      kind: 'posts',
    });
  });

  it('walks the backfill only when nothing else is worth a request', () => {
    const scheduler = schedulerAfterListings();
    const state: WalkState = {
      ...emptyWalkState(),
      frontier: FIRST + 1_000,
      backfill: [{ from: FIRST, to: FIRST + 9 }],
    };

    expect(scheduler.next(input(walks(new KindWalk(state)), T0 + 100, 1))).toEqual({
      endpoint: 'info',
      lookAhead: false,
    });
    expect(scheduler.next(input(walks(), T0 + 100, 1))).toBeNull();
  });

  it('after forget, reads the listings again first', () => {
    const scheduler = schedulerAfterListings();
    scheduler.forget();

    expect(scheduler.next(input(walks(), T0 + 100, 1))).toEqual({
      endpoint: 'listing',
      kind: 'posts',
    });
  });
});

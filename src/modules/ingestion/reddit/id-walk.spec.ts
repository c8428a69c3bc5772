import type { WalkState } from './id-walk.js';
import { DEFAULT_WALK_RULES, emptyWalkState, KindWalk } from './id-walk.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const FIRST = 1_000;

/** A walk that knows ids up to `head`, `rate` per second, the newest created at `headAt`. */
function walkWithHistory(head: number, headAt: number, rate: number, state?: WalkState): KindWalk {
  const walk = new KindWalk(state ?? emptyWalkState());
  const samples = [];
  for (let second = 0; second <= 60; second += 1) {
    samples.push({ id: head - rate * second, createdMs: headAt - second * 1_000 });
  }
  walk.timeline.observeAll(samples);
  return walk;
}

describe('KindWalk', () => {
  it('asks only ids old enough for /api/info, skipping those a listing brought', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    walk.startAt(FIRST);
    walk.markFound(FIRST + 1);
    walk.markFound(FIRST + 2);

    const ask = walk.pack(T0, 100, { live: true, retry: true, backfill: true });

    // Ids not surely 1.5 s old are not asked yet: created_utc is whole seconds, so the newest
    // 2 s of ids (20 at 10/s) may be younger.
    const ceiling = walk.ceiling(T0);
    expect(ceiling).toBe(FIRST + 500 - 20);
    expect(ask.live).toHaveLength(100);
    expect(ask.live.slice(0, 2)).toEqual([FIRST, FIRST + 3]);
    expect(ask.live.every((id) => id <= (ceiling ?? 0))).toBe(true);
  });

  it('counts on past the newest id known at the measured rate, at most foresightMs of ids', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    // The last closed second ends at T0 - 1 s with id 490: 1.5 s later ids up to 490 + 15 are
    // 1.5 s old, though no item has shown one past 500 yet.
    expect(walk.ceiling(T0 + 2_000)).toBe(FIRST + 505);
    // A stream that stops showing items is asked at most 3 s of ids past that second.
    expect(walk.ceiling(T0 + 60_000)).toBe(FIRST + 520);
  });

  it('asks an absent id once more 30 s later, then gives it up', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    walk.startAt(FIRST);
    const first = walk.pack(T0, 10, { live: true, retry: true, backfill: true });
    const found = new Set(first.live.filter((id) => id !== FIRST + 4));

    const firstOutcome = walk.settle(first, found, T0);
    const tooEarly = walk.pack(T0 + 29_999, 100, { live: false, retry: true, backfill: false });
    const due = walk.pack(T0 + 30_000, 100, { live: false, retry: true, backfill: false });
    const secondOutcome = walk.settle(due, new Set(), T0 + 30_000);

    expect(firstOutcome).toEqual({ found: 9, absentOnce: 1, givenUp: 0 });
    expect(tooEarly.retry).toEqual([]);
    expect(due.retry).toEqual([FIRST + 4]);
    expect(secondOutcome).toEqual({ found: 0, absentOnce: 0, givenUp: 1 });
    expect(walk.snapshot().retries).toEqual([]);
  });

  it('looks again 1.5 s later at an id absent before it was surely 3 s old, then retries it as usual', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    walk.startAt(FIRST + 465);
    // Ids up to 480 are surely 1.5 s old; those above 470 not surely 3 s.
    const first = walk.pack(T0, 100, { live: true, retry: true, backfill: true });
    expect(first.live).toEqual(Array.from({ length: 16 }, (_, index) => FIRST + 465 + index));
    const absent = [FIRST + 468, FIRST + 475];
    const outcome = walk.settle(
      first,
      new Set(first.live.filter((id) => !absent.includes(id))),
      T0,
    );
    // The settled one waits the regular 30 s; the young one is looked at again 1.5 s later.
    expect(outcome).toEqual({ found: 14, absentOnce: 1, givenUp: 0 });
    expect(walk.pack(T0 + 1_499, 100, { live: false, retry: true, backfill: false }).retry).toEqual(
      [],
    );
    const early = walk.pack(T0 + 1_500, 100, { live: false, retry: true, backfill: false });
    expect(early.retry).toEqual([FIRST + 475]);
    // An early look only fills room: it makes no request due until its regular retry would be.
    expect(walk.retriesDue(T0 + 1_500, 100)).toBe(0);
    expect(walk.retriesDue(T0 + 30_000, 100)).toBe(2);

    // Absent at that look too, it now counts as absent once and gets its regular retry.
    expect(walk.settle(early, new Set(), T0 + 1_500)).toEqual({
      found: 0,
      absentOnce: 1,
      givenUp: 0,
    });
    const regular = walk.pack(T0 + 31_500, 100, { live: false, retry: true, backfill: false });
    expect(regular.retry).toEqual([FIRST + 468, FIRST + 475]);
    expect(walk.settle(regular, new Set([FIRST + 475]), T0 + 31_500)).toEqual({
      found: 1,
      absentOnce: 0,
      givenUp: 1,
    });
  });

  it('takes an absent id that a listing brings later off the retries', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    walk.startAt(FIRST);
    const ask = walk.pack(T0, 5, { live: true, retry: true, backfill: true });
    walk.settle(ask, new Set([FIRST, FIRST + 1, FIRST + 3, FIRST + 4]), T0);

    expect(walk.isNew(FIRST + 2)).toBe(true);
    walk.markFound(FIRST + 2);

    expect(walk.isNew(FIRST + 2)).toBe(false);
    expect(walk.isNew(FIRST + 1)).toBe(false);
    expect(walk.snapshot().retries).toEqual([]);
  });

  it('looks ahead at the ids too new for the walk and beyond the newest known, leaving the walk its own asks', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    walk.startAt(FIRST + 400);
    walk.markFound(FIRST + 485);

    const ahead = walk.packAhead(T0, 40);
    // Ids above the ceiling (the newest 2 s, 20 at 10/s), then past the head, skipping listed ones.
    expect(ahead[0]).toBe(FIRST + 481);
    expect(ahead).not.toContain(FIRST + 485);
    expect(ahead.at(-1)).toBe(FIRST + 521);
    // Found ahead, an item is skipped like a listed one; the others stay the walk's to ask. 3 s
    // later the walk counts on past the head: 2.5 s of ids (25) after the last closed second.
    walk.markFound(FIRST + 505);
    expect(walk.packAhead(T0, 100)).not.toContain(FIRST + 505);
    expect(walk.pack(T0 + 3_000, 200, { live: true, retry: false, backfill: false }).live).toEqual(
      Array.from({ length: 116 }, (_, index) => FIRST + 400 + index).filter(
        (id) => id !== FIRST + 485 && id !== FIRST + 505,
      ),
    );
    expect(new KindWalk(emptyWalkState()).packAhead(T0, 10)).toEqual([]);
  });

  it('jumps near the newest ids when more than a minute behind, leaving the gap to the backfill', () => {
    const walk = walkWithHistory(FIRST + 10_000, T0, 10);
    walk.startAt(FIRST);

    const moved = walk.jumpIfBehind(T0);
    const ask = walk.pack(T0, 100, { live: true, retry: false, backfill: false });
    const backfill = walk.pack(T0, 100, { live: false, retry: false, backfill: true });

    // 10 s of ids (100) behind the ceiling (2 s of ids below the head).
    const landing = FIRST + 10_000 - 20 - 100;
    expect(moved).toBe(landing - FIRST);
    expect(ask.live[0]).toBe(landing);
    expect(backfill.backfill[0]).toBe(FIRST);
    expect(walk.lagSeconds(T0)).toBeGreaterThan(900);
  });

  it('survives a restart: position, retries, listed ids, and held items as backfill', () => {
    const walk = walkWithHistory(FIRST + 500, T0, 10);
    walk.startAt(FIRST);
    const ask = walk.pack(T0, 10, { live: true, retry: true, backfill: true });
    walk.settle(ask, new Set(ask.live.filter((id) => id !== FIRST + 5)), T0);
    walk.markFound(FIRST + 20);
    walk.markFound(FIRST + 7);
    walk.hold(FIRST + 7);

    const restored = new KindWalk(structuredClone(walk.snapshot()), DEFAULT_WALK_RULES);

    expect(restored.isNew(FIRST + 20)).toBe(false);
    expect(restored.isNew(FIRST + 5)).toBe(true);
    // Only the stored head is known after a restart: ids up to it, once it is 3 s old.
    expect(restored.pack(T0, 3, { live: true, retry: false, backfill: false }).live).toEqual([]);
    expect(restored.pack(T0 + 3_000, 3, { live: true, retry: false, backfill: false })).toEqual({
      live: [FIRST + 10, FIRST + 11, FIRST + 12],
      retry: [],
      backfill: [],
    });
    expect(restored.pack(T0, 100, { live: false, retry: false, backfill: true }).backfill).toEqual([
      FIRST + 7,
    ]);
  });
});

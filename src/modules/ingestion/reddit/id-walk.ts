import type { IdRange } from './id-ranges.js';
import {
  containsId,
  countIds,
  keepNewest,
  mergeRanges,
  missingIds,
  rangesOf,
  subtractIds,
} from './id-ranges.js';
import type { IdSample } from './id-timeline.js';
import { IdTimeline } from './id-timeline.js';

export interface RetryRange extends IdRange {
  absentAt: number;
  /**
   * Absent when it was not surely `settledAgeMs` old (foreseen, or just made): looked at again
   * from `earlyRetryMs` later in room a request has left, and only then counted absent (a
   * regular retry); never looked at early, it is due with the regular retries.
   */
  early?: boolean;
}

/** What survives a restart of one kind's walk (t3 or t1). */
export interface WalkState {
  /** The live walk's next id: every id below it was asked, listed, or moved to the backfill. */
  frontier: number | null;
  /** The newest id known, and the latest moment it can have been created. */
  head: IdSample | null;
  /** Absent at their first ask: asked once more `retryAfterMs` later, then given up. */
  retries: RetryRange[];
  /** Older ranges still to walk: left behind by a restart, an outage or an overload. */
  backfill: IdRange[];
  /** Ids at or above the frontier that a listing already brought. */
  listed?: IdRange[];
}

export interface WalkRules {
  /** Ids are asked once Reddit created them this long ago (/api/info shows them ~1 s after). */
  minAgeMs: number;
  /** How far past the newest ids known the walk counts on at the measured rate (IdTimeline). */
  foresightMs: number;
  /** An id known to be this old is surely on /api/info if it is ever visible. */
  settledAgeMs: number;
  /** A younger id found absent may be asked again this much later, before its regular retry. */
  earlyRetryMs: number;
  /** The second and last ask of an absent id comes at least this long after the first. */
  retryAfterMs: number;
  /** When the live walk is this far behind, it jumps ahead and leaves the gap to the backfill. */
  maxLiveLagMs: number;
  /** How far behind the newest id a jump lands. */
  liveRestartMs: number;
  maxBackfillIds: number;
  maxRetryIds: number;
}

export const DEFAULT_WALK_RULES: WalkRules = {
  minAgeMs: 1_500,
  foresightMs: 3_000,
  settledAgeMs: 3_000,
  earlyRetryMs: 1_500,
  retryAfterMs: 30_000,
  maxLiveLagMs: 60_000,
  liveRestartMs: 10_000,
  maxBackfillIds: 5_000_000,
  maxRetryIds: 500_000,
};

export const emptyWalkState = (): WalkState => ({
  frontier: null,
  head: null,
  retries: [],
  backfill: [],
});

/** The ids of one /api/info request that belong to one walk, by why they are asked. */
export interface WalkAsk {
  live: number[];
  retry: number[];
  backfill: number[];
}

export const askSize = (ask: WalkAsk): number =>
  ask.live.length + ask.retry.length + ask.backfill.length;

export interface WalkOutcome {
  found: number;
  absentOnce: number;
  givenUp: number;
}

export interface WalkPackOptions {
  live: boolean;
  retry: boolean;
  backfill: boolean;
}

/**
 * One kind's walk through its base-36 id space: the live walk moves forward through ids old
 * enough to be on /api/info, skipping those a listing already brought; ids absent at their first
 * ask are asked once more later; ranges left behind are walked when there is room.
 */
export class KindWalk {
  readonly timeline: IdTimeline;
  /** Ids at or above the frontier that a listing brought (handed on or waiting for a parent). */
  private readonly listed = new Set<number>();
  /** Found, waiting for their parent post: persisted as backfill so a restart asks them again. */
  private readonly held = new Set<number>();
  private frontier: number | null;
  private retries: RetryRange[];
  private backfill: IdRange[];
  private droppedCount = 0;

  constructor(
    state: WalkState,
    private readonly rules: WalkRules = DEFAULT_WALK_RULES,
  ) {
    this.timeline = new IdTimeline(state.head);
    this.frontier = state.frontier;
    this.retries = state.retries.map((range) => ({ ...range }));
    this.backfill = state.backfill.map((range) => ({ ...range }));
    for (const range of state.listed ?? []) {
      for (let id = range.from; id <= range.to; id += 1) this.listed.add(id);
    }
  }

  get started(): boolean {
    return this.frontier !== null;
  }

  /** Ids given up unasked because the backfill or the retries grew past their limits. */
  takeDropped(): number {
    const dropped = this.droppedCount;
    this.droppedCount = 0;
    return dropped;
  }

  snapshot(): WalkState {
    return {
      frontier: this.frontier,
      head: this.timeline.head(),
      retries: this.retries.map((range) => ({ ...range })),
      backfill: mergeRanges(this.backfill, rangesOf([...this.held].sort((a, b) => a - b))),
      listed: rangesOf([...this.listed].filter((id) => !this.held.has(id)).sort((a, b) => a - b)),
    };
  }

  /** The first listing page sets where the walk begins: nothing older is fetched. */
  startAt(id: number): void {
    this.frontier ??= id;
  }

  /** True when this poller has not met the item yet (neither listed nor asked and found). */
  isNew(id: number): boolean {
    if (this.frontier === null) return true;
    if (id >= this.frontier) return !this.listed.has(id) && !this.held.has(id);
    return this.inRetries(id) || containsId(this.backfill, id);
  }

  /** The item goes to the pipeline (or waits for its parent): the walk will not ask it again. */
  markFound(id: number): void {
    if (this.frontier !== null && id >= this.frontier) this.listed.add(id);
    if (this.inRetries(id)) this.retries = subtractIds(this.retries, [id]);
    if (containsId(this.backfill, id)) this.backfill = subtractIds(this.backfill, [id]);
  }

  hold(id: number): void {
    this.held.add(id);
  }

  release(id: number): void {
    this.held.delete(id);
  }

  /** The newest id the walk may ask now: known or foreseen to be `minAgeMs` old. */
  ceiling(now: number): number | null {
    const known = this.timeline.ceiling(now, this.rules.minAgeMs);
    const foreseen = this.timeline.foreseenCeiling(
      now,
      this.rules.minAgeMs,
      this.rules.foresightMs,
    );
    return foreseen === null ? known : Math.max(known ?? foreseen, foreseen);
  }

  liveReady(now: number, limit: number): number {
    return this.packLive(now, limit).length;
  }

  /** Retries that make a request worth sending; early looks only fill room left in one. */
  retriesDue(now: number, limit: number): number {
    return this.packRetries(now, limit, { earlyLooks: false }).length;
  }

  hasBackfill(): boolean {
    return this.backfill.length > 0;
  }

  /**
   * When the live walk fell further behind than `maxLiveLagMs` (a restart, an outage, more
   * new ids than the credentials can ask), it continues near the newest ids and the skipped
   * range joins the backfill. Returns how many ids moved.
   */
  jumpIfBehind(now: number): number {
    const rate = this.timeline.idsPerSecond();
    const ceiling = this.ceiling(now);
    if (this.frontier === null || ceiling === null || rate === null || rate <= 0) return 0;
    const behindMs = ((ceiling - this.frontier) * 1_000) / rate;
    if (behindMs <= this.rules.maxLiveLagMs) return 0;
    const landing = Math.max(
      this.frontier,
      ceiling - Math.round((rate * this.rules.liveRestartMs) / 1_000),
    );
    const skipped = missingIds(this.frontier - 1, landing, this.listedBelow(landing));
    this.backfill = mergeRanges(this.backfill, skipped);
    this.frontier = landing;
    this.pruneListed();
    const { kept, dropped } = keepNewest(this.backfill, this.rules.maxBackfillIds);
    this.backfill = kept;
    this.droppedCount += dropped;
    return countIds(skipped);
  }

  /**
   * Up to `room` ids the live walk may not ask yet, oldest first: made less than `minAgeMs` ago,
   * or newer than any id known. On a quiet stream they are the only early sign of a new item: no
   * newer item bounds its id, and the listing may show it seconds late. An id absent here is not
   * absent for the walk, which asks it in its turn.
   */
  packAhead(now: number, room: number): number[] {
    const ids: number[] = [];
    if (this.frontier === null) return ids;
    const ceiling = this.ceiling(now);
    const first = ceiling === null ? this.frontier : Math.max(this.frontier, ceiling + 1);
    for (let id = first; ids.length < room; id += 1) {
      if (!this.listed.has(id) && !this.held.has(id)) ids.push(id);
    }
    return ids;
  }

  /** Up to `room` ids to ask now, in order: live, due retries, backfill (oldest first). */
  pack(now: number, room: number, parts: WalkPackOptions): WalkAsk {
    const live = parts.live ? this.packLive(now, room) : [];
    const retry = parts.retry
      ? this.packRetries(now, room - live.length, { earlyLooks: true })
      : [];
    const backfill = parts.backfill ? this.packBackfill(room - live.length - retry.length) : [];
    return { live, retry, backfill };
  }

  /**
   * Applies an /api/info answer: `found` are the asked ids Reddit returned. An absent id that was
   * not surely settled gets an early second look; a settled one its regular retry; one absent at
   * its regular retry is given up.
   */
  settle(ask: WalkAsk, found: ReadonlySet<number>, now: number): WalkOutcome {
    const absent = (ids: number[]) => ids.filter((id) => !found.has(id));
    const settledCeiling = this.timeline.ceiling(now, this.rules.settledAgeMs) ?? -1;
    const absentLive = absent(ask.live);
    const early = absentLive.filter((id) => id > settledCeiling);
    const absentRetries = absent(ask.retry);
    // An early look absent again gets its regular retry, unless it came as late as one.
    const lookedEarly = absentRetries.filter((id) => {
      const range = this.retryRangeOf(id);
      return range?.early === true && range.absentAt + this.rules.retryAfterMs > now;
    });
    const newlyAbsent = [
      ...absentLive.filter((id) => id <= settledCeiling),
      ...absent(ask.backfill),
      ...lookedEarly,
    ].sort((a, b) => a - b);
    const lastLive = ask.live.at(-1);
    if (lastLive !== undefined) {
      this.frontier = Math.max(this.frontier ?? lastLive + 1, lastLive + 1);
      this.pruneListed();
    }
    this.backfill = subtractIds(
      this.backfill,
      [...ask.backfill].sort((a, b) => a - b),
    );
    this.retries = subtractIds(
      this.retries,
      [...ask.retry].sort((a, b) => a - b),
    );
    for (const range of rangesOf(early))
      this.retries.push({ ...range, absentAt: now, early: true });
    for (const range of rangesOf(newlyAbsent)) this.retries.push({ ...range, absentAt: now });
    const overflow = countIds(this.retries) - this.rules.maxRetryIds;
    if (overflow > 0) this.dropOldestRetries(overflow);
    return {
      found: [...ask.live, ...ask.retry, ...ask.backfill].filter((id) => found.has(id)).length,
      absentOnce: newlyAbsent.length,
      givenUp: absentRetries.length - lookedEarly.length,
    };
  }

  /** Ids between the oldest one not asked yet and the newest known. */
  idsBehind(): number {
    const head = this.timeline.head();
    if (head === null || this.frontier === null) return countIds(this.backfill);
    const live = Math.max(0, head.id - this.frontier + 1 - this.listed.size);
    return live + countIds(this.backfill);
  }

  /** Age in seconds of the oldest id not asked yet (0 when caught up). */
  lagSeconds(now: number): number {
    if (this.frontier === null) return 0;
    const oldest = this.backfill[0]?.from ?? this.frontier;
    const created = this.timeline.createdAround(oldest);
    return created === null ? 0 : Math.max(0, (now - created) / 1_000);
  }

  private packLive(now: number, room: number): number[] {
    const ceiling = this.ceiling(now);
    const ids: number[] = [];
    if (this.frontier === null || ceiling === null) return ids;
    for (let id = this.frontier; id <= ceiling && ids.length < room; id += 1) {
      if (!this.listed.has(id) && !this.held.has(id)) ids.push(id);
    }
    return ids;
  }

  /**
   * Due retries, early looks first (they are about latency) when `earlyLooks`. An early look not
   * taken within `retryAfterMs` is due like a regular retry.
   */
  private packRetries(
    now: number,
    room: number,
    { earlyLooks }: { earlyLooks: boolean },
  ): number[] {
    const ids: number[] = [];
    const due = (range: RetryRange) =>
      range.absentAt + this.rules.retryAfterMs <= now ||
      (earlyLooks && range.early === true && range.absentAt + this.rules.earlyRetryMs <= now);
    const ordered = earlyLooks
      ? [
          ...this.retries.filter((range) => range.early),
          ...this.retries.filter((range) => !range.early),
        ]
      : this.retries;
    for (const range of ordered) {
      if (!due(range)) continue;
      for (let id = range.from; id <= range.to && ids.length < room; id += 1) ids.push(id);
      if (ids.length >= room) break;
    }
    return ids;
  }

  private packBackfill(room: number): number[] {
    const ids: number[] = [];
    for (const range of this.backfill) {
      for (let id = range.from; id <= range.to && ids.length < room; id += 1) ids.push(id);
      if (ids.length >= room) break;
    }
    return ids;
  }

  /** When an id waiting for its second ask was first asked (and found absent); else null. */
  firstAskedAt(id: number): number | null {
    return this.retryRangeOf(id)?.absentAt ?? null;
  }

  private retryRangeOf(id: number): RetryRange | undefined {
    return this.retries.find((range) => range.from <= id && id <= range.to);
  }

  private inRetries(id: number): boolean {
    return this.retryRangeOf(id) !== undefined;
  }

  private listedBelow(limit: number): number[] {
    return [...this.listed].filter((id) => id < limit);
  }

  private pruneListed(): void {
    const frontier = this.frontier;
    if (frontier === null) return;
    for (const id of this.listed) if (id < frontier) this.listed.delete(id);
  }

  private dropOldestRetries(count: number): void {
    let left = count;
    while (left > 0 && this.retries.length > 0) {
      const oldest = this.retries[0];
      const size = oldest.to - oldest.from + 1;
      if (size <= left) {
        this.retries.shift();
        left -= size;
      } else {
        oldest.from += left;
        left = 0;
      }
    }
    this.droppedCount += count - left;
  }
}

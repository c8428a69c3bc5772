/** An id and the latest moment it can have been created (epoch ms). */
export interface IdSample {
  id: number;
  createdMs: number;
}

/** About ten minutes of history at one sample per second: enough for a rate, cheap to scan. */
const KEPT_SAMPLES = 600;
const MIN_RATE_SPAN_MS = 5_000;
const RATE_WINDOW_MS = 120_000;

/**
 * When recent ids of one kind were created, learned from the items Reddit returned. Ids are
 * sequential, so every id below a sample was created no later than the sample: that bounds the
 * age of ids Reddit has not shown (yet).
 */
export class IdTimeline {
  /** Ascending by id and by createdMs. */
  private samples: IdSample[] = [];

  constructor(head: IdSample | null = null) {
    if (head !== null) this.samples.push(head);
  }

  /** Adds what a page of items says; per second of creation only its highest id matters. */
  observeAll(samples: readonly IdSample[]): void {
    const highestPerSecond = new Map<number, IdSample>();
    for (const sample of samples) {
      const second = Math.floor(sample.createdMs / 1_000);
      const known = highestPerSecond.get(second);
      if (known === undefined || sample.id > known.id) highestPerSecond.set(second, sample);
    }
    for (const sample of highestPerSecond.values()) this.observe(sample);
  }

  /**
   * Keeps only samples no other sample makes redundant: one with a higher id created no later
   * says more. What remains ascends in both id and creation time.
   */
  observe(sample: IdSample): void {
    const { samples } = this;
    if (samples.some((known) => known.id >= sample.id && known.createdMs <= sample.createdMs))
      return;
    const kept = samples.filter(
      (known) => !(known.id <= sample.id && known.createdMs >= sample.createdMs),
    );
    const index = kept.findIndex((known) => known.id > sample.id);
    kept.splice(index === -1 ? kept.length : index, 0, sample);
    this.samples = kept.length > KEPT_SAMPLES ? kept.slice(kept.length - KEPT_SAMPLES) : kept;
  }

  head(): IdSample | null {
    return this.samples.at(-1) ?? null;
  }

  /** The highest id known to be at least `minAgeMs` old, or null. */
  ceiling(now: number, minAgeMs: number): number | null {
    for (let index = this.samples.length - 1; index >= 0; index -= 1) {
      if (this.samples[index].createdMs <= now - minAgeMs) return this.samples[index].id;
    }
    return null;
  }

  /**
   * The highest id created at least `minAgeMs` ago, foreseen past the newest ids known: ids are
   * sequential and come at the measured rate, so counting on from the newest sample whose second
   * has closed (a later second was seen, so its time is close to its bound) tells which ids exist
   * by now without waiting for an item to show them. Never more than `horizonMs` of ids past
   * that sample, so a stream that slows down is not asked far ahead of its real ids. Null until
   * a rate is known.
   */
  foreseenCeiling(now: number, minAgeMs: number, horizonMs: number): number | null {
    const rate = this.idsPerSecond();
    const anchor = this.samples.at(-2);
    if (rate === null || rate <= 0 || anchor === undefined) return null;
    const sinceAnchor = Math.min(now - minAgeMs - anchor.createdMs, horizonMs);
    if (sinceAnchor <= 0) return null;
    return anchor.id + Math.floor((rate * sinceAnchor) / 1_000);
  }

  /** New ids per second over the last two minutes; null until they span a few seconds. */
  idsPerSecond(): number | null {
    const last = this.samples.at(-1);
    const first = this.samples.find(
      (sample) => last !== undefined && sample.createdMs >= last.createdMs - RATE_WINDOW_MS,
    );
    if (first === undefined || last === undefined) return null;
    const spanMs = last.createdMs - first.createdMs;
    if (spanMs < MIN_RATE_SPAN_MS) return null;
    return ((last.id - first.id) * 1_000) / spanMs;
  }

  /** Roughly when `id` was created: interpolated, or extrapolated from the rate below the history. */
  createdAround(id: number): number | null {
    const after = this.samples.find((sample) => sample.id >= id);
    const rate = this.idsPerSecond();
    if (after === undefined) return this.head()?.createdMs ?? null;
    if (rate === null || rate <= 0) return after.createdMs;
    return after.createdMs - ((after.id - id) * 1_000) / rate;
  }
}

/** Reddit's created_utc is whole seconds: the item was created before the end of that second. */
export function latestCreationMs(createdUtc: number): number {
  return (Math.floor(createdUtc) + 1) * 1_000 - 1;
}

import type { Reading, Sample } from './sampled-figures.js';

/** Minutes of samples kept in memory while the database refuses them, then the oldest go. */
const MAX_PENDING_MINUTES = 60;

/**
 * Turns running counter totals into per-minute deltas for one instance, and keeps the samples a
 * failed write left until the next write takes them: nothing is counted twice or lost for a
 * failed minute (up to an hour of them).
 */
export class MinuteSampler {
  private readonly lastTotals = new Map<string, number>();
  private pending: Sample[][] = [];

  constructor(private readonly instanceId: string) {}

  /** The samples of `minute` from readings taken at its end, queued with any left unwritten. */
  sample(minute: number, readings: readonly Reading[]): Sample[] {
    const samples: Sample[] = [];
    for (const { metric, subject, value, kind, instanceId } of readings) {
      let sampled = value;
      if (kind === 'counter') {
        const key = `${metric}\u0000${subject}`;
        const last = this.lastTotals.get(key) ?? 0;
        this.lastTotals.set(key, value);
        // A total lower than the last one was reset (a new poller): all of it is new.
        sampled = value >= last ? value - last : value;
        if (sampled === 0) continue;
      }
      samples.push({
        minute,
        instanceId: instanceId ?? this.instanceId,
        metric,
        subject,
        value: sampled,
      });
    }
    this.pending.push(samples);
    if (this.pending.length > MAX_PENDING_MINUTES) this.pending.shift();
    return this.unwritten();
  }

  /** Everything not written yet, oldest minute first. */
  unwritten(): Sample[] {
    return this.pending.flat();
  }

  written(): void {
    this.pending = [];
  }
}

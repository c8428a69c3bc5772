/**
 * The clocks of an item's way from Reddit to a receiver (docs/ingestion.md, "Where the seconds
 * go"): each stage is timed on its own, in the process that runs it.
 */
export const PIPELINE_STAGES = [
  /** Reddit's created_utc (the middle of its whole second) to the first request for the item. */
  'created_to_asked',
  /** That request leaving to the answer that brought the item (a second ask 30 s later included). */
  'asked_to_answered',
  /** The answer arriving to the item reaching the ingestion pipeline (parents, hand-off queue). */
  'answered_to_handed',
  /** Matching, storing and committing the item's batch. */
  'handed_to_stored',
  /** A stored alert's delivery row to its claim by a delivery worker (first attempts only). */
  'stored_to_claimed',
  /** The claim to the receiver's answer. */
  'claimed_to_sent',
] as const;

export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** Upper bounds in seconds: fine below 3 s, where the latency target lies. */
export const STAGE_BUCKETS = [
  0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20, 30, 60, 300,
];

/** Where a stage's timings go: PipelineStageMetrics in the app, nothing in a bare poller. */
export interface StageClock {
  /** One item (or delivery) spent `ms` in `stage`. */
  observe(stage: PipelineStage, ms: number): void;
}

export const NO_STAGE_CLOCK: StageClock = { observe: () => {} };

/** A cumulative bucket count: `count` observations were at most `le` seconds. */
export interface StageBucket {
  le: number;
  count: number;
}

/**
 * The `quantile` (0–1) of a histogram from its cumulative buckets, interpolated linearly inside
 * the bucket it falls in, as Prometheus' histogram_quantile does; null without observations.
 * Past the last finite bound it answers that bound.
 */
export function histogramQuantile(
  buckets: readonly StageBucket[],
  quantile: number,
): number | null {
  const finite = [...buckets].filter(({ le }) => Number.isFinite(le)).sort((a, b) => a.le - b.le);
  const total = Math.max(0, ...buckets.map(({ count }) => count));
  if (total === 0) return null;
  const rank = quantile * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const { le, count } of finite) {
    if (count >= rank) {
      const inBucket = count - lowerCount;
      return inBucket <= 0 ? le : lowerBound + ((le - lowerBound) * (rank - lowerCount)) / inBucket;
    }
    lowerBound = le;
    lowerCount = count;
  }
  return finite.at(-1)?.le ?? null;
}

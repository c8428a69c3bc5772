import type { MinuteTotal } from './operation-sample.store.js';
import { MINUTE_MS } from './sampled-figures.js';

/** One value per minute in [from, to), 0 where no instance wrote one. */
export function perMinute(totals: readonly MinuteTotal[], from: number, to: number): number[] {
  const byMinute = new Map(totals.map(({ minute, value }) => [minute, value]));
  const values: number[] = [];
  for (let minute = from; minute < to; minute += MINUTE_MS) values.push(byMinute.get(minute) ?? 0);
  return values;
}

/** What the id walk did over a window, summed over instances. */
export interface WalkCounts {
  /** Items handed to the pipeline: from listings and from the walk. */
  itemsHanded: number;
  /** Items the walk's /api/info asks returned. */
  idsFound: number;
  /** Ids absent at two asks: taken for never visible. */
  idsGivenUp: number;
  /** Ids given up unasked because the backlog outgrew its limit. */
  idsDropped: number;
}

/**
 * Share of the visible items that reached the pipeline, in percent: items handed over, out of
 * those plus the visible ones among the dropped ids, estimated at the share the walk found
 * visible (found / (found + given up)). Ids absent twice are counted as never visible, as the
 * poller takes them. Null before anything was handed over.
 */
export function coveragePercent(counts: WalkCounts): number | null {
  const { itemsHanded, idsFound, idsGivenUp, idsDropped } = counts;
  if (itemsHanded === 0) return null;
  const walked = idsFound + idsGivenUp;
  const visibleShare = walked === 0 ? 1 : idsFound / walked;
  return (100 * itemsHanded) / (itemsHanded + idsDropped * visibleShare);
}

/** The nearest-rank percentile's 0-based position among `count` sorted values. */
export function nearestRankIndex(count: number, percentile: number): number {
  return Math.min(count - 1, Math.max(0, Math.ceil((percentile / 100) * count) - 1));
}

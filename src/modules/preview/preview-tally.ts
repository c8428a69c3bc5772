import { isoWithMillis, utcDay } from '../../common/time/timestamps.js';

const HOUR_MS = 3_600_000;
/** The subreddits a preview lists, most matches first. */
export const TOP_SUBREDDITS = 10;

/** A verified match, as the tally counts it. */
export interface TalliedMatch {
  /**
   * When the item came in (epoch ms): when it would have alerted, and the day whose cap it would
   * have counted in.
   */
  readonly atMs: number;
  readonly subreddit: string;
  /**
   * How many matches it stands for: 1 when every candidate of its hour was verified, else the
   * hour's candidates over those verified.
   */
  readonly weight: number;
}

export interface PreviewTally {
  readonly matches: number;
  readonly estimated: boolean;
  readonly perHour: { hour: string; matches: number }[];
  readonly subreddits: { subreddit: string; matches: number }[];
  readonly daysOverCap: number;
}

/**
 * Counts a preview's matches per hour, per subreddit and per UTC day, each match by its weight:
 * when a weight is not 1, the counts are extrapolated from a sample (rounded) and the tally says
 * `estimated`. Every hour from `fromMs` to `toMs` is listed, with 0 where nothing matched.
 */
export function tallyMatches(
  matches: readonly TalliedMatch[],
  range: { fromMs: number; toMs: number },
  dailyCap: number,
): PreviewTally {
  const firstHour = Math.floor(range.fromMs / HOUR_MS);
  const lastHour = Math.floor(Math.max(range.fromMs, range.toMs - 1) / HOUR_MS);
  const perHour = new Array<number>(lastHour - firstHour + 1).fill(0);
  const bySubreddit = new Map<string, { subreddit: string; matches: number }>();
  const byDay = new Map<string, number>();
  let total = 0;
  for (const { atMs, subreddit, weight } of matches) {
    total += weight;
    const hour = Math.min(Math.max(Math.floor(atMs / HOUR_MS), firstHour), lastHour);
    perHour[hour - firstHour] += weight;
    const key = subreddit.toLowerCase();
    const entry = bySubreddit.get(key) ?? { subreddit, matches: 0 };
    entry.matches += weight;
    bySubreddit.set(key, entry);
    const day = utcDay(atMs);
    byDay.set(day, (byDay.get(day) ?? 0) + weight);
  }
  const subreddits = [...bySubreddit.values()]
    .sort((a, b) => b.matches - a.matches || a.subreddit.localeCompare(b.subreddit))
    .slice(0, TOP_SUBREDDITS)
    .map(({ subreddit, matches: count }) => ({ subreddit, matches: Math.round(count) }));
  return {
    matches: Math.round(total),
    estimated: matches.some(({ weight }) => weight !== 1),
    perHour: perHour.map((count, index) => ({
      hour: isoWithMillis((firstHour + index) * HOUR_MS),
      matches: Math.round(count),
    })),
    subreddits,
    daysOverCap: [...byDay.values()].filter((count) => Math.round(count) > dailyCap).length,
  };
}

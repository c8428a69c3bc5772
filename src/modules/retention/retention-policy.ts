import { PLANS } from '../../config/plans.js';
import { SAMPLE_RETENTION_DAYS } from '../ops/figures/sampled-figures.js';

/** How long each kind of row is kept, in days; README "Ingestion from Reddit" documents them. */
export interface RetentionWindows {
  /**
   * The longest plan history_days: no plan can read an alert older than this. The operator
   * console's audit entries are kept as long (issue #26: "kept like alerts").
   */
  alerts: number;
  /** Longer than any listing page, pending hole or dump replay is expected to reach back. */
  seenItems: number;
  /** Comments mostly arrive within hours of their post; older parents come from /api/info. */
  postsCache: number;
  /** Keeps more than the alert history, so usage of every retained alert's day stays known. */
  dailyUsage: number;
  /** The operator console's per-minute samples (SAMPLE_RETENTION_DAYS). */
  operationSamples: number;
  /** Only the current hour's mail count limits anything; a day of them is kept to look back on. */
  mailHourlyCounts: number;
}

export const RETENTION_WINDOWS: RetentionWindows = {
  alerts: Math.max(...Object.values(PLANS).map((plan) => plan.historyDays)),
  seenItems: 7,
  postsCache: 2,
  dailyUsage: 100,
  operationSamples: SAMPLE_RETENTION_DAYS,
  mailHourlyCounts: 1,
};

/** Rows per delete statement (and per transaction), so no lock is held for long. */
export const RETENTION_BATCH_SIZE = 1_000;

import { AppError } from '../../common/errors/app-error.js';
import type { PlanLimits } from '../../config/plans.js';

/** The longest history a caller may ask for, whatever the plan (usage rows are kept 100 days). */
export const USAGE_HISTORY_MAX_DAYS = 90;
export const USAGE_HISTORY_DEFAULT_DAYS = 30;

/** One UTC day of counts: what the daily cap let through, and what it held back. */
export interface UsageDay {
  /** "YYYY-MM-DD". */
  date: string;
  delivered: number;
  capped: number;
}

/** How many days back a history may reach: 1 to 90, and never past the plan's history_days. */
export function checkHistoryDays(days: number, limits: PlanLimits): number {
  const max = Math.min(USAGE_HISTORY_MAX_DAYS, limits.historyDays);
  if (!(Number.isInteger(days) && days >= 1 && days <= max)) {
    throw AppError.invalidBody(`days must be an integer from 1 to ${max}`);
  }
  return days;
}

export function isCapReached(delivered: number, limits: PlanLimits): boolean {
  return delivered >= limits.perKeywordDailyCap;
}

export function matchesOf(day: UsageDay): number {
  return day.delivered + day.capped;
}

import { daysBefore } from '../../common/time/timestamps.js';
import type { WebhookEntity } from './webhook.entity.js';

/*
 * A webhook's failing streak (`failing_since`) begins with its first failed attempt after a
 * success, and ends with its next success (WebhookTargetsStore.recordAttempts, in the statement
 * that counts consecutive_failures) or when it is resumed (streakOnResume). Every retry policy
 * alike: without retries, a webhook whose every delivery fails has such a streak as well.
 */

/**
 * decisions section 16: an active webhook whose streak has lasted this many days is long failing.
 * It is not paused; its account is mailed once about the streak, and the dashboard shows it on
 * every page until it succeeds again or is paused.
 */
export const LONG_FAILING_DAYS = 3;

/** Seen at `nowMs`, a streak that began at this time or earlier has lasted LONG_FAILING_DAYS. */
export const longFailingSince = (nowMs: number): number => daysBefore(nowMs, LONG_FAILING_DAYS);

/**
 * Resuming a paused webhook starts its streak again: its receiver was not tried while it was
 * paused, so those days are not days of failure, and a new streak may be mailed about again.
 */
export function streakOnResume(
  webhook: WebhookEntity,
  active: boolean | undefined,
): Partial<Pick<WebhookEntity, 'failingSince' | 'failingNoticeAt'>> {
  return active === true && !webhook.active ? { failingSince: null, failingNoticeAt: null } : {};
}

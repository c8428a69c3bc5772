const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** decisions section 9: a session ends after 12 hours without a request… */
export const SESSION_IDLE_MS = 12 * HOUR_MS;
/** …and 7 days after sign-in, however busy. */
export const SESSION_MAX_AGE_MS = 7 * 24 * HOUR_MS;
/** last_seen_at is written at most this often, so idleness is counted to the minute. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;

/** Idle longer than SESSION_IDLE_MS, or older than SESSION_MAX_AGE_MS. */
export function isSessionOver(
  session: { createdAt: number; lastSeenAt: number },
  now: number,
): boolean {
  return now - session.lastSeenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_MAX_AGE_MS;
}

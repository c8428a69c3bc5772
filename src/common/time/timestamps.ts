const MS_PER_DAY = 86_400_000;

/** "2026-11-21T10:04:05.123+00:00": API responses. */
export function isoWithMillis(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

/** isoWithMillis, or null for a time that has not come (never used, never expires…). */
export const isoWithMillisOrNull = (ms: number | null): string | null =>
  ms === null ? null : isoWithMillis(ms);

/** "2026-11-21T10:04:05+00:00": webhook bodies show whole seconds. */
export function isoWholeSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function daysBefore(ms: number, days: number): number {
  return ms - days * MS_PER_DAY;
}

/** The `count` UTC days that end with the day of `ms`, oldest first. */
export function utcDaysEndingAt(ms: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => utcDay(daysBefore(ms, count - 1 - index)));
}

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export function parseIsoTimestamp(value: string): number | null {
  const match = ISO_8601.exec(value);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  const hasTimeWithoutZone = match[4] !== undefined && match[7] === undefined;
  const ms = Date.parse(hasTimeWithoutZone ? `${value}Z` : value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Why a timestamp query parameter was refused. A space where the offset's + belongs is the
 * classic unencoded URL: `+` in a query string decodes to a space, so it must be sent as %2B.
 */
export function badTimestampMessage(name: string, value: string): string {
  const expected = `${name} must be an ISO 8601 timestamp such as 2026-11-21T10:04:05Z`;
  return /\d \d{2}(:?\d{2})?$/.test(value)
    ? `${expected}; it holds a space where the offset's + belongs: URL-encode + as %2B (e.g. 2026-11-21T10:04:05%2B01:00)`
    : `${expected} (in a URL, encode a + offset as %2B)`;
}

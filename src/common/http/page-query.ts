import { AppError } from '../errors/app-error.js';
import { badTimestampMessage, parseIsoTimestamp } from '../time/timestamps.js';
import { decodeCursor, type KeysetCursor } from './keyset-cursor.js';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

/** The shared parameters of newest-first listings (alerts, webhook deliveries), one rule each. */
export function parseSince(since: string | undefined): number | null {
  if (since === undefined) return null;
  const sinceMs = parseIsoTimestamp(since);
  if (sinceMs === null) throw AppError.invalidBody(badTimestampMessage('since', since));
  return sinceMs;
}

export function parseAfter(after: string | undefined): KeysetCursor | null {
  if (after === undefined) return null;
  const cursor = decodeCursor(after);
  if (cursor === null) {
    throw AppError.invalidBody(
      'after is not a valid cursor: pass the next_cursor (GraphQL: a cursor) of a previous page, unchanged',
    );
  }
  return cursor;
}

/** REST's limit, GraphQL's first: messages name it limit on both. */
export function checkPageSize(size: number | undefined): number {
  if (size === undefined) return PAGE_SIZE_DEFAULT;
  if (!(Number.isInteger(size) && size >= 1 && size <= PAGE_SIZE_MAX)) {
    throw AppError.invalidBody(`limit must be an integer from 1 to ${PAGE_SIZE_MAX}`);
  }
  return size;
}

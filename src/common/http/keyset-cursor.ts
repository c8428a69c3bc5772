import { isId } from '../ids.js';

/** An opaque keyset position: the (time, id) of the last row of a page, newest-first listings. */
export interface KeysetCursor {
  /** The row's sort time, epoch milliseconds. */
  at: number;
  id: string;
}

/** base64url (unpadded) of the JSON array [at, id]: the format clients already hold. */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/**
 * The position a cursor names, or null for anything encodeCursor could not have given out for a
 * stored row: a time that is not a whole number of milliseconds from 0 to 2^53 - 1, an id that is
 * not a UUID (so no U+0000, surrogate or other text ever reaches a query), other fields, other
 * shapes, or another spelling of a valid position (padding, whitespace, exponents).
 */
export function decodeCursor(value: string): KeysetCursor | null {
  const [at, id, ...extra] = jsonArrayIn(value);
  if (
    extra.length > 0 ||
    !(Number.isSafeInteger(at) && (at as number) >= 0) ||
    !(typeof id === 'string' && isId(id))
  ) {
    return null;
  }
  const cursor = { at: at as number, id };
  return encodeCursor(cursor) === value ? cursor : null;
}

function jsonArrayIn(value: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** An opaque keyset position: the (matched_at, id) of the last alert of a page. */
export interface AlertCursor {
  matchedAt: number;
  id: string;
}

export function encodeCursor(cursor: AlertCursor): string {
  return Buffer.from(JSON.stringify([cursor.matchedAt, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): AlertCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      typeof parsed[1] === 'string' &&
      parsed[1].length > 0
    ) {
      return { matchedAt: parsed[0] as number, id: parsed[1] };
    }
  } catch {
    // fall through: malformed cursor
  }
  return null;
}

/** An opaque keyset position: the (time, id) of the last row of a page, newest-first listings. */
export interface KeysetCursor {
  at: number;
  id: string;
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): KeysetCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      typeof parsed[1] === 'string' &&
      parsed[1].length > 0
    ) {
      return { at: parsed[0] as number, id: parsed[1] };
    }
  } catch {
    // fall through: malformed cursor
  }
  return null;
}

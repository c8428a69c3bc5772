/**
 * Why a query was refused: the message starts `query:`, says what was expected and names the
 * 1-based character position (code points, so an emoji counts as one character).
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';

  constructor(
    /** 1-based character position. */
    readonly position: number,
    readonly expected: string,
  ) {
    super(`query: expected ${expected} at character ${position}`);
  }
}

/** A QueryError at a UTF-16 offset of the query. */
export function queryErrorAt(query: string, offset: number, expected: string): QueryError {
  return new QueryError(characterPosition(query, offset), expected);
}

function characterPosition(query: string, offset: number): number {
  let position = 1;
  for (let index = 0; index < offset; index++) {
    if (isSurrogatePair(query, index)) index++;
    position++;
  }
  return position;
}

function isSurrogatePair(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  const next = text.charCodeAt(index + 1);
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
}

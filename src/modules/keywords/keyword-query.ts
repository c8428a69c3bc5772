import type { SchemaObject } from '@nestjs/swagger';
import { QueryError } from '../matching/query/query-error.js';
import { MAX_QUERY_CHARACTERS, parseQuery } from '../matching/query/query-parser.js';

/**
 * A keyword's `query` (decisions.md section 13): a string the query parser accepts, or null. The
 * parser is the one place a query is validated; its refusal is the message, `query: expected …
 * at character N`. Stored as written: what the user wrote is what every answer shows.
 */
export type QueryResult = { ok: true; query: string | null } | { ok: false; message: string };

export const QUERY_NOT_A_STRING = 'query must be a string or null';

export const QUERY_DESCRIPTION =
  'A search query (docs/matching.md): what must occur, with AND, OR, NOT, NEAR/n, phrases, prefixes and item fields. With a query, mode plays no part in matching; the filter lists still apply.';

/** The schema of a query as a request gives it; its default (null) is said by each shape. */
export const GIVEN_QUERY_SCHEMA: SchemaObject = {
  type: 'string',
  nullable: true,
  minLength: 1,
  maxLength: MAX_QUERY_CHARACTERS,
};

/** A given query, as sent (any JSON); `undefined` is the caller's to read (default or unchanged). */
export function checkQuery(given: unknown): QueryResult {
  if (given === null) return { ok: true, query: null };
  if (typeof given !== 'string') return { ok: false, message: QUERY_NOT_A_STRING };
  try {
    parseQuery(given);
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, query: given };
}

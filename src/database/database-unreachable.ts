import { QueryFailedError } from 'typeorm';
import { AppError } from '../common/errors/app-error.js';
import { isoWithMillis } from '../common/time/timestamps.js';

/** What a 503 `unavailable` asks a client to wait before trying again (docs/operations.md). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Node's socket errors: no connection (refused, reset, timed out, no route, no such host). */
const NETWORK_ERROR_CODES = /^E(CONN|HOST|NET|PIPE|TIMEDOUT|AI_|NOTFOUND)/;
/** pg's words when a connection ends under a query, or before its startup finished. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
];
/**
 * PostgreSQL SQLSTATEs of a server that is going or not there yet: the connection exception
 * class, and an administrator's or a crash's shutdown, or a server still starting.
 */
const UNREACHABLE_SQLSTATE = /^(08|57P0[123])/;

/**
 * The answer to a request the database could not serve: 503 `unavailable` with Retry-After, and
 * since when the database has not answered when that is known.
 */
export function databaseUnavailable(since: number | null): AppError {
  const when = since === null ? '' : ` (since ${isoWithMillis(since)})`;
  return new AppError(
    'unavailable',
    `The service is briefly unavailable: its database cannot be reached${when}. Try again in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

/** A connection to PostgreSQL that was not opened because the server cannot be reached. */
export class DatabaseUnreachableError extends AppError {
  constructor(
    readonly since: number,
    cause?: unknown,
  ) {
    const { message, headers } = databaseUnavailable(since);
    super('unavailable', message, headers);
    this.name = 'DatabaseUnreachableError';
    this.cause = cause;
  }
}

/** The error, the driver's error TypeORM wraps (driverError), and the causes behind them. */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    yield next;
    const { driverError, cause } = next as { driverError?: unknown; cause?: unknown };
    queue.push(driverError, cause);
  }
}

/**
 * The driver or the socket says a connection to the server could not be opened or was lost:
 * what the pool's connections and the ingestion pipeline look for, whatever wraps it.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnreachableError) return true;
  for (const { code, message } of errorChain(error)) {
    if (
      typeof code === 'string' &&
      (NETWORK_ERROR_CODES.test(code) || UNREACHABLE_SQLSTATE.test(code))
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      LOST_CONNECTION_MESSAGES.some((lost) => message.startsWith(lost))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A request failed because the database could not be reached, or its connection was lost under
 * a query: an outage, not a fault of the request or of the code. Only what the database layer
 * threw counts (a socket error of anything else is no sign of the database). SQLite never gives
 * one.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return (
    error instanceof DatabaseUnreachableError ||
    (error instanceof QueryFailedError && isConnectionFailure(error.driverError))
  );
}

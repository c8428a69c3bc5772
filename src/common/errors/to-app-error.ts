import { HttpException } from '@nestjs/common';
import { databaseUnavailable, isDatabaseUnreachable } from '../../database/database-unreachable.js';
import { AppError } from './app-error.js';

interface BodyParserError {
  type?: string;
}

/**
 * Maps whatever was thrown to a domain error; null means an unexpected failure (500).
 * Framework errors (unknown route, malformed or oversized JSON) get the spec's codes here, and
 * a connection to the database lost under a query 503 `unavailable`, as one that failed to open.
 */
export function toAppError(exception: unknown): AppError | null {
  if (exception instanceof AppError) return exception;
  if (isDatabaseUnreachable(exception)) return databaseUnavailable(null);
  if (exception instanceof HttpException) {
    const parserError = exception.cause as BodyParserError | undefined;
    if (parserError?.type === 'entity.parse.failed')
      return AppError.invalidBody('Malformed JSON body');
    if (parserError?.type === 'entity.too.large')
      return AppError.invalidBody('Request body too large');
    const status = exception.getStatus();
    if (status === 404) return AppError.routeNotFound();
    if (status === 400 || status === 422 || status === 413 || status === 415) {
      return AppError.invalidBody(exception.message);
    }
  }
  return null;
}

import type { ErrorCode } from './error-code.js';

/** A failure a caller can act on: a stable code and a human message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(what: string): AppError {
    return new AppError('not_found', `${what} not found`);
  }

  static routeNotFound(): AppError {
    return new AppError('not_found', 'Route not found');
  }

  static invalidBody(message: string): AppError {
    return new AppError('invalid_body', message);
  }

  /** No JSON body reached the route: none was sent, or not as JSON (text/plain, a form…). */
  static jsonBodyRequired(): AppError {
    return AppError.invalidBody('Expected a JSON body sent with Content-Type: application/json');
  }
}

export const ERROR_CODES = [
  'unauthorized',
  'subscription_required',
  'wrong_product',
  // A dashboard request that failed the CSRF checks, a field a key may not use (GraphQL), or a
  // read key's write (REST and GraphQL, decisions section 15).
  'forbidden',
  'keyword_limit_reached',
  'not_found',
  'invalid_body',
  'rate_limited',
  'internal_error',
  'unavailable',
  // Requests the HTTP parser refuses before any route sees them.
  'bad_request',
  'request_timeout',
  'headers_too_large',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one mapping of error codes to HTTP statuses; a new code that is not mapped fails to compile. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'unauthorized':
      return 401;
    case 'subscription_required':
      return 402;
    case 'wrong_product':
    case 'forbidden':
    case 'keyword_limit_reached':
      return 403;
    case 'not_found':
      return 404;
    case 'invalid_body':
      return 422;
    case 'rate_limited':
      return 429;
    case 'internal_error':
      return 500;
    case 'unavailable':
      return 503;
    case 'bad_request':
      return 400;
    case 'request_timeout':
      return 408;
    case 'headers_too_large':
      return 431;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

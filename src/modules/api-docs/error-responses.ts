import type { ResponseObject } from '@nestjs/swagger';
import { httpStatusOf, type ErrorCode } from '../../common/errors/error-code.js';
import { ref } from '../../common/api-docs/schema-helpers.js';
import { ErrorBody } from '../../common/errors/error-body.js';

/** When each code is answered; a code added to ErrorCode fails to compile until it is described here. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  unauthorized:
    'Missing, unknown, revoked or expired API key (for an expired key the message says it expired).',
  subscription_required: "The account's plan is not active.",
  wrong_product:
    'The key belongs to the other product (Alerts keys here, App keys on inbox and searches).',
  forbidden:
    'A read-only API key (scope read) on a route that is not a GET; the message says the key can only read. In GraphQL also: a mutation with a read-only key, a dashboard request from another origin or without its X-CSRF-Token, or a field an API key may not use.',
  keyword_limit_reached: "Resuming the keyword would exceed the plan's keyword limit.",
  not_found: "Unknown id, or not the caller's.",
  invalid_body:
    'A field, parameter or body failed validation (including a body not sent as application/json); the message names the problem.',
  rate_limited:
    'Rate limit exceeded: 60 reads (GET) or 120 writes per minute per key; 10 webhook tests per minute.',
  internal_error:
    'Unexpected failure; the message carries a reference for the logs, never internals.',
  unavailable: 'A dependency (the database) is unreachable.',
  bad_request:
    "Node's HTTP parser refused the request before any route saw it (e.g. a bad chunk size).",
  request_timeout: 'The request was not received in time.',
  headers_too_large: 'Too many or too long headers, or a request line over 16 KB.',
};

export const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Seconds until the request may be retried.',
    schema: { type: 'integer', minimum: 1 },
  },
};

/** One response per HTTP status, each listing its codes with an example `{ error, code }` body. */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: statusCodes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}`).join('\n\n'),
      ...(status === 429 ? { headers: RETRY_AFTER_HEADER } : {}),
      content: {
        'application/json': {
          schema: ref(ErrorBody),
          examples: Object.fromEntries(
            statusCodes.map((code) => [code, { value: { error: ERROR_MEANINGS[code], code } }]),
          ),
        },
      },
    };
  }
  return responses;
}

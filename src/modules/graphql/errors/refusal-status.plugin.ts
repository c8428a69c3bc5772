import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { AppError } from '../../../common/errors/app-error.js';
import { httpStatusOf, type ErrorCode } from '../../../common/errors/error-code.js';
import { toAppError } from '../../../common/errors/to-app-error.js';
import type { GraphqlContext } from '../common/graphql-context.js';

/**
 * Codes that refuse the caller rather than one field: the whole operation fails the same way.
 * `unavailable` too: without its database the service can answer no field.
 */
export function refusesCaller(code: ErrorCode): boolean {
  switch (code) {
    case 'unauthorized':
    case 'wrong_product':
    case 'forbidden':
    case 'subscription_required':
    case 'rate_limited':
    case 'unavailable':
      return true;
    case 'keyword_limit_reached':
    case 'not_found':
    case 'invalid_body':
    case 'internal_error':
    case 'bad_request':
    case 'request_timeout':
    case 'headers_too_large':
      return false;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

/**
 * GraphQL answers 200 when execution ran; a refused caller instead gets REST's status and headers
 * (401, 402, 403, 429 and 503 with Retry-After), so HTTP clients and proxies see what happened.
 */
export const refusalStatusPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ errors, response }) {
        const refusal = (errors ?? [])
          .map((error) => toAppError(unwrapResolverError(error)))
          .find((error): error is AppError => error !== null && refusesCaller(error.code));
        if (!refusal) return;
        response.http.status = httpStatusOf(refusal.code);
        for (const [name, value] of Object.entries(refusal.headers))
          response.http.headers.set(name, value);
      },
    };
  },
};

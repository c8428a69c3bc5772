import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { AppError } from '../../../common/errors/app-error.js';
import { httpStatusOf } from '../../../common/errors/error-code.js';
import { toAppError } from '../../../common/errors/to-app-error.js';

/**
 * A failure before execution (the context) as Apollo answers it: REST's status and headers in
 * extensions.http, which Apollo turns into the response's and then drops; the original error
 * stays attached so the formatter gives it REST's code.
 */
export function graphqlRefusal(error: unknown): unknown {
  const appError = toAppError(error);
  if (!appError) return error;
  return new GraphQLError(appError.message, {
    originalError: appError,
    extensions: {
      http: {
        status: httpStatusOf(appError.code),
        headers: new HeaderMap(Object.entries(appError.headers)),
      },
    },
  });
}

/** A query refused before validation, answered as Apollo answers a query that fails it: 400. */
export function queryRefusal(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: AppError.invalidBody(error.message),
    extensions: { http: { status: 400 } },
  });
}

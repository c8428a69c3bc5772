import {
  ApolloServerErrorCode,
  ApolloServerValidationErrorCode,
  unwrapResolverError,
} from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { httpStatusOf, type ErrorCode } from '../../../common/errors/error-code.js';
import { toAppError } from '../../../common/errors/to-app-error.js';

/** Apollo's codes for a request that never reached a resolver: the query itself is at fault. */
const INVALID_REQUEST_CODES = new Set<string>([
  ApolloServerErrorCode.GRAPHQL_PARSE_FAILED,
  ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
  ApolloServerErrorCode.BAD_USER_INPUT,
  ApolloServerErrorCode.BAD_REQUEST,
  ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_FOUND,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
  ApolloServerValidationErrorCode.INTROSPECTION_DISABLED,
  ApolloServerValidationErrorCode.MAX_RECURSIVE_SELECTIONS_EXCEEDED,
]);

/** What was thrown in a resolver or the context, behind the GraphQLError that carries it. */
function thrownBehind(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  return unwrapped instanceof GraphQLError && unwrapped.originalError
    ? unwrapped.originalError
    : unwrapped;
}

/** Logs an unexpected failure and returns the reference shown to the caller. */
export type UnexpectedErrorReporter = (
  error: unknown,
  path: GraphQLFormattedError['path'],
) => string;

/** A type, not an interface: GraphQL's extensions are an index signature. */
export type GraphqlErrorExtensions = {
  code: ErrorCode;
  /** The status REST answers with for this code. */
  status: number;
};

/**
 * Every GraphQL error leaves with REST's stable code in extensions.code and nothing else:
 * no stack trace, no original exception, no Apollo internals.
 */
export function graphqlErrorFormatter(reportUnexpected: UnexpectedErrorReporter) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const shaped = (code: ErrorCode, message: string): GraphQLFormattedError => {
      const extensions: GraphqlErrorExtensions = { code, status: httpStatusOf(code) };
      return { message, locations: formatted.locations, path: formatted.path, extensions };
    };
    const appError = toAppError(thrownBehind(error));
    if (appError) return shaped(appError.code, appError.message);
    const apolloCode = formatted.extensions?.code;
    if (typeof apolloCode === 'string' && INVALID_REQUEST_CODES.has(apolloCode)) {
      return shaped('invalid_body', formatted.message);
    }
    const reference = reportUnexpected(thrownBehind(error), formatted.path);
    return shaped('internal_error', `Internal error (reference ${reference})`);
  };
}

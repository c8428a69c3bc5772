/**
 * The one operation of a GraphQL request, as far as authentication looks: its type and its root
 * fields by name (aliases resolved, `__typename` left out, a fragment at the root shown as '...').
 * The GraphQL context reads it from the document before authenticating.
 */
export interface GraphqlOperation {
  type: 'query' | 'mutation' | 'subscription';
  rootFields: string[];
}

/** The root field that signs in: the one field anyone may call, alone in its mutation. */
export const SIGN_IN_FIELD = 'signIn';

/** The query a dashboard page opens with to learn its CSRF token: a cookie may send it without one. */
export const VIEWER_FIELD = 'viewer';

function isOnly(
  operation: GraphqlOperation | null,
  type: GraphqlOperation['type'],
  field: string,
): boolean {
  return (
    operation !== null &&
    operation.type === type &&
    operation.rootFields.length === 1 &&
    operation.rootFields[0] === field
  );
}

/** One signIn per request (aliases cannot try several passwords at once). */
export const isSignIn = (operation: GraphqlOperation | null) =>
  isOnly(operation, 'mutation', SIGN_IN_FIELD);

export const isViewerQuery = (operation: GraphqlOperation | null) =>
  isOnly(operation, 'query', VIEWER_FIELD);

/**
 * The one operation of a GraphQL request, as far as authentication looks: its type and its root
 * fields by name (aliases resolved, `__typename` left out, a fragment at the root shown as '...').
 * The GraphQL context reads it from the document before authenticating.
 */
export interface GraphqlOperation {
  type: 'query' | 'mutation' | 'subscription';
  rootFields: string[];
}

/** The root field that signs in, open to anyone, alone in its mutation. */
export const SIGN_IN_FIELD = 'signIn';

/** The first start's setup link (docs/dashboard.md): what it is worth, and using it. Open too. */
export const SETUP_LINK_FIELD = 'setupLink';
export const COMPLETE_SETUP_FIELD = 'completeSetup';

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

/**
 * The operations anyone may send, without a key or a session: one signIn per request (aliases
 * cannot try several passwords at once), and the setup link's field, whose token is its secret.
 */
export const isOpenToAnyone = (operation: GraphqlOperation | null) =>
  isOnly(operation, 'mutation', SIGN_IN_FIELD) ||
  isOnly(operation, 'query', SETUP_LINK_FIELD) ||
  isOnly(operation, 'mutation', COMPLETE_SETUP_FIELD);

export const isViewerQuery = (operation: GraphqlOperation | null) =>
  isOnly(operation, 'query', VIEWER_FIELD);

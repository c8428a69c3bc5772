/**
 * The one operation of a GraphQL request, as far as authentication looks: its type and its root
 * fields by name (aliases resolved, `__typename` left out, a fragment at the root shown as '...').
 * The GraphQL context reads it from the document before authenticating.
 */
export interface GraphqlOperation {
  type: 'query' | 'mutation' | 'subscription';
  rootFields: string[];
}

/** The root field that signs in: a field anyone may call, alone in its mutation. */
export const SIGN_IN_FIELD = 'signIn';

/** Sign-up's fields (docs/dashboard.md, Signing up), open to anyone too, each alone. */
export const SIGN_UP_OPEN_FIELD = 'signUpOpen';
export const SIGN_UP_FIELD = 'signUp';
export const VERIFY_SIGN_UP_FIELD = 'verifySignUp';

/** The first start's setup link (docs/dashboard.md): what it is worth, and using it. Open too. */
export const SETUP_LINK_FIELD = 'setupLink';
export const COMPLETE_SETUP_FIELD = 'completeSetup';

/** Single sign-on's first step (docs/teams.md): the provider's URL for an email. Open too. */
export const START_SSO_SIGN_IN_FIELD = 'startSsoSignIn';

/** An invitation's page (docs/teams.md, Invitations): what the link is worth, and accepting. Open too. */
export const INVITATION_LINK_FIELD = 'invitationLink';
export const ACCEPT_INVITATION_FIELD = 'acceptInvitation';

/** The root fields anyone may call, each alone in an operation of its type. */
const PUBLIC_FIELDS = new Map<string, GraphqlOperation['type']>([
  [SIGN_IN_FIELD, 'mutation'],
  [SIGN_UP_OPEN_FIELD, 'query'],
  [SIGN_UP_FIELD, 'mutation'],
  [VERIFY_SIGN_UP_FIELD, 'mutation'],
  [SETUP_LINK_FIELD, 'query'],
  [COMPLETE_SETUP_FIELD, 'mutation'],
  [START_SSO_SIGN_IN_FIELD, 'mutation'],
  [INVITATION_LINK_FIELD, 'query'],
  [ACCEPT_INVITATION_FIELD, 'mutation'],
]);

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
 * One public field per request, signIn, sign-up's or the setup link's (aliases cannot try several passwords, or
 * ask for several mails, at once).
 */
export const isPublicOperation = (operation: GraphqlOperation | null) =>
  operation !== null &&
  operation.rootFields.length === 1 &&
  PUBLIC_FIELDS.get(operation.rootFields[0]) === operation.type;

export const isViewerQuery = (operation: GraphqlOperation | null) =>
  isOnly(operation, 'query', VIEWER_FIELD);

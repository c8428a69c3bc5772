import type { Product } from '../../config/plans.js';
import type { AccountRole } from './account-roles.js';
import type { Caller, CallerSession, OperatorCaller } from './caller.js';

/** The cookie of a dashboard session (decisions section 9). */
export const SESSION_COOKIE = 'alerts_session';

/** The header a cookie-authenticated request carries viewer.csrfToken in. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** A live session as the users module found it; the authenticator reads its CSRF token. */
export interface SessionRecord extends CallerSession {
  lastSeenAt: number;
  /** The user's role as stored now: a change applies from the user's next request. */
  role: AccountRole | 'operator';
  email: string;
}

/**
 * What RequestAuthenticator asks of the sessions, which the users module keeps: it implements this
 * class, so auth does not depend on users (users depends on auth for the caller).
 */
export abstract class SessionAuthenticator {
  /** The live session of a token, or null: unknown, or over (idle or too old: then deleted). */
  abstract find(token: string): Promise<SessionRecord | null>;

  /**
   * The caller acting through a session whose request passed the CSRF checks: the account
   * checked as a key's (accountRefusal), a canceled one ending the session; the use recorded.
   */
  abstract callerFor(session: SessionRecord, product: Product): Promise<Caller>;

  /** The operator of an operator's session that passed the same checks; the use recorded. */
  abstract operatorFor(session: SessionRecord): Promise<OperatorCaller>;
}

import {
  planLimits,
  type PlanLimits,
  type PlanName,
  type PlanStatus,
  type Product,
} from '../../config/plans.js';
import type { AccountEntity } from '../accounts/account.entity.js';
import type { AccountRole } from './account-roles.js';

/** The dashboard session a request came with (the users module keeps sessions). */
export interface CallerSession {
  sessionId: string;
  userId: string;
  csrfToken: string;
}

export interface Caller {
  accountId: string;
  /** What rate limits count against: the API key's id, or `user:<id>` for a signed-in user. */
  keyId: string;
  product: Product;
  plan: PlanName;
  status: PlanStatus;
  limits: PlanLimits;
  /** The signed-in user's session; null for an API key. */
  session: CallerSession | null;
  /** The signed-in user's role, read with the session on every request; null for an API key. */
  role: AccountRole | null;
  /** Who acts, as the account's audit log names them: a user by email, a key by its prefix. */
  actor: CallerActor;
}

export interface CallerActor {
  type: 'user' | 'api_key';
  id: string;
  label: string;
}

/**
 * `actor` defaults to the key id itself: a caller made in process without a stored key (a seed
 * script, a bench, a unit test) is named by the id it was given.
 */
export function callerFor(
  account: AccountEntity,
  keyId: string,
  session: CallerSession | null = null,
  role: AccountRole | null = null,
  actor: CallerActor = { type: 'api_key', id: keyId, label: keyId },
): Caller {
  return {
    accountId: account.id,
    keyId,
    product: account.product,
    plan: account.plan,
    status: account.status,
    limits: planLimits(account.plan),
    session,
    role,
    actor,
  };
}

/**
 * A signed-in user acting for their account: counted apart from the account's keys, per user
 * whatever the browser or tab, reads against the dashboard's session budget (throttlers.ts).
 */
export function sessionCallerFor(
  account: AccountEntity,
  session: CallerSession,
  role: AccountRole,
  email: string,
): Caller {
  return callerFor(account, `user:${session.userId}`, session, role, {
    type: 'user',
    id: session.userId,
    label: email,
  });
}

/** What reading an account's data needs: whose, and under which plan limits. */
export type AccountScope = Pick<Caller, 'accountId' | 'limits'>;

/** A signed-in operator (decisions section 10): staff of the service, of no account. */
export interface OperatorCaller {
  userId: string;
  sessionId: string;
  csrfToken: string;
}

export interface RequestWithCaller {
  caller?: Caller;
  /** Set instead of `caller` when an operator's session signed the request in. */
  operator?: OperatorCaller;
}

/** Whoever a dashboard session belongs to: a user of `accountId`, or an operator (accountId null). */
export interface SessionUser extends CallerSession {
  accountId: string | null;
}

/** The session behind a request signed in by cookie, whoever's it is; null for an API key. */
export function sessionUserOf(request: RequestWithCaller): SessionUser | null {
  if (request.operator) return { ...request.operator, accountId: null };
  const session = request.caller?.session;
  return session ? { ...session, accountId: request.caller!.accountId } : null;
}

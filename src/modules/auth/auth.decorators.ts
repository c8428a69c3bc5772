import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Product } from '../../config/plans.js';
import { requestOf } from '../../common/http/request-of.js';
import type { AccountRole } from './account-roles.js';
import { sessionUserOf, type Caller, type OperatorCaller, type SessionUser } from './caller.js';

export const PUBLIC_ROUTE = 'auth:public';
export const REQUIRED_PRODUCT = 'auth:product';
export const SIGNED_IN_AS = 'auth:signed-in-as';
export const REQUIRED_ROLE = 'auth:role';

/** No API key needed (health checks). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** What a route or field takes: one product, or either (the dashboard's own account fields). */
export type ProductRequirement = Product | 'either';

/** Routes of the App product (the inbox); every other route needs an Alerts key. */
export const RequireProduct = (product: ProductRequirement) =>
  SetMetadata(REQUIRED_PRODUCT, product);

/**
 * Who a GraphQL field is for besides an account's keys and users (the default): `operator`
 * fields only for operators (decisions section 10), `any-session` fields for whoever signed in to
 * the dashboard (the viewer, signing out, the password).
 */
export type SignedInAs = 'operator' | 'any-session';

export const RequireOperator = () => SetMetadata(SIGNED_IN_AS, 'operator' satisfies SignedInAs);
export const AnySession = () => SetMetadata(SIGNED_IN_AS, 'any-session' satisfies SignedInAs);

/**
 * The least role (decisions section 15) a signed-in user needs for a GraphQL field; declared
 * beside each mutation (queries default to viewer). API keys are not users: it does not apply.
 */
export const RequireRole = (role: AccountRole) => SetMetadata(REQUIRED_ROLE, role);

export const CurrentOperator = createParamDecorator(
  (_data: unknown, context: ExecutionContext): OperatorCaller => {
    const operator = requestOf(context).operator;
    if (!operator) throw new Error('CurrentOperator used on a field without RequireOperator');
    return operator;
  },
);

/** The dashboard session behind the request (a user's or an operator's); null for an API key. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionUser | null =>
    sessionUserOf(requestOf(context)),
);

export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => {
    const caller = requestOf(context).caller;
    if (!caller) throw new Error('CurrentCaller used on a route without authentication');
    return caller;
  },
);

import {
  planLimits,
  type PlanLimits,
  type PlanName,
  type PlanStatus,
  type Product,
} from '../../config/plans.js';
import type { AccountEntity } from '../accounts/account.entity.js';

/** The authenticated account behind a request. */
export interface Caller {
  accountId: string;
  keyId: string;
  product: Product;
  plan: PlanName;
  status: PlanStatus;
  limits: PlanLimits;
}

/** The account acting through the key `keyId`, under its plan's limits. */
export function callerFor(account: AccountEntity, keyId: string): Caller {
  return {
    accountId: account.id,
    keyId,
    product: account.product,
    plan: account.plan,
    status: account.status,
    limits: planLimits(account.plan),
  };
}

/** What reading an account's data needs: whose, and under which plan limits. */
export type AccountScope = Pick<Caller, 'accountId' | 'limits'>;

export interface RequestWithCaller {
  caller?: Caller;
}

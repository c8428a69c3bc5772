import type { PlanLimits, PlanName, PlanStatus, Product } from '../../config/plans.js';

/** The authenticated account behind a request. */
export interface Caller {
  accountId: string;
  keyId: string;
  product: Product;
  plan: PlanName;
  status: PlanStatus;
  limits: PlanLimits;
}

/** What reading an account's data needs: whose, and under which plan limits. */
export type AccountScope = Pick<Caller, 'accountId' | 'limits'>;

export interface RequestWithCaller {
  caller?: Caller;
}

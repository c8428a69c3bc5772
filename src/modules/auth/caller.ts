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

export interface RequestWithCaller {
  caller?: Caller;
}

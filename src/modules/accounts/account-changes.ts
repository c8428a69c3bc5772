import type { PlanName, PlanStatus, Product } from '../../config/plans.js';
import { changedRows, type ChangedRow } from '../../database/changed-rows.js';
import type { ReadQuery } from '../../database/row-reader.js';

/** An account as the live matchers follow it by change number (change-sequence.ts). */
export interface ChangedAccount extends ChangedRow {
  product: Product;
  plan: PlanName;
  status: PlanStatus;
}

/**
 * The accounts changed after the change number (-1: every one), page by page: of one product,
 * or of every product when `product` is null. Plain code over a ReadQuery, so the keyword index
 * thread reads the accounts through it too, outside the framework.
 */
export function accountsChangedSince(
  read: ReadQuery,
  since: number,
  product: Product | null,
): AsyncGenerator<ChangedAccount[]> {
  return changedRows<ChangedAccount>(read, {
    table: 'accounts',
    columns: 'product, plan, status',
    since,
    where: product === null ? undefined : `product = '${product}'`,
  });
}

import { AppError } from '../../common/errors/app-error.js';
import type { Product } from '../../config/plans.js';
import type { AccountEntity } from '../accounts/account.entity.js';

/**
 * The checks after the credentials, in the documented order: the product, then the plan status.
 * Null when the account may act.
 */
export function accountRefusal(
  account: AccountEntity,
  product: Product,
  credential: 'key' | 'session',
): AppError | null {
  if (account.product !== product) {
    const holder = credential === 'key' ? 'This key belongs to' : 'This user belongs to';
    return new AppError(
      'wrong_product',
      product === 'alerts'
        ? `${holder} an App project; use an Alerts API key`
        : `${holder} the Alerts product; use an App project key`,
    );
  }
  if (account.status !== 'active') {
    return new AppError('subscription_required', 'An active plan is required');
  }
  return null;
}

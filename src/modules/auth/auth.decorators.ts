import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Product } from '../../config/plans.js';
import { requestOf } from '../../common/http/request-of.js';
import type { Caller } from './caller.js';

export const PUBLIC_ROUTE = 'auth:public';
export const REQUIRED_PRODUCT = 'auth:product';

/** No API key needed (health checks). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** What a route or field takes: one product, or either (the dashboard's own account fields). */
export type ProductRequirement = Product | 'either';

/** Routes of the App product (the inbox); every other route needs an Alerts key. */
export const RequireProduct = (product: ProductRequirement) =>
  SetMetadata(REQUIRED_PRODUCT, product);

export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => {
    const caller = requestOf(context).caller;
    if (!caller) throw new Error('CurrentCaller used on a route without authentication');
    return caller;
  },
);

import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { Product } from '../../config/plans.js';
import { Database } from '../../database/database.js';
import { AccountEntity } from '../accounts/account.entity.js';
import { ApiKeyEntity } from '../accounts/api-key.entity.js';
import { hashApiKey, hashesEqual } from '../accounts/api-key-secret.js';
import { bearerToken } from './bearer-token.js';
import { callerFor, type Caller } from './caller.js';

@Injectable()
export class ApiKeyAuthenticator {
  constructor(private readonly database: Database) {}

  /** Checks in the documented order: key, then product, then plan status. */
  async authenticate(authorization: string | undefined, product: Product): Promise<Caller> {
    const apiKey = bearerToken(authorization);
    if (!apiKey) throw new AppError('unauthorized', 'Missing or invalid API key');
    const keyHash = hashApiKey(apiKey);
    const key = await this.database.manager.findOneBy(ApiKeyEntity, { keyHash });
    if (!key || key.revokedAt !== null || !hashesEqual(key.keyHash, keyHash)) {
      throw new AppError('unauthorized', 'Missing or invalid API key');
    }
    const account = await this.database.manager.findOneBy(AccountEntity, { id: key.accountId });
    if (!account) throw new AppError('unauthorized', 'Missing or invalid API key');
    if (account.product !== product) {
      throw new AppError(
        'wrong_product',
        product === 'alerts'
          ? 'This key belongs to an App project; use an Alerts API key'
          : 'This key belongs to the Alerts product; use an App project key',
      );
    }
    if (account.status !== 'active') {
      throw new AppError('subscription_required', 'An active plan is required');
    }
    return callerFor(account, key.id);
  }
}

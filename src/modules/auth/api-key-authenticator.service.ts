import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import type { Product } from '../../config/plans.js';
import { AccountStore } from '../accounts/account.store.js';
import type { ApiKeyEntity } from '../accounts/api-key.entity.js';
import { hashApiKey, hashesEqual, KEY_USE_RECORD_INTERVAL_MS } from '../accounts/api-key-secret.js';
import { isoWithMillis } from '../../common/time/timestamps.js';
import { accountRefusal } from './account-admission.js';
import { bearerToken } from './bearer-token.js';
import { callerFor, type Caller } from './caller.js';
import type { RequestAccess } from './key-access.js';

@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Checks in the documented order: key (unknown, revoked, expired), then product, then plan
   * status, then the key's scope against what the request does (`access`, asked only of a read
   * key), as the route's own check: so its use is recorded before a read key is refused a write.
   */
  async authenticate(
    authorization: string | undefined,
    product: Product,
    access: () => RequestAccess,
  ): Promise<Caller> {
    const apiKey = bearerToken(authorization);
    if (!apiKey) throw new AppError('unauthorized', 'Missing or invalid API key');
    const keyHash = hashApiKey(apiKey);
    const key = await this.accounts.findKeyByHash(keyHash);
    if (!key || key.revokedAt !== null || !hashesEqual(key.keyHash, keyHash)) {
      throw new AppError('unauthorized', 'Missing or invalid API key');
    }
    if (key.expiresAt !== null && key.expiresAt <= this.clock.nowMs()) {
      throw new AppError('unauthorized', `This API key expired at ${isoWithMillis(key.expiresAt)}`);
    }
    const account = await this.accounts.findAccount(key.accountId);
    if (!account) throw new AppError('unauthorized', 'Missing or invalid API key');
    const refusal = accountRefusal(account, product, 'key');
    if (refusal) throw refusal;
    await this.recordUse(key);
    if (key.scope === 'read' && access() !== 'read') {
      throw new AppError(
        'forbidden',
        'This API key can only read: GET routes and GraphQL queries (its scope is read)',
      );
    }
    return callerFor(account, key.id, null, null, {
      type: 'api_key',
      id: key.id,
      label: key.keyPrefix,
    });
  }

  /**
   * Keeps lastUsedAt to the minute: a write at most once a minute per key (and only by the
   * instance that finds the stored time stale), so the read path stays a read.
   */
  private async recordUse(key: ApiKeyEntity): Promise<void> {
    const now = this.clock.nowMs();
    const staleBefore = now - KEY_USE_RECORD_INTERVAL_MS;
    if (key.lastUsedAt !== null && key.lastUsedAt > staleBefore) return;
    await this.accounts.recordKeyUse(key.id, now, staleBefore);
  }
}

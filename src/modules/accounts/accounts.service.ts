import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/time/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import type { PlanName, PlanStatus, Product } from '../../config/plans.js';
import { nextChangeSeq } from '../../database/change-sequence.js';
import { Database } from '../../database/database.js';
import { AccountEntity } from './account.entity.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-secret.js';

export interface NewAccount {
  plan: PlanName;
  product: Product;
  name?: string;
}

export interface AccountChange {
  plan?: PlanName;
  status?: PlanStatus;
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async createAccount(input: NewAccount): Promise<{ account: AccountEntity; apiKey: string }> {
    const now = this.clock.nowMs();
    return this.database.transaction(async (manager) => {
      const account = manager.create(AccountEntity, {
        id: newId(),
        name: input.name ?? '',
        product: input.product,
        plan: input.plan,
        status: 'active',
        createdAt: now,
        updatedAt: now,
        changeSeq: await nextChangeSeq(this.database, manager, 'accounts'),
      });
      await manager.insert(AccountEntity, account);
      const { apiKey } = await this.insertKey(manager, account);
      return { account, apiKey };
    });
  }

  /** A new key of the account (`admin create-key`, the dashboard's createApiKey). */
  async createKey(accountId: string): Promise<{ key: ApiKeyEntity; apiKey: string }> {
    return this.database.transaction(async (manager) => {
      const account = await manager.findOneBy(AccountEntity, { id: accountId });
      if (!account) throw AppError.notFound('Account');
      return this.insertKey(manager, account);
    });
  }

  /**
   * Ends a key at once: the next request with it is refused. With `accountId`, a key of another
   * account is not found. Revoking a revoked key changes nothing.
   */
  async revokeKey(keyId: string, accountId?: string): Promise<ApiKeyEntity> {
    const now = this.clock.nowMs();
    return this.database.transaction(async (manager) => {
      const key = await manager.findOneBy(ApiKeyEntity, { id: keyId });
      if (!key || (accountId !== undefined && key.accountId !== accountId)) {
        throw AppError.notFound('API key');
      }
      if (key.revokedAt === null) {
        key.revokedAt = now;
        await manager.update(ApiKeyEntity, { id: keyId }, { revokedAt: now });
      }
      return key;
    });
  }

  /** The account's keys, revoked ones included, newest first; only their prefix and hash are stored. */
  listKeys(accountId: string): Promise<ApiKeyEntity[]> {
    return this.database.manager.find(ApiKeyEntity, {
      where: { accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  async updateAccount(accountId: string, change: AccountChange): Promise<AccountEntity> {
    return this.database.transaction(async (manager) => {
      const account = await manager.findOneBy(AccountEntity, { id: accountId });
      if (!account) throw AppError.notFound('Account');
      if (change.plan) account.plan = change.plan;
      if (change.status) account.status = change.status;
      account.updatedAt = this.clock.nowMs();
      account.changeSeq = await nextChangeSeq(this.database, manager, 'accounts');
      await manager.save(account);
      return account;
    });
  }

  findAccount(accountId: string): Promise<AccountEntity | null> {
    return this.database.manager.findOneBy(AccountEntity, { id: accountId });
  }

  /** Every account, oldest first (for operators). */
  listAccounts(): Promise<AccountEntity[]> {
    return this.database.manager.find(AccountEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** One account and its keys, oldest first; the keys carry their prefix and hash only. */
  async showAccount(accountId: string): Promise<{ account: AccountEntity; keys: ApiKeyEntity[] }> {
    const account = await this.findAccount(accountId);
    if (!account) throw AppError.notFound('Account');
    const keys = await this.database.manager.find(ApiKeyEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { account, keys };
  }

  private async insertKey(
    manager: EntityManager,
    account: AccountEntity,
  ): Promise<{ key: ApiKeyEntity; apiKey: string }> {
    const apiKey = generateApiKey(account.product);
    const key = manager.create(ApiKeyEntity, {
      id: newId(),
      accountId: account.id,
      keyHash: hashApiKey(apiKey),
      keyPrefix: displayPrefix(apiKey),
      createdAt: this.clock.nowMs(),
      revokedAt: null,
      lastUsedAt: null,
    });
    await manager.insert(ApiKeyEntity, key);
    return { key, apiKey };
  }
}

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

  async createKey(accountId: string): Promise<{ keyId: string; apiKey: string }> {
    return this.database.transaction(async (manager) => {
      const account = await manager.findOneBy(AccountEntity, { id: accountId });
      if (!account) throw AppError.notFound('Account');
      const { key, apiKey } = await this.insertKey(manager, account);
      return { keyId: key.id, apiKey };
    });
  }

  async revokeKey(keyId: string): Promise<void> {
    const now = this.clock.nowMs();
    await this.database.transaction(async (manager) => {
      const key = await manager.findOneBy(ApiKeyEntity, { id: keyId });
      if (!key) throw AppError.notFound('API key');
      if (key.revokedAt === null)
        await manager.update(ApiKeyEntity, { id: keyId }, { revokedAt: now });
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
    });
    await manager.insert(ApiKeyEntity, key);
    return { key, apiKey };
  }
}

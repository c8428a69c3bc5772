import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/time/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import type { PlanName, PlanStatus, Product } from '../../config/plans.js';
import type { AlsoInTransaction } from '../../database/same-transaction.js';
import { AccountEntity } from './account.entity.js';
import { AccountStore, type AccountWrite } from './account.store.js';
import { ApiKeyEntity, type KeyScope } from './api-key.entity.js';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-secret.js';
import { isoWithMillis } from '../../common/time/timestamps.js';

export interface NewAccount {
  plan: PlanName;
  product: Product;
  name?: string;
}

export interface AccountChange {
  plan?: PlanName;
  status?: PlanStatus;
}

/** decisions section 15: what a new key may do, and until when (epoch ms; null: always). */
export interface KeyTerms {
  scope: KeyScope;
  expiresAt: number | null;
}

const UNLIMITED_KEY: KeyTerms = { scope: 'write', expiresAt: null };

export interface CreatedAccount {
  account: AccountEntity;
  key: ApiKeyEntity;
  /** The first key: shown in this one answer, stored only as a hash. */
  apiKey: string;
}

export interface ChangedAccount {
  before: AccountEntity;
  after: AccountEntity;
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
  ) {}

  /** `also`: the caller's writes in the same transaction (an operator action's audit entry). */
  async createAccount(
    input: NewAccount,
    also?: AlsoInTransaction<CreatedAccount>,
  ): Promise<CreatedAccount> {
    return this.store.write(async (write) => {
      const account = await this.insertAccount(write, input);
      const created = { account, ...(await this.insertKey(write, account)) };
      await write.also(also, created);
      return created;
    });
  }

  /** The same account and first key, in a transaction the caller runs (the first start). */
  async createAccountIn(manager: EntityManager, input: NewAccount): Promise<CreatedAccount> {
    const write = this.store.writeIn(manager);
    const account = await this.insertAccount(write, input);
    return { account, ...(await this.insertKey(write, account)) };
  }

  /**
   * A new account without a key: a sign-up's, whose user makes keys in the dashboard. `also`:
   * the caller's writes in the same transaction (the account's first user).
   */
  async createAccountWithoutKey(
    input: NewAccount,
    also?: AlsoInTransaction<AccountEntity>,
  ): Promise<AccountEntity> {
    return this.store.write(async (write) => {
      const account = await this.insertAccount(write, input);
      await write.also(also, account);
      return account;
    });
  }

  private async insertAccount(write: AccountWrite, input: NewAccount): Promise<AccountEntity> {
    const now = this.clock.nowMs();
    const account = Object.assign(new AccountEntity(), {
      id: newId(),
      name: input.name ?? '',
      product: input.product,
      plan: input.plan,
      status: 'active',
      createdAt: now,
      updatedAt: now,
      changeSeq: await write.nextChangeSeq(),
    });
    await write.insertAccount(account);
    return account;
  }

  /**
   * A new key of the account (`admin create-key`, the dashboard's createApiKey): a write key that
   * never expires unless `terms` say otherwise. An expiry must be in the future. `also`, the
   * caller's writes in the same transaction, is given the key as stored.
   */
  async createKey(
    accountId: string,
    terms: KeyTerms = UNLIMITED_KEY,
    also?: AlsoInTransaction<ApiKeyEntity>,
  ): Promise<{ key: ApiKeyEntity; apiKey: string }> {
    if (terms.expiresAt !== null && terms.expiresAt <= this.clock.nowMs()) {
      throw AppError.invalidBody(
        `The expiry must be in the future; ${isoWithMillis(terms.expiresAt)} has passed`,
      );
    }
    return this.store.write(async (write) => {
      const account = await write.findAccount(accountId);
      if (!account) throw AppError.notFound('Account');
      const created = await this.insertKey(write, account, terms);
      await write.also(also, created.key);
      return created;
    });
  }

  /**
   * Ends a key at once: the next request with it is refused. With `accountId`, a key of another
   * account is not found. Revoking a revoked key changes nothing (and `also`, the caller's writes
   * in the same transaction, does not run).
   */
  async revokeKey(
    keyId: string,
    accountId?: string,
    also?: AlsoInTransaction<ApiKeyEntity>,
  ): Promise<ApiKeyEntity> {
    const now = this.clock.nowMs();
    return this.store.write(async (write) => {
      const key = await write.findKey(keyId);
      if (!key || (accountId !== undefined && key.accountId !== accountId)) {
        throw AppError.notFound('API key');
      }
      if (key.revokedAt === null) {
        key.revokedAt = now;
        await write.revokeKey(keyId, now);
        await write.also(also, key);
      }
      return key;
    });
  }

  /** The account's keys, revoked ones included, newest first; only their prefix and hash are stored. */
  listKeys(accountId: string): Promise<ApiKeyEntity[]> {
    return this.store.keysOf(accountId, 'newest first');
  }

  /** `also`: the caller's writes in the same transaction, given the account before and after. */
  async updateAccount(
    accountId: string,
    change: AccountChange,
    also?: AlsoInTransaction<ChangedAccount>,
  ): Promise<AccountEntity> {
    return this.store.write(async (write) => {
      const account = await write.findAccount(accountId);
      if (!account) throw AppError.notFound('Account');
      const before = Object.assign(new AccountEntity(), account);
      if (change.plan) account.plan = change.plan;
      if (change.status) account.status = change.status;
      account.updatedAt = this.clock.nowMs();
      account.changeSeq = await write.nextChangeSeq();
      await write.saveAccount(account);
      await write.also(also, { before, after: account });
      return account;
    });
  }

  findAccount(accountId: string): Promise<AccountEntity | null> {
    return this.store.findAccount(accountId);
  }

  /** Every account, oldest first (for operators). */
  listAccounts(): Promise<AccountEntity[]> {
    return this.store.listAccounts();
  }

  /** One account and its keys, oldest first; the keys carry their prefix and hash only. */
  async showAccount(accountId: string): Promise<{ account: AccountEntity; keys: ApiKeyEntity[] }> {
    const account = await this.findAccount(accountId);
    if (!account) throw AppError.notFound('Account');
    const keys = await this.store.keysOf(accountId, 'oldest first');
    return { account, keys };
  }

  private async insertKey(
    write: AccountWrite,
    account: AccountEntity,
    terms: KeyTerms = UNLIMITED_KEY,
  ): Promise<{ key: ApiKeyEntity; apiKey: string }> {
    const apiKey = generateApiKey(account.product);
    const key = Object.assign(new ApiKeyEntity(), {
      id: newId(),
      accountId: account.id,
      keyHash: hashApiKey(apiKey),
      keyPrefix: displayPrefix(apiKey),
      createdAt: this.clock.nowMs(),
      revokedAt: null,
      lastUsedAt: null,
      scope: terms.scope,
      expiresAt: terms.expiresAt,
    });
    await write.insertKey(key);
    return { key, apiKey };
  }
}

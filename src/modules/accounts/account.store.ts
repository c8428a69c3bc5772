import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { nextChangeSeq } from '../../database/change-sequence.js';
import { Database } from '../../database/database.js';
import { runAlso, type AlsoInTransaction } from '../../database/same-transaction.js';
import { AccountEntity } from './account.entity.js';
import { ApiKeyEntity } from './api-key.entity.js';

/** The account and key rows one write transaction reads and changes. */
export class AccountWrite {
  constructor(
    private readonly database: Database,
    private readonly manager: EntityManager,
  ) {}

  findAccount(accountId: string): Promise<AccountEntity | null> {
    return this.manager.findOneBy(AccountEntity, { id: accountId });
  }

  findKey(keyId: string): Promise<ApiKeyEntity | null> {
    return this.manager.findOneBy(ApiKeyEntity, { id: keyId });
  }

  /** The number the live matchers see this account change under (change-sequence.ts). */
  nextChangeSeq(): Promise<number> {
    return nextChangeSeq(this.database, this.manager, 'accounts');
  }

  async insertAccount(account: AccountEntity): Promise<void> {
    await this.manager.insert(AccountEntity, account);
  }

  async saveAccount(account: AccountEntity): Promise<void> {
    await this.manager.save(account);
  }

  async insertKey(key: ApiKeyEntity): Promise<void> {
    await this.manager.insert(ApiKeyEntity, key);
  }

  async revokeKey(keyId: string, revokedAt: number): Promise<void> {
    await this.manager.update(ApiKeyEntity, { id: keyId }, { revokedAt });
  }

  /** The caller's own writes, in this transaction (same-transaction.ts). */
  also<T>(work: AlsoInTransaction<T> | undefined, outcome: T): Promise<void> {
    return runAlso(this.manager, work, outcome);
  }
}

@Injectable()
export class AccountStore {
  constructor(private readonly database: Database) {}

  findAccount(accountId: string): Promise<AccountEntity | null> {
    return this.database.manager.findOneBy(AccountEntity, { id: accountId });
  }

  existsIn(manager: EntityManager, accountId: string): Promise<boolean> {
    return manager.existsBy(AccountEntity, { id: accountId });
  }

  /**
   * The account whose id a scalar sub-select of the caller's module gives (users: a user's
   * account), in one query with it.
   */
  findBySubSelect(
    accountIdSql: string,
    parameters: Record<string, unknown>,
  ): Promise<AccountEntity | null> {
    return this.database.manager
      .createQueryBuilder(AccountEntity, 'account')
      .where(`account.id = (${accountIdSql})`, parameters)
      .getOne();
  }

  findKeyByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.database.manager.findOneBy(ApiKeyEntity, { keyHash });
  }

  /** Sets the key's last use to `now` unless another instance recorded one after `staleBefore`. */
  async recordKeyUse(keyId: string, now: number, staleBefore: number): Promise<void> {
    await this.database.transaction((manager) =>
      manager
        .createQueryBuilder()
        .update(ApiKeyEntity)
        .set({ lastUsedAt: now })
        .where('id = :id', { id: keyId })
        .andWhere('(last_used_at IS NULL OR last_used_at <= :staleBefore)', { staleBefore })
        .execute(),
    );
  }

  listAccounts(): Promise<AccountEntity[]> {
    return this.database.manager.find(AccountEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Newest first, at most `limit`: every account, or those whose id is or starts with `term`,
   * whose name contains it, or for which `alsoMatches` holds (case-insensitive): SQL given the
   * account's id column, with the lower-cased term as :pattern for LIKE … ESCAPE '\'.
   */
  search(
    term: string,
    limit: number,
    alsoMatches: (accountId: string) => string,
  ): Promise<AccountEntity[]> {
    const query = this.database.manager
      .createQueryBuilder(AccountEntity, 'account')
      .orderBy('account.createdAt', 'DESC')
      .addOrderBy('account.id', 'DESC')
      .limit(limit);
    const needle = term.trim().toLowerCase();
    if (needle !== '') {
      const pattern = `%${escapeLike(needle)}%`;
      query.where(
        `(account.id LIKE :prefix ESCAPE '\\' OR LOWER(account.name) LIKE :pattern ESCAPE '\\'
          OR ${alsoMatches('account.id')})`,
        { prefix: `${escapeLike(needle)}%`, pattern },
      );
    }
    return query.getMany();
  }

  /** The account's keys, revoked ones included, in creation order (or newest first). */
  keysOf(accountId: string, order: 'oldest first' | 'newest first'): Promise<ApiKeyEntity[]> {
    const direction = order === 'oldest first' ? 'ASC' : 'DESC';
    return this.database.manager.find(ApiKeyEntity, {
      where: { accountId },
      order: { createdAt: direction, id: direction },
    });
  }

  write<T>(work: (write: AccountWrite) => Promise<T>): Promise<T> {
    return this.database.transaction((manager) => work(this.writeIn(manager)));
  }

  /** The same writes in a transaction the caller runs. */
  writeIn(manager: EntityManager): AccountWrite {
    return new AccountWrite(this.database, manager);
  }
}

/** `text` matched literally by LIKE … ESCAPE '\'. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { runAlso, type AlsoInTransaction } from '../../database/same-transaction.js';
import type { AccountEntity } from '../accounts/account.entity.js';
import { AccountStore } from '../accounts/account.store.js';
import { SessionEntity } from './session.entity.js';
import { UserEntity, type UserRole } from './user.entity.js';

/** The user rows one write transaction reads and changes. */
export class UserWrite {
  constructor(
    private readonly database: Database,
    private readonly manager: EntityManager,
    private readonly accounts: AccountStore,
  ) {}

  accountExists(accountId: string): Promise<boolean> {
    return this.accounts.existsIn(this.manager, accountId);
  }

  emailTaken(emailKey: string): Promise<boolean> {
    return this.manager.existsBy(UserEntity, { emailKey });
  }

  async insert(user: UserEntity): Promise<void> {
    await this.manager.insert(UserEntity, user);
  }

  /** The user, locked until the transaction ends so two password changes cannot interleave. */
  findToChange(where: { id: string } | { emailKey: string }): Promise<UserEntity | null> {
    return this.manager.findOne(UserEntity, { where, lock: this.database.rowWriteLock });
  }

  async setPassword(
    userId: string,
    passwordHash: string,
    passwordChangedAt: number,
  ): Promise<void> {
    await this.manager.update(UserEntity, { id: userId }, { passwordHash, passwordChangedAt });
  }

  /**
   * How many owners the account has, their rows locked until the transaction ends: two changes
   * that would each leave one owner cannot both see two.
   */
  async lockedOwnerCount(accountId: string): Promise<number> {
    const owners = await this.manager.find(UserEntity, {
      where: { accountId, role: 'owner' },
      lock: this.database.rowWriteLock,
    });
    return owners.length;
  }

  async setRole(userId: string, role: UserRole): Promise<void> {
    await this.manager.update(UserEntity, { id: userId }, { role });
  }

  /** Deletes the user and, at once, every session of theirs. */
  async delete(userId: string): Promise<void> {
    await this.endSessionsOf(userId, null);
    await this.manager.delete(UserEntity, { id: userId });
  }

  /** Ends every session of the user but `keep`. */
  async endSessionsOf(userId: string, keep: string | null): Promise<void> {
    const query = this.manager
      .createQueryBuilder()
      .delete()
      .from(SessionEntity)
      .where('user_id = :userId', { userId });
    if (keep !== null) query.andWhere('id <> :keep', { keep });
    await query.execute();
  }

  /** The caller's own writes, in this transaction (same-transaction.ts). */
  also<T>(work: AlsoInTransaction<T> | undefined, outcome: T): Promise<void> {
    return runAlso(this.manager, work, outcome);
  }
}

/**
 * SQL over the users table that the operator console's account search composes into
 * AccountStore.search: the account (id column `accountId`) has a user whose email contains
 * :pattern.
 */
export function hasUserWithEmailLike(accountId: string): string {
  return `EXISTS (SELECT 1 FROM users member
                   WHERE member.account_id = ${accountId} AND member.email_key LIKE :pattern ESCAPE '\\')`;
}

@Injectable()
export class UserStore {
  constructor(
    private readonly database: Database,
    private readonly accounts: AccountStore,
  ) {}

  findByEmailKey(emailKey: string): Promise<UserEntity | null> {
    return this.database.manager.findOneBy(UserEntity, { emailKey });
  }

  findById(userId: string): Promise<UserEntity | null> {
    return this.database.manager.findOneBy(UserEntity, { id: userId });
  }

  /** The account's users, oldest first. */
  usersOf(accountId: string): Promise<UserEntity[]> {
    return this.database.manager.find(UserEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The account a user acts for; null for a user without one (operators) or one deleted. */
  accountOf(userId: string): Promise<AccountEntity | null> {
    return this.accounts.findBySubSelect('SELECT account_id FROM users WHERE id = :userId', {
      userId,
    });
  }

  /** The same password under another hashing cost: the password itself has not changed. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.database.transaction((manager) =>
      manager.update(UserEntity, { id: userId }, { passwordHash }),
    );
  }

  /** Whether the service has an operator yet (none: the first start, docs/dashboard.md). */
  operatorExists(manager: EntityManager = this.database.manager): Promise<boolean> {
    return manager.existsBy(UserEntity, { role: 'operator' });
  }

  write<T>(work: (write: UserWrite) => Promise<T>): Promise<T> {
    return this.database.transaction((manager) => work(this.writeIn(manager)));
  }

  /** The writes of a transaction another module runs (the first start; a sign-up's account and its user). */
  writeIn(manager: EntityManager): UserWrite {
    return new UserWrite(this.database, manager, this.accounts);
  }
}

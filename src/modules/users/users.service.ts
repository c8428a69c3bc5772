import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import type { AlsoInTransaction } from '../../database/same-transaction.js';
import type { AccountRole } from '../auth/account-roles.js';
import { emailKey, parseEmail, type EmailAddress } from './email-address.js';
import { generatePassword } from './password-hash.js';
import { PasswordHasher } from './password-hasher.js';
import { UserEntity, type UserRole } from './user.entity.js';
import { UserStore, type UserWrite } from './user.store.js';

export interface IssuedPassword {
  user: UserEntity;
  /** Generated: shown in this one answer, stored only as a hash. */
  password: string;
}

/** A user to store: the password already hashed (hashing waits for no transaction). */
export interface NewUser {
  address: EmailAddress;
  passwordHash: string;
  role: UserRole;
  /** null for an operator. */
  accountId: string | null;
}

export interface ChangedUser {
  before: UserEntity;
  after: UserEntity;
}

/** The users of an account and the operators of the service, made and reset by the admin command. */
@Injectable()
export class UsersService {
  constructor(
    private readonly store: UserStore,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * A user of the account with a generated password (owner unless told: decisions section 15).
   * `also`: the caller's writes in the same transaction (an operator action's audit entry).
   */
  async createUser(
    accountId: string,
    email: string,
    role: AccountRole = 'owner',
    also?: AlsoInTransaction<UserEntity>,
  ): Promise<IssuedPassword> {
    return this.issue(email, role, accountId, also);
  }

  /** An operator of the service (decisions section 10): of no account. */
  async createOperator(email: string): Promise<IssuedPassword> {
    return this.issue(email, 'operator', null);
  }

  private async issue(
    email: string,
    role: UserRole,
    accountId: string | null,
    also?: AlsoInTransaction<UserEntity>,
  ): Promise<IssuedPassword> {
    const address = parseEmail(email);
    if (!address) throw AppError.invalidBody(`${JSON.stringify(email)} is not an email address`);
    const password = generatePassword();
    const passwordHash = await this.hasher.hash(password);
    const user = await this.store.write(async (write) => {
      const user = await this.insert(write, { address, passwordHash, role, accountId });
      await write.also(also, user);
      return user;
    });
    return { user, password };
  }

  /**
   * A user or operator whose password they chose (the first start, a verified sign-up), in
   * the caller's transaction: invalid_body when the email is taken by then.
   */
  addIn(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    return this.insert(this.store.writeIn(manager), user);
  }

  /** A user whose password they chose (an accepted invitation), with the caller's writes in the same transaction. */
  addWith(user: NewUser, also: AlsoInTransaction<UserEntity>): Promise<UserEntity> {
    return this.store.write(async (write) => {
      const created = await this.insert(write, user);
      await write.also(also, created);
      return created;
    });
  }

  private async insert(
    write: UserWrite,
    { address, passwordHash, role, accountId }: NewUser,
  ): Promise<UserEntity> {
    if (accountId !== null && !(await write.accountExists(accountId))) {
      throw AppError.notFound('Account');
    }
    if (await write.emailTaken(address.key)) {
      throw AppError.invalidBody(`A user with the email ${address.display} already exists`);
    }
    const now = this.clock.nowMs();
    const user = Object.assign(new UserEntity(), {
      id: newId(),
      accountId,
      email: address.display,
      emailKey: address.key,
      passwordHash,
      role,
      createdAt: now,
      passwordChangedAt: now,
    });
    await write.insert(user);
    return user;
  }

  /** A new generated password; every session of the user ends with the old one. */
  async resetPassword(email: string): Promise<IssuedPassword> {
    return this.issueNewPassword({ emailKey: emailKey(email) });
  }

  /**
   * The same reset, of the user `userId`. `also`: the caller's writes in the same transaction,
   * given the user before and after; throwing there (a user of another account) changes nothing.
   */
  async resetPasswordOf(
    userId: string,
    also?: AlsoInTransaction<ChangedUser>,
  ): Promise<IssuedPassword> {
    return this.issueNewPassword({ id: userId }, also);
  }

  private async issueNewPassword(
    where: { id: string } | { emailKey: string },
    also?: AlsoInTransaction<ChangedUser>,
  ): Promise<IssuedPassword> {
    const password = generatePassword();
    const user = await this.replacePassword(where, await this.hasher.hash(password), null, also);
    return { user, password };
  }

  /** The user's own change: every other session ends, `sessionId` (the one asking) stays. */
  async changePassword(userId: string, passwordHash: string, sessionId: string): Promise<void> {
    await this.replacePassword({ id: userId }, passwordHash, sessionId);
  }

  /** The same password under today's hashing cost: sessions stay, the password has not changed. */
  async rehashPassword(userId: string, passwordHash: string): Promise<void> {
    await this.store.setPasswordHash(userId, passwordHash);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.store.findByEmailKey(emailKey(email));
  }

  findById(userId: string): Promise<UserEntity | null> {
    return this.store.findById(userId);
  }

  usersOf(accountId: string): Promise<UserEntity[]> {
    return this.store.usersOf(accountId);
  }

  private replacePassword(
    where: { id: string } | { emailKey: string },
    passwordHash: string,
    keepSession: string | null,
    also?: AlsoInTransaction<ChangedUser>,
  ): Promise<UserEntity> {
    return this.store.write(async (write) => {
      const user = await write.findToChange(where);
      if (!user) throw AppError.notFound('User');
      const before = Object.assign(new UserEntity(), user);
      user.passwordHash = passwordHash;
      user.passwordChangedAt = this.clock.nowMs();
      await write.setPassword(user.id, passwordHash, user.passwordChangedAt);
      await write.endSessionsOf(user.id, keepSession);
      await write.also(also, { before, after: user });
      return user;
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { AccountEntity } from '../accounts/account.entity.js';
import type { CallerSession } from '../auth/caller.js';
import { emailKey } from './email-address.js';
import { generatePassword } from './password-hash.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordSignInRules } from './password-sign-in-rules.js';
import { newPasswordProblem } from './password-policy.js';
import { SessionsService, type StartedSession } from './sessions.service.js';
import { SignInLimiter } from './sign-in-limiter.service.js';
import type { UserEntity } from './user.entity.js';
import { UserStore } from './user.store.js';
import { UsersService } from './users.service.js';

export interface SignedIn extends StartedSession {
  user: UserEntity;
  /** null for an operator, who acts for no account. */
  account: AccountEntity | null;
}

/** The one answer to a wrong email or a wrong password, so it never tells which. */
const WRONG_CREDENTIALS = 'Email or password is wrong';

/**
 * Everything that checks a password someone typed: signing in and changing it. Both are
 * rate limited (SignInLimiter) and take the same time whether or not the email is known.
 */
@Injectable()
export class SignInService {
  /** Checked for unknown emails, so they cost what a known one does; made at the first need. */
  private unknownUserHash: Promise<string> | null = null;

  constructor(
    private readonly users: UsersService,
    private readonly userStore: UserStore,
    private readonly sessions: SessionsService,
    private readonly limiter: SignInLimiter,
    private readonly hasher: PasswordHasher,
    private readonly rules: PasswordSignInRules,
  ) {}

  /**
   * A new session for the right email and password. A canceled account gets
   * subscription_required, and a user whose account requires SSO is refused
   * (PasswordSignInRules), both only once the password is right, so they tell a stranger
   * nothing, and with no session.
   */
  async signIn(
    email: string,
    password: string,
    address: string,
    userAgent: string | undefined,
  ): Promise<SignedIn> {
    await this.limiter.count(emailKey(email), address);
    const user = await this.users.findByEmail(email);
    const right = await this.hasher.verify(
      password,
      user?.passwordHash ?? (await this.hashToMiss()),
    );
    if (!user || !right) throw new AppError('unauthorized', WRONG_CREDENTIALS);
    const account = user.role === 'operator' ? null : await this.userStore.accountOf(user.id);
    if (user.role !== 'operator') {
      if (!account) throw new AppError('unauthorized', WRONG_CREDENTIALS);
      if (account.status !== 'active') {
        throw new AppError('subscription_required', 'An active plan is required');
      }
    }
    const refusal = await this.rules.refusal(user);
    if (refusal) throw refusal;
    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.rehashPassword(user.id, await this.hasher.hash(password));
    }
    return { ...(await this.sessions.start(user.id, userAgent)), user, account };
  }

  private hashToMiss(): Promise<string> {
    this.unknownUserHash ??= this.hasher.hash(generatePassword());
    return this.unknownUserHash;
  }

  /** The signed-in user's new password; their other sessions end. */
  async changePassword(
    session: CallerSession,
    currentPassword: string,
    newPassword: string,
    address: string,
  ): Promise<void> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new AppError('unauthorized', 'Not signed in, or the session has ended');
    await this.limiter.count(user.emailKey, address);
    if (!(await this.hasher.verify(currentPassword, user.passwordHash))) {
      throw AppError.invalidBody('The current password is wrong');
    }
    const problem = newPasswordProblem(newPassword, currentPassword);
    if (problem) throw AppError.invalidBody(problem);
    await this.users.changePassword(
      user.id,
      await this.hasher.hash(newPassword),
      session.sessionId,
    );
  }
}

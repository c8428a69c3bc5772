import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AccountEntity } from '../accounts/account.entity.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { hashLinkToken, LINK_TOKEN_FORMAT } from '../email/subscriptions/email-tokens.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { SignUpGate } from './sign-up-gate.service.js';
import { SignUpStore } from './sign-up.store.js';

export interface VerifiedSignUp {
  user: UserEntity;
  account: AccountEntity;
}

/** One answer for a link never sent, used, or expired: a stranger's guess learns nothing. */
const LINK_REFUSED = 'This sign-up link has expired or was already used: sign up again';

/**
 * Following the mailed link: the account (on SIGNUP_PLAN, named after the address) and its first
 * user, with the password chosen at sign-up, are created in one transaction that also uses up
 * the link, or nothing is.
 */
@Injectable()
export class SignUpVerification {
  constructor(
    private readonly gate: SignUpGate,
    private readonly store: SignUpStore,
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async verify(token: string): Promise<VerifiedSignUp> {
    await this.gate.refuseWhenClosed();
    const signUp = LINK_TOKEN_FORMAT.test(token)
      ? await this.store.findByTokenHash(hashLinkToken(token))
      : null;
    const now = this.clock.nowMs();
    const passwordHash = signUp?.passwordHash ?? null;
    if (!signUp || passwordHash === null || signUp.expiresAt <= now) {
      throw new AppError('not_found', LINK_REFUSED);
    }
    const address = { display: signUp.email, key: signUp.emailKey };
    let user: UserEntity | undefined;
    const account = await this.accounts.createAccountWithoutKey(
      { plan: this.config.signUp.plan, product: 'alerts', name: signUp.email },
      async (manager, created) => {
        if (!(await this.store.claimIn(manager, signUp.id, created.id, now))) {
          throw new AppError('not_found', LINK_REFUSED);
        }
        user = await this.users.addIn(manager, {
          address,
          passwordHash,
          role: 'owner',
          accountId: created.id,
        });
      },
    );
    return { user: user!, account };
  }
}

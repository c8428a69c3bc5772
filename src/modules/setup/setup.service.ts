import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { isoWithMillis } from '../../common/time/timestamps.js';
import type { PlanName } from '../../config/plans.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { parseEmail, type EmailAddress } from '../users/email-address.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { passwordLengthProblem } from '../users/password-policy.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserStore } from '../users/user.store.js';
import { UsersService } from '../users/users.service.js';
import {
  SETUP_LINK_LIFETIME_MS,
  setupLinkProblem,
  setupUrl,
  type SetupLinkState,
} from './setup-link.js';
import { generateSetupToken, hashSetupToken, isSetupTokenShaped } from './setup-token.js';
import type { SetupTokenEntity } from './setup-token.entity.js';
import { SetupTokenStore } from './setup-token.store.js';

export interface Credentials {
  email: string;
  password: string;
}

/** What the setup page sends: the first operator, and optionally the first account and its user. */
export interface SetupRequest {
  token: string;
  operator: Credentials;
  account: { name?: string; plan: PlanName; user: Credentials } | null;
}

interface CheckedPerson {
  address: EmailAddress;
  password: string;
}

/**
 * The first start (docs/dashboard.md, First start): while the service has no operator, each start
 * of a process that serves the dashboard logs a one-time setup link; the link's page creates the
 * first operator, and the first account and user with it. Once an operator exists, setup is
 * closed for good.
 */
@Injectable()
export class SetupService {
  private readonly logger: Logger;

  constructor(
    private readonly store: SetupTokenStore,
    private readonly userStore: UserStore,
    private readonly users: UsersService,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ context: 'FirstStart' });
  }

  /**
   * With no operator yet: a new link, valid for an hour, logged (the one log line that carries a
   * secret, docs/security.md). Links of earlier starts stay valid until their hour ends. Once an
   * operator exists, tokens left over are deleted and nothing is logged. Answers the link or null.
   */
  async announceLink(baseUrl: string): Promise<string | null> {
    const token = generateSetupToken();
    const now = this.clock.nowMs();
    const expiresAt = now + SETUP_LINK_LIFETIME_MS;
    const issued = await this.store.locked(async (manager) => {
      if (await this.userStore.operatorExists(manager)) {
        await this.store.deleteAllIn(manager);
        return false;
      }
      await this.store.insertIn(manager, {
        tokenHash: hashSetupToken(token),
        createdAt: now,
        expiresAt,
      });
      return true;
    });
    if (!issued) return null;
    const url = setupUrl(baseUrl, token);
    this.logger.warn(
      { expiresAt: isoWithMillis(expiresAt) },
      `First start: no operator yet. Open this link within 1 hour to set up the service (it works once): ${url}`,
    );
    return url;
  }

  /** What the setup page says when it opens, before anything is typed. */
  async linkState(token: string): Promise<SetupLinkState> {
    if (await this.userStore.operatorExists()) return 'closed';
    if (!isSetupTokenShaped(token)) return 'unknown';
    return this.stateOf(await this.store.findByHash(hashSetupToken(token)));
  }

  /**
   * Creates the operator (and the account with its first user), deleting every setup token, in
   * one transaction serialised with any other setup: a refused token, a refused field or a race
   * lost to another link changes nothing. No password is hashed before the token is known good.
   */
  async complete(request: SetupRequest): Promise<UserEntity> {
    this.refuseUnlessOpen(await this.linkState(request.token));
    const operator = checkedPerson(request.operator, "The operator's");
    const user = request.account && checkedPerson(request.account.user, "The user's");
    if (user && user.address.key === operator.address.key) {
      throw AppError.invalidBody("The user's email must differ from the operator's");
    }
    const [operatorHash, userHash] = await Promise.all([
      this.hasher.hash(operator.password),
      user && this.hasher.hash(user.password),
    ]);
    return this.store.locked(async (manager) => {
      if (await this.userStore.operatorExists(manager)) this.refuseUnlessOpen('closed');
      this.refuseUnlessOpen(
        this.stateOf(await this.store.findIn(manager, hashSetupToken(request.token))),
      );
      await this.store.deleteAllIn(manager);
      const created = await this.users.addIn(manager, {
        address: operator.address,
        passwordHash: operatorHash,
        role: 'operator',
        accountId: null,
      });
      if (request.account && user && userHash) {
        const { account } = await this.accounts.createAccountIn(manager, {
          plan: request.account.plan,
          product: 'alerts',
          name: request.account.name?.trim(),
        });
        await this.users.addIn(manager, {
          address: user.address,
          passwordHash: userHash,
          role: 'owner',
          accountId: account.id,
        });
      }
      return created;
    });
  }

  private stateOf(token: SetupTokenEntity | null): SetupLinkState {
    if (!token) return 'unknown';
    return token.expiresAt > this.clock.nowMs() ? 'open' : 'expired';
  }

  private refuseUnlessOpen(state: SetupLinkState): void {
    const problem = setupLinkProblem(state);
    if (problem !== null) throw new AppError('forbidden', problem);
  }
}

/** The person's email parsed and password checked by the users' rules; `whose` starts a refusal. */
function checkedPerson({ email, password }: Credentials, whose: string): CheckedPerson {
  const address = parseEmail(email);
  if (!address) throw AppError.invalidBody(`${whose} email is not an email address`);
  const problem = passwordLengthProblem(password, `${whose} password`);
  if (problem) throw AppError.invalidBody(problem);
  return { address, password };
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { hashLinkToken, newLinkToken } from '../email/subscriptions/email-tokens.js';
import { parseEmail } from '../users/email-address.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { passwordLengthProblem } from '../users/password-policy.js';
import { UsersService } from '../users/users.service.js';
import { SignUpGate } from './sign-up-gate.service.js';
import { SignUpLimiter } from './sign-up-limiter.service.js';
import { LINK_VALID_HOURS, SIGN_UP_LIMITS } from './sign-up-limits.js';
import { SignUpMailer } from './sign-up-mailer.js';
import { SignUpEntity } from './sign-up.entity.js';
import { SignUpStore } from './sign-up.store.js';

/** The one answer to every accepted sign-up, whether or not the address has an account. */
export interface SignUpRequested {
  /** The address as typed, trimmed. */
  email: string;
  linkValidHours: number;
}

/** A sign-up as the operator console lists it. */
export interface ListedSignUp {
  signUp: SignUpEntity;
  /** pending: its link works; expired: it was not followed in time; verified: the account exists. */
  status: 'pending' | 'expired' | 'verified';
}

/**
 * Asking for an account: an email and a password in, a mail out. The answer and the work done
 * before it are the same for a new address and one that has an account (which gets a mail
 * saying so instead of a link), so the page tells nobody which addresses are registered.
 */
@Injectable()
export class SignUpRequests {
  constructor(
    private readonly gate: SignUpGate,
    private readonly limiter: SignUpLimiter,
    private readonly users: UsersService,
    private readonly store: SignUpStore,
    private readonly mails: SignUpMailer,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
  ) {}

  async request(email: string, password: string, clientAddress: string): Promise<SignUpRequested> {
    await this.gate.refuseWhenClosed();
    await this.limiter.countClient(clientAddress);
    const address = parseEmail(email);
    if (!address) throw AppError.invalidBody(`${JSON.stringify(email)} is not an email address`);
    const problem = passwordLengthProblem(password);
    if (problem) throw AppError.invalidBody(problem);
    // Hashed for a taken address too, where it is thrown away, so both take as long.
    const passwordHash = await this.hasher.hash(password);
    const answer = {
      email: address.display,
      linkValidHours: LINK_VALID_HOURS,
    };
    if (!(await this.limiter.countEmail(address.key))) return answer;
    if (await this.users.findByEmail(address.key)) {
      await this.mails.sendAlreadyRegistered(address.display);
      return answer;
    }
    const now = this.clock.nowMs();
    const token = newLinkToken();
    const signUp = Object.assign(new SignUpEntity(), {
      id: newId(),
      email: address.display,
      emailKey: address.key,
      passwordHash,
      tokenHash: hashLinkToken(token),
      createdAt: now,
      expiresAt: now + SIGN_UP_LIMITS.linkTtlMs,
      verifiedAt: null,
      accountId: null,
    });
    await this.store.replacePending(signUp, now - SIGN_UP_LIMITS.keptAfterExpiryMs);
    await this.mails.sendVerification(address.display, token, signUp.expiresAt);
    return answer;
  }

  /** What the operator console lists, newest first. */
  async newest(): Promise<ListedSignUp[]> {
    const now = this.clock.nowMs();
    return (await this.store.newest(SIGN_UP_LIMITS.listed)).map((signUp) => ({
      signUp,
      status:
        signUp.verifiedAt !== null ? 'verified' : signUp.expiresAt <= now ? 'expired' : 'pending',
    }));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { emailKey, parseEmail } from '../users/email-address.js';
import { SessionsService, type StartedSession } from '../users/sessions.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { discoverProvider, providerFailure } from './openid-provider.js';
import {
  derivedSecrets,
  newBrowserSecret,
  sameHash,
  sha256,
  SSO_LOGIN_TTL_MS,
} from './sso-browser.js';
import { SsoClientSecret } from './sso-client-secret.js';
import { parseIssuer } from './sso-issuer.js';
import { SsoLoginStore } from './sso-login.store.js';
import { SsoLoginEntity } from './sso-settings.entity.js';
import { SsoSettingsStore, type StoredSsoSettings } from './sso-settings.store.js';

/**
 * Why a sign-in that came back from the provider ended on the sign-in page; the dashboard says
 * each in words (LoginPage's SSO messages).
 */
export type SsoFailureReason =
  | 'state' // no sign-in under way for this state and this browser: forged, swapped or used
  | 'expired' // the sign-in took longer than SSO_LOGIN_TTL_MS
  | 'denied' // the provider answered with an error (the user cancelled, or it refused)
  | 'not_set_up' // the account's settings were removed meanwhile
  | 'token' // the code exchange or the ID token's checks failed
  | 'email' // the ID token has no email, or one its provider says is not verified
  | 'domain' // the email is outside the account's allowed domains
  | 'other_account' // the email is a user of another account
  | 'inactive' // the account has no active plan
  | 'failed'; // anything else (the database away): logged as an error

export class SsoSignInFailure extends Error {
  constructor(
    readonly reason: SsoFailureReason,
    /** For the log only: says what failed, holds nothing secret. */
    detail: string,
  ) {
    super(detail);
  }
}

export interface SsoSignInStart {
  authorizationUrl: string;
  /** The sign-in cookie's value: in this one response, stored as a SHA-256 only. */
  browserSecret: string;
}

export interface SsoSignedIn extends StartedSession {
  user: UserEntity;
  /** Whether the user was created just now (just in time). */
  created: boolean;
}

/** The claims read, from the ID token or else from userinfo. */
interface EmailClaims {
  [claim: string]: unknown;
  email?: unknown;
  email_verified?: unknown;
}

const NOT_SET_UP = 'Single sign-on is not set up for this email address';

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Sign-in through the account's OpenID provider (docs/teams.md, Single sign-on): authorization
 * code flow with PKCE, state and nonce, the ID token verified by openid-client.
 */
@Injectable()
export class SsoSignIn {
  private readonly logger: Logger;

  constructor(
    private readonly settings: SsoSettingsStore,
    private readonly logins: SsoLoginStore,
    private readonly secrets: SsoClientSecret,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'sso' });
  }

  /**
   * The provider's authorization URL for `email`: the account of the user with that email, else
   * the account whose allowed domains hold its domain. Anything else is one answer, not_found,
   * that tells nothing more.
   */
  async start(email: string, redirectUri: string): Promise<SsoSignInStart> {
    const address = parseEmail(email);
    if (!address) throw AppError.invalidBody('Enter your email address');
    const accountId = await this.accountFor(address.key);
    const stored = accountId === null ? null : await this.settings.find(accountId);
    if (!stored || !stored.domains.includes(domainOf(address.key))) {
      throw new AppError('not_found', NOT_SET_UP);
    }
    const provider = await this.providerOf(stored).catch((error: unknown) => {
      this.logger.warn({ accountId, reason: providerFailure(error) }, 'SSO provider unreachable');
      throw new AppError('unavailable', 'The sign-in provider does not answer; try again later');
    });
    const browserSecret = newBrowserSecret();
    const state = oidc.randomState();
    const { codeVerifier, nonce } = derivedSecrets(browserSecret, state);
    const now = this.clock.nowMs();
    await this.logins.insert(
      Object.assign(new SsoLoginEntity(), {
        stateHash: sha256(state),
        browserHash: sha256(browserSecret),
        accountId: stored.settings.accountId,
        createdAt: now,
        expiresAt: now + SSO_LOGIN_TTL_MS,
      }),
    );
    const url = oidc.buildAuthorizationUrl(provider, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      login_hint: address.display,
    });
    return { authorizationUrl: url.href, browserSecret };
  }

  /**
   * The provider's redirect back (`callbackUrl`, as the browser asked for it) with the browser's
   * cookie: the sign-in is taken (once), the code exchanged, the ID token checked, the user
   * found or created, and a session started. Throws SsoSignInFailure.
   */
  async finish(
    callbackUrl: URL,
    browserSecret: string | undefined,
    userAgent: string | undefined,
  ): Promise<SsoSignedIn> {
    const state = callbackUrl.searchParams.get('state');
    const login = state === null ? null : await this.logins.take(sha256(state));
    if (state === null || !login || !browserSecret) {
      throw new SsoSignInFailure('state', 'no sign-in under way for this state');
    }
    if (!sameHash(sha256(browserSecret), login.browserHash)) {
      throw new SsoSignInFailure('state', 'the state belongs to another browser');
    }
    if (login.expiresAt <= this.clock.nowMs()) {
      throw new SsoSignInFailure('expired', 'the sign-in took too long');
    }
    if (callbackUrl.searchParams.has('error')) {
      throw new SsoSignInFailure(
        'denied',
        `the provider answered ${callbackUrl.searchParams.get('error')?.slice(0, 100)}`,
      );
    }
    const stored = await this.settings.find(login.accountId);
    if (!stored) throw new SsoSignInFailure('not_set_up', 'the settings were removed');
    const email = await this.verifiedEmail(stored, callbackUrl, state, browserSecret);
    const account = await this.accounts.findAccount(login.accountId);
    if (!account || account.status !== 'active') {
      throw new SsoSignInFailure('inactive', 'the account has no active plan');
    }
    const user = await this.userFor(login.accountId, email);
    return { ...(await this.sessions.start(user.user.id, userAgent)), ...user };
  }

  /**
   * A failure of finish() in the log: what and why, never a token, code or secret; anything but
   * a refusal (the database away) as an error.
   */
  logFailure(error: unknown): void {
    if (error instanceof SsoSignInFailure) {
      this.logger.warn({ reason: error.reason, detail: error.message }, 'SSO sign-in refused');
    } else {
      this.logger.error({ err: error }, 'SSO sign-in failed');
    }
  }

  private async accountFor(key: string): Promise<string | null> {
    const user = await this.users.findByEmail(key);
    if (user) return user.accountId;
    return this.settings.accountOfDomain(domainOf(key));
  }

  private providerOf({ settings }: StoredSsoSettings): Promise<oidc.Configuration> {
    const issuer = parseIssuer(settings.issuer, this.config.sso.allowHttpLoopback);
    return discoverProvider({
      issuer: issuer.href,
      clientId: settings.clientId,
      clientSecret: this.secrets.open(settings.accountId, settings.clientSecret),
    });
  }

  private async verifiedEmail(
    stored: StoredSsoSettings,
    callbackUrl: URL,
    state: string,
    browserSecret: string,
  ): Promise<string> {
    const { codeVerifier, nonce } = derivedSecrets(browserSecret, state);
    let claims: EmailClaims;
    try {
      const provider = await this.providerOf(stored);
      const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // A provider may keep the email for its userinfo endpoint (OpenID Connect Core 5.4):
      // asked with the access token, for the ID token's subject only.
      claims =
        typeof idToken.email === 'string'
          ? idToken
          : await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub);
    } catch (error) {
      throw new SsoSignInFailure('token', providerFailure(error));
    }
    const email = typeof claims.email === 'string' ? parseEmail(claims.email) : null;
    if (!email) throw new SsoSignInFailure('email', 'the provider gave no email');
    if (claims.email_verified !== undefined && claims.email_verified !== true) {
      throw new SsoSignInFailure('email', 'the provider has not verified the email');
    }
    if (!stored.domains.includes(domainOf(email.key))) {
      throw new SsoSignInFailure('domain', `${domainOf(email.key)} is not an allowed domain`);
    }
    return email.display;
  }

  private async userFor(
    accountId: string,
    email: string,
  ): Promise<{ user: UserEntity; created: boolean }> {
    const user = await this.users.findByEmail(emailKey(email));
    if (!user) return { user: await this.createJustInTime(accountId, email), created: true };
    if (user.accountId !== accountId) {
      throw new SsoSignInFailure('other_account', 'the email is a user of another account');
    }
    return { user, created: false };
  }

  /**
   * A just-in-time user is a `member` (decisions section 15), or has the role of their pending
   * invitation, which their creation uses up; the generated password is discarded (the user
   * signs in through the provider, or has it reset).
   */
  private async createJustInTime(accountId: string, email: string): Promise<UserEntity> {
    const invited = await this.invitations.forJustInTime(accountId, emailKey(email));
    const { user } = await this.users.createUser(
      accountId,
      email,
      invited?.role ?? 'member',
      invited?.consume,
    );
    this.logger.info(
      { accountId, userId: user.id, role: user.role, invited: invited !== null },
      'SSO user created just in time',
    );
    return user;
  }
}

import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Response } from 'express';
import { AppError } from '../../../common/errors/app-error.js';
import { clientAddress } from '../../../common/http/client-address.js';
import type { AppRequest } from '../../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { AccountsService } from '../../accounts/accounts.service.js';
import { AnySession, CurrentSession, Public } from '../../auth/auth.decorators.js';
import type { SessionUser } from '../../auth/caller.js';
import { SIGN_IN_FIELD, VIEWER_FIELD } from '../../auth/graphql-operation.js';
import { SessionsService } from '../sessions.service.js';
import { clearSessionCookie, setSessionCookie } from '../session-cookie.js';
import { SignInService } from '../sign-in.service.js';
import { UsersService } from '../users.service.js';
import { ChangePasswordInput, SignInInput } from './session.inputs.js';
import { sessionOf } from './session-of.js';
import { toViewerModel, ViewerModel } from './viewer.model.js';

@Resolver(() => ViewerModel)
// Whoever signed in: an Alerts or App account's user, or an operator.
@AnySession()
export class SessionResolver {
  constructor(
    private readonly signIns: SignInService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly accounts: AccountsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Mutation(() => ViewerModel, {
    name: SIGN_IN_FIELD,
    description:
      'Starts a session: sets the alerts_session cookie. A wrong email or password is unauthorized, saying neither.',
  })
  async signIn(
    @Args('input') input: SignInInput,
    @Context('req') req: AppRequest,
    @Context('res') res: Response,
  ): Promise<ViewerModel> {
    const signedIn = await this.signIns.signIn(
      input.email,
      input.password,
      this.addressOf(req),
      req.get('user-agent'),
    );
    setSessionCookie(res, signedIn.token, this.config.publicUrls);
    return toViewerModel(signedIn.user, signedIn.account, signedIn.session.csrfToken);
  }

  @Mutation(() => Boolean, {
    name: 'signOut',
    description: 'Ends this session and clears its cookie.',
  })
  async signOut(
    @CurrentSession() session: SessionUser | null,
    @Context('res') res: Response,
  ): Promise<boolean> {
    await this.sessions.end(sessionOf(session).sessionId);
    clearSessionCookie(res, this.config.publicUrls);
    return true;
  }

  @Query(() => ViewerModel, { name: VIEWER_FIELD })
  async viewer(@CurrentSession() signedIn: SessionUser | null): Promise<ViewerModel> {
    const session = sessionOf(signedIn);
    const [user, account] = await Promise.all([
      this.users.findById(session.userId),
      session.accountId === null ? null : this.accounts.findAccount(session.accountId),
    ]);
    if (!user || (session.accountId !== null && !account))
      throw new AppError('unauthorized', 'Not signed in, or the session has ended');
    return toViewerModel(user, account, session.csrfToken);
  }

  @Mutation(() => Boolean, {
    name: 'changePassword',
    description: "Replaces the user's password; every other session of the user ends.",
  })
  async changePassword(
    @CurrentSession() session: SessionUser | null,
    @Args('input') input: ChangePasswordInput,
    @Context('req') req: AppRequest,
  ): Promise<boolean> {
    await this.signIns.changePassword(
      sessionOf(session),
      input.currentPassword,
      input.newPassword,
      this.addressOf(req),
    );
    return true;
  }

  private addressOf(req: AppRequest): string {
    return clientAddress(req, this.config.publicUrls.trustProxy);
  }
}

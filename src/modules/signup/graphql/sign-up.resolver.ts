import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Response } from 'express';
import { clientAddress } from '../../../common/http/client-address.js';
import type { AppRequest } from '../../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Public } from '../../auth/auth.decorators.js';
import {
  SIGN_UP_FIELD,
  SIGN_UP_OPEN_FIELD,
  VERIFY_SIGN_UP_FIELD,
} from '../../auth/graphql-operation.js';
import { ViewerModel, toViewerModel } from '../../users/graphql/viewer.model.js';
import { setSessionCookie } from '../../users/session-cookie.js';
import { SessionsService } from '../../users/sessions.service.js';
import { SignUpGate } from '../sign-up-gate.service.js';
import { LINK_VALID_HOURS } from '../sign-up-limits.js';
import { SignUpRequests } from '../sign-up-requests.service.js';
import { SignUpVerification } from '../sign-up-verification.service.js';
import { SignUpInput } from './sign-up.inputs.js';
import { SignUpRequestModel } from './sign-up.model.js';

/** Sign-up from the dashboard (docs/dashboard.md, Signing up): open to anyone, each field alone. */
@Resolver()
export class SignUpResolver {
  constructor(
    private readonly gate: SignUpGate,
    private readonly requests: SignUpRequests,
    private readonly verification: SignUpVerification,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Query(() => Boolean, {
    name: SIGN_UP_OPEN_FIELD,
    description:
      'Whether /dashboard/signup takes sign-ups now (SIGNUP=open, not closed by an operator).',
  })
  async signUpOpen(): Promise<boolean> {
    return (await this.gate.state()).open;
  }

  @Public()
  @Mutation(() => SignUpRequestModel, {
    name: SIGN_UP_FIELD,
    description:
      'Mails a link that verifies the address and creates the account, or, to an address that has an account already, a mail saying so: the answer is the same. forbidden while sign-up is closed; rate limited per client address and per email.',
  })
  signUp(
    @Args('input') input: SignUpInput,
    @Context('req') req: AppRequest,
  ): Promise<SignUpRequestModel> {
    const address = clientAddress(req, this.config.publicUrls.trustProxy);
    return this.requests.request(input.email, input.password, address);
  }

  @Public()
  @Mutation(() => ViewerModel, {
    name: VERIFY_SIGN_UP_FIELD,
    description: `The mailed link's token: creates the account and its user, and signs them in (sets the alerts_session cookie). A link works once, for ${LINK_VALID_HOURS} hours.`,
  })
  async verifySignUp(
    @Args('token') token: string,
    @Context('req') req: AppRequest,
    @Context('res') res: Response,
  ): Promise<ViewerModel> {
    const { user, account } = await this.verification.verify(token);
    const { token: sessionToken, session } = await this.sessions.start(
      user.id,
      req.get('user-agent'),
    );
    setSessionCookie(res, sessionToken, this.config.publicUrls);
    return toViewerModel(user, account, session.csrfToken);
  }
}

import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Response } from 'express';
import type { AppRequest } from '../../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Public } from '../../auth/auth.decorators.js';
import { COMPLETE_SETUP_FIELD, SETUP_LINK_FIELD } from '../../auth/graphql-operation.js';
import { toViewerModel, ViewerModel } from '../../users/graphql/viewer.model.js';
import { setSessionCookie } from '../../users/session-cookie.js';
import { SessionsService } from '../../users/sessions.service.js';
import { SetupService } from '../setup.service.js';
import { SetupInput } from './setup.inputs.js';
import { SetupLinkModel, toSetupLinkModel } from './setup.model.js';

/** The setup page's two operations, open to anyone: the link's token is their secret. */
@Resolver()
export class SetupResolver {
  constructor(
    private readonly setup: SetupService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Query(() => SetupLinkModel, {
    name: SETUP_LINK_FIELD,
    description: 'Whether the setup link with this token can set the service up, and if not why.',
  })
  async setupLink(@Args('token') token: string): Promise<SetupLinkModel> {
    return toSetupLinkModel(await this.setup.linkState(token));
  }

  @Public()
  @Mutation(() => ViewerModel, {
    name: COMPLETE_SETUP_FIELD,
    description:
      'Creates the first operator, and with account the first account and its user, then signs the operator in (sets the alerts_session cookie). Refused (forbidden) for a wrong, expired or used link, and once an operator exists.',
  })
  async completeSetup(
    @Args('input') input: SetupInput,
    @Context('req') req: AppRequest,
    @Context('res') res: Response,
  ): Promise<ViewerModel> {
    const operator = await this.setup.complete({
      token: input.token,
      operator: input.operator,
      account: input.account ?? null,
    });
    const { token, session } = await this.sessions.start(operator.id, req.get('user-agent'));
    setSessionCookie(res, token, this.config.publicUrls);
    return toViewerModel(operator, null, session.csrfToken);
  }
}

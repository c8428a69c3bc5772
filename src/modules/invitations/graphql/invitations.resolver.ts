import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Response } from 'express';
import { publicBaseUrl } from '../../../common/http/public-base-url.js';
import type { AppRequest } from '../../../common/http/request-of.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { AccountRole } from '../../auth/account-roles.js';
import { CurrentCaller, Public, RequireProduct, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { ACCEPT_INVITATION_FIELD, INVITATION_LINK_FIELD } from '../../auth/graphql-operation.js';
import { deletionOf, DeletionModel } from '../../graphql/common/deletion.model.js';
import { AccountRoleEnum } from '../../users/graphql/team-member.model.js';
import { toViewerModel, ViewerModel } from '../../users/graphql/viewer.model.js';
import { setSessionCookie } from '../../users/session-cookie.js';
import { SessionsService } from '../../users/sessions.service.js';
import { InvitationsService } from '../invitations.service.js';
import { AcceptInvitationInput } from './invitation.inputs.js';
import {
  InvitationIssuedModel,
  InvitationLinkModel,
  InvitationModel,
  toInvitationModel,
} from './invitation.model.js';

/** Invitations on the Team page, and the invitee's page (docs/teams.md, Invitations). */
@Resolver(() => InvitationModel)
@RequireProduct('either')
export class InvitationsResolver {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Query(() => [InvitationModel], {
    name: 'invitations',
    description: "The account's pending invitations, newest first.",
  })
  async list(@CurrentCaller() caller: Caller): Promise<InvitationModel[]> {
    return (await this.invitations.pending(caller.accountId)).map(toInvitationModel);
  }

  @RequireRole('admin')
  @Mutation(() => InvitationIssuedModel, {
    name: 'inviteUser',
    description:
      'Invites an email address with a role: mails a single-use link valid for 7 days, or, without SMTP_URL, answers with it. Admins invite up to admin; only an owner invites an owner.',
  })
  async invite(
    @CurrentCaller() caller: Caller,
    @Args('email') email: string,
    @Args('role', { type: () => AccountRoleEnum }) role: AccountRole,
    @Context('req') req: AppRequest,
  ): Promise<InvitationIssuedModel> {
    const base = publicBaseUrl(req, this.config.publicUrls);
    const { invitation, link } = await this.invitations.invite(caller, email, role, base);
    return { invitation: toInvitationModel(invitation), link };
  }

  @RequireRole('admin')
  @Mutation(() => DeletionModel, {
    name: 'revokeInvitation',
    description: 'Revokes a pending invitation: its link stops working.',
  })
  async revoke(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeletionModel> {
    await this.invitations.revoke(caller, id);
    return deletionOf(id);
  }

  @Public()
  @Query(() => InvitationLinkModel, {
    name: INVITATION_LINK_FIELD,
    description:
      "The invitee's page: what a usable link invites to; not_found saying why for one that is not (unknown, accepted, revoked, expired).",
  })
  async invitationLink(@Args('token') token: string): Promise<InvitationLinkModel> {
    const invitation = await this.invitations.open(token);
    return {
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
      expiresAt: isoWithMillis(invitation.expiresAt),
      accountId: invitation.accountId,
      emailKey: invitation.emailKey,
    };
  }

  @Public()
  @Mutation(() => ViewerModel, {
    name: ACCEPT_INVITATION_FIELD,
    description:
      'Creates the invited user with the chosen password and the invited role, uses up the link, and signs them in (sets the alerts_session cookie).',
  })
  async accept(
    @Args('input') input: AcceptInvitationInput,
    @Context('req') req: AppRequest,
    @Context('res') res: Response,
  ): Promise<ViewerModel> {
    const { user, account } = await this.invitations.accept(input.token, input.password);
    const { token, session } = await this.sessions.start(user.id, req.get('user-agent'));
    setSessionCookie(res, token, this.config.publicUrls);
    return toViewerModel(user, account, session.csrfToken);
  }
}

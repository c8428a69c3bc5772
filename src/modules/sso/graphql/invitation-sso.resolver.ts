import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InvitationLinkModel } from '../../invitations/graphql/invitation.model.js';
import { SsoSettingsService } from '../sso-settings.service.js';

/** What an invitee's page learns of single sign-on (docs/teams.md, Invitations). */
@Resolver(() => InvitationLinkModel)
export class InvitationSsoResolver {
  constructor(private readonly settings: SsoSettingsService) {}

  @ResolveField(() => Boolean, {
    name: 'ssoAvailable',
    description:
      "Whether the account has single sign-on set up and allows the email's domain: the invitee may then sign in with SSO instead of choosing a password.",
  })
  ssoAvailable(@Parent() link: InvitationLinkModel): Promise<boolean> {
    return this.settings.allowsEmail(link.accountId, link.emailKey);
  }
}

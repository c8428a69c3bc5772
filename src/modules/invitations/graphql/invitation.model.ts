import { Field, ID, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { AccountRole } from '../../auth/account-roles.js';
import { AccountRoleEnum } from '../../users/graphql/team-member.model.js';
import type { InvitationEntity } from '../invitation.entity.js';

@ObjectType('Invitation', { description: 'A pending invitation to the account (docs/teams.md).' })
export class InvitationModel {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => AccountRoleEnum)
  role: AccountRole;

  @Field({ description: 'The email of the user who invited.' })
  invitedBy: string;

  @Field({ description: 'ISO 8601.' })
  createdAt: string;

  @Field({ description: 'ISO 8601: the link works until then, once.' })
  expiresAt: string;
}

@ObjectType('InvitationIssued')
export class InvitationIssuedModel {
  @Field(() => InvitationModel)
  invitation: InvitationModel;

  @Field(() => String, {
    nullable: true,
    description:
      'The invitation link when no mail was sent (no SMTP_URL): shown in this one answer, stored only as a hash. null when it was mailed.',
  })
  link: string | null;
}

@ObjectType('InvitationLink', { description: 'What the invitee’s page shows of a usable link.' })
export class InvitationLinkModel {
  @Field()
  email: string;

  @Field(() => AccountRoleEnum)
  role: AccountRole;

  @Field()
  invitedBy: string;

  @Field({ description: 'ISO 8601.' })
  expiresAt: string;

  /** For the `ssoAvailable` field, which single sign-on resolves (sso/graphql). */
  accountId: string;
  emailKey: string;
}

export function toInvitationModel(invitation: InvitationEntity): InvitationModel {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    createdAt: isoWithMillis(invitation.createdAt),
    expiresAt: isoWithMillis(invitation.expiresAt),
  };
}

import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { AccountRole } from '../../auth/account-roles.js';
import type { UserEntity } from '../user.entity.js';

export const AccountRoleEnum = {
  owner: 'owner',
  admin: 'admin',
  member: 'member',
  viewer: 'viewer',
} as const satisfies { [Role in AccountRole]: Role };

registerEnumType(AccountRoleEnum, {
  name: 'AccountRole',
  description:
    "A user's role in their account (docs/teams.md): viewer reads; member also manages keywords, webhooks, email subscriptions and feeds; admin also users and API keys; owner also admins' and owners' roles.",
});

@ObjectType('TeamMember', { description: 'A user of the account, as the Team page lists them.' })
export class TeamMemberModel {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => AccountRoleEnum)
  role: AccountRole;

  @Field({ description: 'ISO 8601.' })
  createdAt: string;
}

export function toTeamMemberModel(user: UserEntity): TeamMemberModel {
  if (user.role === 'operator') throw new Error('An operator is no team member');
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    createdAt: isoWithMillis(user.createdAt),
  };
}

import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { deletionOf, DeletionModel } from '../../graphql/common/deletion.model.js';
import type { AccountRole } from '../../auth/account-roles.js';
import { CurrentCaller, RequireProduct, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { TeamService } from '../team.service.js';
import { AccountRoleEnum, TeamMemberModel, toTeamMemberModel } from './team-member.model.js';

/** The dashboard's Team page: the account's users and their roles (decisions section 15). */
@Resolver(() => TeamMemberModel)
@RequireProduct('either')
export class TeamResolver {
  constructor(private readonly team: TeamService) {}

  @Query(() => [TeamMemberModel], {
    name: 'teamMembers',
    description: "The account's users, oldest first.",
  })
  async members(@CurrentCaller() caller: Caller): Promise<TeamMemberModel[]> {
    return (await this.team.members(caller.accountId)).map(toTeamMemberModel);
  }

  @RequireRole('admin')
  @Mutation(() => TeamMemberModel, {
    name: 'changeUserRole',
    description:
      "Sets a user's role, from their next request. Admins set member, viewer or admin on members and viewers; only an owner changes an admin or owner, or makes an owner; the last owner stays one.",
  })
  async changeRole(
    @CurrentCaller() caller: Caller,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('role', { type: () => AccountRoleEnum }) role: AccountRole,
  ): Promise<TeamMemberModel> {
    return toTeamMemberModel(await this.team.changeRole(caller, userId, role));
  }

  @RequireRole('admin')
  @Mutation(() => DeletionModel, {
    name: 'removeUser',
    description:
      'Deletes a user of the account and ends their sessions at once. Only an owner removes an admin or owner; the last owner stays.',
  })
  async remove(
    @CurrentCaller() caller: Caller,
    @Args('userId', { type: () => ID }) userId: string,
  ): Promise<DeletionModel> {
    return deletionOf((await this.team.remove(caller, userId)).id);
  }
}

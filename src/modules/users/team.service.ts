import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { AccountRole } from '../auth/account-roles.js';
import { teamChangeRefusal, type TeamActor } from './team-rules.js';
import { UserEntity } from './user.entity.js';
import { UserStore, type UserWrite } from './user.store.js';

/** The users of an account as its admins and owners manage them: roles, and removing a user. */
@Injectable()
export class TeamService {
  constructor(private readonly store: UserStore) {}

  /** The account's users, oldest first. */
  members(accountId: string): Promise<UserEntity[]> {
    return this.store.usersOf(accountId);
  }

  /** The user with their new role; the role applies from their next request. */
  changeRole(actor: TeamActor, userId: string, role: AccountRole): Promise<UserEntity> {
    return this.change(actor, userId, role, async (write, user) => {
      await write.setRole(user.id, role);
      return Object.assign(new UserEntity(), user, { role });
    });
  }

  /** The user removed; every session of theirs ends at once. */
  remove(actor: TeamActor, userId: string): Promise<UserEntity> {
    return this.change(actor, userId, null, async (write, user) => {
      await write.delete(user.id);
      return user;
    });
  }

  private change(
    actor: TeamActor,
    userId: string,
    next: AccountRole | null,
    apply: (write: UserWrite, user: UserEntity) => Promise<UserEntity>,
  ): Promise<UserEntity> {
    return this.store.write(async (write) => {
      const owners = await write.lockedOwnerCount(actor.accountId);
      const user = await write.findToChange({ id: userId });
      if (!user || user.accountId !== actor.accountId || user.role === 'operator') {
        throw AppError.notFound('User');
      }
      const refusal = teamChangeRefusal(actor.role, user.role, next, owners);
      if (refusal) throw refusal;
      if (next === user.role) return user;
      return apply(write, user);
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { AccountAudit } from '../account-audit/account-audit.service.js';
import type { AccountRole } from '../auth/account-roles.js';
import type { Caller } from '../auth/caller.js';
import { teamActorOf, teamChangeRefusal } from './team-rules.js';
import { UserEntity } from './user.entity.js';
import { UserStore, type UserWrite } from './user.store.js';

/** The users of an account as its admins and owners manage them: roles, and removing a user. */
@Injectable()
export class TeamService {
  constructor(
    private readonly store: UserStore,
    private readonly audit: AccountAudit,
  ) {}

  /** The account's users, oldest first. */
  members(accountId: string): Promise<UserEntity[]> {
    return this.store.usersOf(accountId);
  }

  /** The user with their new role; the role applies from their next request. */
  changeRole(caller: Caller, userId: string, role: AccountRole): Promise<UserEntity> {
    return this.change(caller, userId, role, async (write, user) => {
      await write.setRole(user.id, role);
      return Object.assign(new UserEntity(), user, { role });
    });
  }

  /** The user removed; every session of theirs ends at once. */
  remove(caller: Caller, userId: string): Promise<UserEntity> {
    return this.change(caller, userId, null, async (write, user) => {
      await write.delete(user.id);
      return user;
    });
  }

  /**
   * `next`: the user's new role, or null to remove them. The change is recorded in the audit log
   * before it is applied: the actor is read from the users table, and may be the one removed.
   */
  private change(
    caller: Caller,
    userId: string,
    next: AccountRole | null,
    apply: (write: UserWrite, user: UserEntity) => Promise<UserEntity>,
  ): Promise<UserEntity> {
    const actor = teamActorOf(caller);
    return this.store.write(async (write) => {
      const owners = await write.lockedOwnerCount(actor.accountId);
      const user = await write.findToChange({ id: userId });
      if (!user || user.accountId !== actor.accountId || user.role === 'operator') {
        throw AppError.notFound('User');
      }
      const refusal = teamChangeRefusal(actor.role, user.role, next, owners);
      if (refusal) throw refusal;
      if (next === user.role) return user;
      await write.also(
        (manager) =>
          this.audit.record(manager, caller, {
            action: next === null ? 'user.removed' : 'user.role_changed',
            resourceType: 'user',
            resourceId: user.id,
            before: { email: user.email, role: user.role },
            after: next === null ? null : { email: user.email, role: next },
          }),
        undefined,
      );
      return apply(write, user);
    });
  }
}

import { AppError } from '../../common/errors/app-error.js';
import type { AccountRole } from '../auth/account-roles.js';
import type { Caller } from '../auth/caller.js';

/** A user acting on their account's team: who they are and their role there. */
export interface TeamActor {
  accountId: string;
  userId: string;
  role: AccountRole;
}

/**
 * The signed-in user changing their team. An API key has no role to rank against, so it may
 * read the team but not change it (docs/teams.md).
 */
export function teamActorOf(caller: Caller): TeamActor {
  if (caller.session === null || caller.role === null) {
    throw new AppError(
      'forbidden',
      "Only a signed-in user can change the account's users; an API key has no role",
    );
  }
  return { accountId: caller.accountId, userId: caller.session.userId, role: caller.role };
}

const RANKED: readonly AccountRole[] = ['admin', 'owner'];

/**
 * Whether `actor` may give the user now `current` the role `next` (null: remove them), decisions
 * section 15. Any admin manages members and viewers and may make them admins; only an owner
 * changes or removes an admin or an owner, or makes an owner; the last owner stays one.
 * (Who may manage the team at all, admin, is the fields' declared rule.)
 */
export function teamChangeRefusal(
  actor: AccountRole,
  current: AccountRole,
  next: AccountRole | null,
  owners: number,
): AppError | null {
  if (actor !== 'owner' && (RANKED.includes(current) || next === 'owner')) {
    const what =
      next === null
        ? `remove an ${current}`
        : next === 'owner'
          ? 'make an owner'
          : `change an ${current}'s role`;
    return ownerNeeded(actor, what);
  }
  if (current === 'owner' && next !== 'owner' && owners <= 1) {
    return new AppError(
      'forbidden',
      'An account always keeps at least one owner: make another user owner first',
    );
  }
  return null;
}

/** Whether `actor` may invite someone as `role`: an admin up to admin, only an owner an owner. */
export function invitationRefusal(actor: AccountRole, role: AccountRole): AppError | null {
  return actor !== 'owner' && role === 'owner' ? ownerNeeded(actor, 'invite an owner') : null;
}

function ownerNeeded(actor: AccountRole, what: string): AppError {
  return new AppError(
    'forbidden',
    `This needs the owner role: only an owner may ${what}; your role in this account is ${actor}`,
  );
}

import { AppError } from '../../../common/errors/app-error.js';
import type { Caller } from '../../auth/caller.js';
import type { TeamActor } from '../team-rules.js';

/**
 * The signed-in user changing their team. An API key has no role to rank against, so it may
 * read the team but not change it (docs/teams.md).
 */
export function actorOf(caller: Caller): TeamActor {
  if (caller.session === null || caller.role === null) {
    throw new AppError(
      'forbidden',
      "Only a signed-in user can change the account's users; an API key has no role",
    );
  }
  return { accountId: caller.accountId, userId: caller.session.userId, role: caller.role };
}

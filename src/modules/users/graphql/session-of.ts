import { AppError } from '../../../common/errors/app-error.js';
import type { Caller, CallerSession } from '../../auth/caller.js';

/** The caller's dashboard session; an API key has no user behind it. */
export function sessionOf(caller: Caller): CallerSession {
  if (caller.session === null) {
    throw new AppError('forbidden', 'Only a signed-in dashboard user can do this; an API key has no user');
  }
  return caller.session;
}

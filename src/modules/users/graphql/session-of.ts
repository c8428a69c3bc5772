import { AppError } from '../../../common/errors/app-error.js';
import type { SessionUser } from '../../auth/caller.js';

/** The request's dashboard session (a user's or an operator's); an API key has no user behind it. */
export function sessionOf(signedIn: SessionUser | null): SessionUser {
  if (signedIn === null) {
    throw new AppError(
      'forbidden',
      'Only a signed-in dashboard user can do this; an API key has no user',
    );
  }
  return signedIn;
}

/** What a password a user chooses must be; generated ones (generatePassword) are 24 characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** Bounds the hashing work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 256;

/** Why a password someone chose cannot be used, or null; `what` names it in the message. */
export function chosenPasswordProblem(password: string, what = 'The password'): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `${what} must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `${what} must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  return null;
}

export function newPasswordProblem(password: string, current: string): string | null {
  const problem = chosenPasswordProblem(password, 'The new password');
  if (problem) return problem;
  if (password === current) return 'The new password must differ from the current one';
  return null;
}

/** What a password a user chooses must be; generated ones (generatePassword) are 24 characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** Bounds the hashing work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 256;

export function newPasswordProblem(password: string, current: string): string | null {
  const lengthProblem = passwordLengthProblem(password, 'The new password');
  if (lengthProblem) return lengthProblem;
  if (password === current) return 'The new password must differ from the current one';
  return null;
}

/** What is wrong with the length of a password a person chose, named `what` in the answer. */
export function passwordLengthProblem(password: string, what = 'The password'): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `${what} must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `${what} must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  return null;
}

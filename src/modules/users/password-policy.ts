/** What a password a user chooses must be; generated ones (generatePassword) are 24 characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** Bounds the hashing work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 256;

export function newPasswordProblem(password: string, current: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `The new password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `The new password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  if (password === current) return 'The new password must differ from the current one';
  return null;
}

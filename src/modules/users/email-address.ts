import { isEmail } from 'class-validator';

/** RFC 5321's limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;

export interface EmailAddress {
  /** As given, trimmed: what the user sees. */
  display: string;
  /** Lower-cased: what makes two emails the same (decisions section 9: compared case-insensitively). */
  key: string;
}

/** The address, or null when it is not one (checked by validator.js, through class-validator). */
export function parseEmail(input: string): EmailAddress | null {
  const display = input.trim();
  if (display.length > MAX_EMAIL_LENGTH || !isEmail(display)) return null;
  return { display, key: emailKey(display) };
}

/** The key of whatever was typed into a sign-in form: no validation, a wrong one finds nobody. */
export function emailKey(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * The roles that keep password sign-in when their account requires SSO (decisions section 15:
 * owners, so an account whose provider fails still has a way in).
 */
const KEEPS_PASSWORD_SIGN_IN: readonly string[] = ['owner'];

/** The one rule of "SSO required" (docs/teams.md): whether a password sign-in is refused. */
export function passwordSignInRefused(role: string, ssoRequired: boolean): boolean {
  return ssoRequired && !KEEPS_PASSWORD_SIGN_IN.includes(role);
}

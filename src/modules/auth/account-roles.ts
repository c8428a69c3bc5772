import { AppError } from '../../common/errors/app-error.js';

/** A user's role in their account (decisions section 15), least to most. */
export const ACCOUNT_ROLES = ['viewer', 'member', 'admin', 'owner'] as const;

export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const isAccountRole = (value: string): value is AccountRole =>
  (ACCOUNT_ROLES as readonly string[]).includes(value);

/** Whether `role` may do what `needed` may (each role may do all a lower one may). */
export const hasRole = (role: AccountRole, needed: AccountRole): boolean =>
  ACCOUNT_ROLES.indexOf(role) >= ACCOUNT_ROLES.indexOf(needed);

/** The roles that may do what `needed` may, as a refusal names them: "member, admin or owner". */
function rolesFrom(needed: AccountRole): string {
  const roles = ACCOUNT_ROLES.slice(ACCOUNT_ROLES.indexOf(needed));
  return roles.length === 1 ? roles[0] : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;
}

/** A user whose role falls short: 403 forbidden, naming the role needed and theirs. */
export function roleRefusal(role: AccountRole, needed: AccountRole): AppError {
  return new AppError(
    'forbidden',
    `This needs the ${needed} role (${rolesFrom(needed)}); your role in this account is ${role}`,
  );
}

/** Refuses unless `role` may do what `needed` may. */
export function requireRole(role: AccountRole, needed: AccountRole): void {
  if (!hasRole(role, needed)) throw roleRefusal(role, needed);
}

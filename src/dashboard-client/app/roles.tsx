import { createContext, useContext, type ReactNode } from 'react';
import type { AccountRole } from '../gql/graphql';

/** decisions section 15, least to most: each role may do all a lower one may. */
const RANK: AccountRole[] = ['viewer', 'member', 'admin', 'owner'];

export const hasRole = (role: AccountRole, needed: AccountRole): boolean =>
  RANK.indexOf(role) >= RANK.indexOf(needed);

/**
 * The signed-in user's role, as viewer.role says (SignedIn provides it). Without a provider (a
 * page rendered alone in a unit test) every control shows: the server decides anyway.
 */
const RoleContext = createContext<AccountRole>('owner');

export function RoleProvider({ role, children }: { role: AccountRole; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export const useRole = (): AccountRole => useContext(RoleContext);

/** Whether the signed-in user may make changes that need `needed`. */
export const useMay = (needed: AccountRole): boolean => hasRole(useRole(), needed);

const ROLES_FROM: Record<AccountRole, string> = {
  viewer: 'any role',
  member: 'a member, admin or owner',
  admin: 'an admin or owner',
  owner: 'an owner',
};

/**
 * Why the controls of a page are missing: the user's role, and whom to ask. Nothing when their
 * role may.
 */
export function RoleNote({ needed, what }: { needed: AccountRole; what: string }) {
  const role = useRole();
  if (hasRole(role, needed)) return null;
  return (
    <p className="role-note" role="note">
      Your role is <strong>{role}</strong>: {what} needs {ROLES_FROM[needed]}. Ask an admin or owner
      of the account to change your role on the Team page.
    </p>
  );
}

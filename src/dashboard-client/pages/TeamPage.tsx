import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { ScrollTable } from '../components/ScrollTable';
import { graphql } from '../gql';
import { TeamInvitations } from './TeamInvitations';
import type { AccountRole, TeamMembersQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useRole } from '../app/roles';
import type { UserViewer } from '../app/session';

const TEAM_QUERY = graphql(`
  query TeamMembers {
    teamMembers {
      id
      email
      role
      createdAt
    }
  }
`);

const CHANGE_USER_ROLE = graphql(`
  mutation ChangeUserRole($userId: ID!, $role: AccountRole!) {
    changeUserRole(userId: $userId, role: $role) {
      id
      role
    }
  }
`);

const REMOVE_USER = graphql(`
  mutation RemoveUser($userId: ID!) {
    removeUser(userId: $userId) {
      deleted
    }
  }
`);

const TEAM_KEY = ['team'];

type Member = TeamMembersQuery['teamMembers'][number];

const ROLE_TEXT: Record<AccountRole, string> = {
  owner: 'Owner: everything, and admins’ and owners’ roles',
  admin: 'Admin: also users and API keys',
  member: 'Member: keywords, webhooks, email, feeds',
  viewer: 'Viewer: reads only',
};

/**
 * The roles `actor` may give the user now `target` (decisions section 15, as the server decides
 * it): an admin ranks members and viewers up to admin; an owner anyone, to any role. Empty when
 * the actor may not change them at all.
 */
function rolesToGive(actor: AccountRole, target: AccountRole): AccountRole[] {
  if (actor === 'owner') return ['owner', 'admin', 'member', 'viewer'];
  if (actor === 'admin' && (target === 'member' || target === 'viewer')) {
    return ['admin', 'member', 'viewer'];
  }
  return [];
}

function MemberRow({
  member,
  isSelf,
  lastOwner,
}: {
  member: Member;
  isSelf: boolean;
  lastOwner: boolean;
}) {
  const actor = useRole();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  const change = useMutation({
    mutationFn: (role: AccountRole) =>
      graphqlRequest(CHANGE_USER_ROLE, { userId: member.id, role }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => graphqlRequest(REMOVE_USER, { userId: member.id }),
    onSuccess: refresh,
  });
  const choices = rolesToGive(actor, member.role);
  const may = choices.length > 0;
  const label = `${member.email}${isSelf ? ' (you)' : ''}`;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {may && !lastOwner ? (
          <select
            aria-label={`Role of ${member.email}`}
            value={member.role}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.target.value as AccountRole)}
          >
            {choices.map((role) => (
              <option key={role} value={role}>
                {ROLE_TEXT[role]}
              </option>
            ))}
          </select>
        ) : (
          <>
            {ROLE_TEXT[member.role]}
            {may && lastOwner && (
              <div className="hint">The last owner: make another user owner first.</div>
            )}
          </>
        )}
      </td>
      <td>{formatInstant(member.createdAt)}</td>
      <td>
        {may && !lastOwner && !isSelf && (
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Remove ${member.email}? Their sessions end at once.`)) {
                remove.mutate();
              }
            }}
          >
            Remove<span className="visually-hidden"> {member.email}</span>
          </button>
        )}
        <ErrorNotice error={change.error ?? remove.error} />
      </td>
    </tr>
  );
}

/** decisions section 15: the account's users and their roles; admins and owners change them. */
export function TeamPage({ viewer }: { viewer: UserViewer }) {
  const team = useQuery({ queryKey: TEAM_KEY, queryFn: () => graphqlRequest(TEAM_QUERY) });
  const members = team.data?.teamMembers ?? [];
  const owners = members.filter((member) => member.role === 'owner').length;
  return (
    <Page title="Team">
      <p>
        Who signs in to this account, and what each may do: viewers read everything; members also
        manage keywords, webhooks, email and feeds; admins also users and API keys; owners also
        admins’ and owners’ roles. A new role applies from the user’s next click.
      </p>
      <RoleNote needed="admin" what="inviting, changing roles and removing users" />
      <TeamInvitations />
      <h2>Users</h2>
      <QueryState query={team} empty={members.length === 0} emptyText="No users.">
        <ScrollTable
          label="Team table"
          caption="Users of the account, oldest first"
          columns={['User', 'Role', 'Added', 'Actions']}
        >
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              isSelf={member.id === viewer.user.id}
              lastOwner={member.role === 'owner' && owners === 1}
            />
          ))}
        </ScrollTable>
      </QueryState>
    </Page>
  );
}

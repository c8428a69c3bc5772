import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { graphqlRequest } from '../app/graphql';
import { useRole } from '../app/roles';
import { EmailField } from '../components/CredentialFields';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { OnceSecret } from '../components/OnceSecret';
import { QueryState } from '../components/QueryState';
import { ScrollTable } from '../components/ScrollTable';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import type { AccountRole } from '../gql/graphql';

const INVITATIONS_QUERY = graphql(`
  query Invitations {
    invitations {
      id
      email
      role
      invitedBy
      createdAt
      expiresAt
    }
  }
`);

const INVITE_USER = graphql(`
  mutation InviteUser($email: String!, $role: AccountRole!) {
    inviteUser(email: $email, role: $role) {
      link
      invitation {
        id
        email
      }
    }
  }
`);

const REVOKE_INVITATION = graphql(`
  mutation RevokeInvitation($id: ID!) {
    revokeInvitation(id: $id) {
      deleted
    }
  }
`);

const INVITATIONS_KEY = ['invitations'];

/** The roles `actor` may invite as (team-rules.ts): an admin up to admin, an owner any. */
const invitableBy = (actor: AccountRole): AccountRole[] =>
  actor === 'owner' ? ['viewer', 'member', 'admin', 'owner'] : ['viewer', 'member', 'admin'];

/** decisions section 15: inviting an email with a role, and the pending invitations. */
export function TeamInvitations() {
  const actor = useRole();
  const mayInvite = actor === 'admin' || actor === 'owner';
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('member');
  const pending = useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: () => graphqlRequest(INVITATIONS_QUERY),
  });
  const invite = useMutation({
    mutationFn: () => graphqlRequest(INVITE_USER, { email, role }),
    onSuccess: () => {
      setEmail('');
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => graphqlRequest(REVOKE_INVITATION, { id }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const invitations = pending.data?.invitations ?? [];
  const issued = invite.data?.inviteUser;
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      {mayInvite && (
        <form onSubmit={submit} className="card" aria-label="Invite">
          <EmailField email={email} onEmail={setEmail} />
          <SelectField
            label="Role"
            value={role}
            choices={invitableBy(actor).map((value) => ({ value, label: value }))}
            onChange={(value) => setRole(value as AccountRole)}
          />
          <ErrorNotice error={invite.error} />
          <button type="submit" disabled={invite.isPending}>
            Invite
          </button>
          {issued && issued.link === null && (
            <p role="status">Invitation mailed to {issued.invitation.email}.</p>
          )}
        </form>
      )}
      {issued?.link && (
        <OnceSecret title={`Invitation link for ${issued.invitation.email}`} secret={issued.link}>
          No mail is sent (no SMTP_URL): give this link to the person you invited. It works once,
          for 7 days.
        </OnceSecret>
      )}
      <QueryState
        query={pending}
        empty={invitations.length === 0}
        emptyText="No pending invitations."
      >
        <ScrollTable
          label="Invitations table"
          caption="Pending invitations, newest first"
          columns={['Email', 'Role', 'Invited by', 'Sent', 'Expires', 'Actions']}
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row">{invitation.email}</th>
              <td>{invitation.role}</td>
              <td>{invitation.invitedBy}</td>
              <td>{formatInstant(invitation.createdAt)}</td>
              <td>{formatInstant(invitation.expiresAt)}</td>
              <td>
                {mayInvite && (
                  <button
                    type="button"
                    className="danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invitation.id)}
                  >
                    Revoke<span className="visually-hidden"> {invitation.email}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </QueryState>
      <ErrorNotice error={revoke.error} />
    </section>
  );
}

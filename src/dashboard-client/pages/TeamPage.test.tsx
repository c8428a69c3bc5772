import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountRole, TeamMembersQuery } from '../gql/graphql';
import { RoleProvider } from '../app/roles';
import type { UserViewer } from '../app/session';
import { answerConfirms } from '../testing/confirm';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { TeamPage } from './TeamPage';

type Member = TeamMembersQuery['teamMembers'][number];

const member = (id: string, role: AccountRole): Member => ({
  id,
  email: `${id}@example.com`,
  role,
  createdAt: '2026-11-01T09:00:00Z',
});

function viewerAs(id: string, role: AccountRole): UserViewer {
  return {
    csrfToken: 'token',
    role,
    user: { id, email: `${id}@example.com` },
    account: {
      id: 'a1',
      name: 'Acme',
      product: 'alerts',
      plan: 'pro',
      status: 'active',
      keywordLimit: 100,
    },
  };
}

function renderAs(id: string, role: AccountRole) {
  return renderPage(
    <RoleProvider role={role}>
      <TeamPage viewer={viewerAs(id, role)} />
    </RoleProvider>,
  );
}

describe('the Team page', () => {
  const team = [
    member('olga', 'owner'),
    member('adam', 'admin'),
    member('mona', 'member'),
    member('vera', 'viewer'),
  ];

  it('lets an admin rank members and viewers up to admin, and leaves admins and owners alone', async () => {
    let listed = team;
    const server = fakeGraphql({
      TeamMembers: () => ({ teamMembers: listed }),
      ChangeUserRole: ({ userId, role }) => {
        listed = listed.map((m) =>
          m.id === userId ? { ...m, role: role as (typeof m)['role'] } : m,
        );
        return { changeUserRole: { id: userId, role } };
      },
    });
    const { user } = renderAs('adam', 'admin');

    const monaRole = await screen.findByRole('combobox', { name: 'Role of mona@example.com' });
    expect(
      Array.from((monaRole as HTMLSelectElement).options).map((option) => option.value),
    ).toEqual(['admin', 'member', 'viewer']);
    expect(screen.queryByRole('combobox', { name: 'Role of olga@example.com' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of adam@example.com' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);

    await user.selectOptions(monaRole, 'viewer');
    await waitFor(() =>
      expect(server.sent('ChangeUserRole')).toEqual([{ userId: 'mona', role: 'viewer' }]),
    );
  });

  it('removes a user once the owner confirms, but never offers to demote or remove the last owner', async () => {
    let listed = team;
    const server = fakeGraphql({
      TeamMembers: () => ({ teamMembers: listed }),
      RemoveUser: ({ userId }) => {
        listed = listed.filter((m) => m.id !== userId);
        return { removeUser: { deleted: true } };
      },
    });
    answerConfirms(true);
    const { user } = renderAs('olga', 'owner');

    await screen.findByText('The last owner: make another user owner first.');
    expect(screen.queryByRole('combobox', { name: 'Role of olga@example.com' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Remove\s*adam@example.com$/ }));
    await waitFor(() => expect(screen.queryByText('adam@example.com')).toBeNull());
    expect(server.sent('RemoveUser')).toEqual([{ userId: 'adam' }]);
  });

  it('shows a viewer the team without controls, and says why', async () => {
    fakeGraphql({ TeamMembers: () => ({ teamMembers: team }) });
    renderAs('vera', 'viewer');

    await screen.findByRole('rowheader', { name: 'vera@example.com (you)' });
    expect(screen.getByRole('note').textContent).toMatch(
      /^Your role is viewer: inviting, changing roles and removing users needs an admin or owner\./,
    );
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

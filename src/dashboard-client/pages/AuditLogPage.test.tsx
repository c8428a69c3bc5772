import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoleProvider } from '../app/roles';
import type { AuditLogQuery } from '../gql/graphql';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { AuditLogPage } from './AuditLogPage';

type Entry = AuditLogQuery['auditLog']['edges'][number]['node'];

const entry = (id: string, fields: Partial<Entry>): Entry => ({
  id,
  at: '2026-11-30T09:00:00.000Z',
  actor: { type: 'user', label: 'adam@example.com' },
  action: 'keyword.updated',
  resourceType: 'keyword',
  resourceId: `k-${id}`,
  before: '{"mode":"exact"}',
  after: '{"mode":"broad"}',
  ...fields,
});

const page = (entries: Entry[], endCursor: string | null) => ({
  auditLog: {
    edges: entries.map((node) => ({ node })),
    pageInfo: { hasNextPage: endCursor !== null, endCursor },
  },
});

describe('the Audit log page', () => {
  it('shows who changed what with the fields before and after, pages, and filters', async () => {
    const server = fakeGraphql({
      AuditLog: ({ after, resourceType }) => {
        if (resourceType === 'webhook') {
          return page(
            [
              entry('w1', {
                action: 'webhook.secret_rotated',
                resourceType: 'webhook',
                before: '{}',
                after: '{"secret":"[changed]"}',
              }),
            ],
            null,
          );
        }
        return after === 'c1'
          ? page(
              [
                entry('e2', {
                  actor: { type: 'api_key', label: 'alr_abc123' },
                  action: 'keyword.created',
                  before: null,
                  after: '{"text":"acme","subreddits":["rust","golang"]}',
                }),
              ],
              null,
            )
          : page([entry('e1', {})], 'c1');
      },
    });
    const { user } = renderPage(
      <RoleProvider role="admin">
        <AuditLogPage />
      </RoleProvider>,
    );

    const first = await screen.findByRole('row', { name: /keyword\.updated/ });
    expect(within(first).getByText('adam@example.com')).toBeTruthy();
    expect(first.textContent).toContain('mode: exact → broad');

    await user.click(screen.getByRole('button', { name: 'Load older changes' }));
    const second = await screen.findByRole('row', { name: /keyword\.created/ });
    expect(second.textContent).toContain('alr_abc123 (API key)');
    expect(second.textContent).toContain('subreddits: rust, golang');
    expect(second.textContent).not.toContain('→');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Resource' }), 'webhook');
    const rotated = await screen.findByRole('row', { name: /webhook\.secret_rotated/ });
    expect(rotated.textContent).toContain('secret: — → [changed]');
    await waitFor(() =>
      expect(server.sent('AuditLog').at(-1)).toMatchObject({ resourceType: 'webhook' }),
    );
  });

  it('tells a member it is for admins and owners, and asks nothing of the server', () => {
    const server = fakeGraphql({});
    renderPage(
      <RoleProvider role="member">
        <AuditLogPage />
      </RoleProvider>,
    );
    expect(screen.getByRole('note').textContent).toMatch(
      /^Your role is member: reading the audit log needs an admin or owner\./,
    );
    expect(server.sent('AuditLog')).toEqual([]);
  });
});

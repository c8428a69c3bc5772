import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerConfirms } from '../testing/confirm';
import { ApiKeyTable, type ListedApiKey } from './ApiKeyTable';

const keys: ListedApiKey[] = [
  {
    id: 'key-1',
    prefix: 'rka_live_ab',
    createdAt: '2025-03-01T09:00:00Z',
    lastUsedAt: null,
    revokedAt: null,
    scope: 'write',
    expiresAt: null,
  },
  {
    id: 'key-2',
    prefix: 'rka_live_cd',
    createdAt: '2025-02-01T09:00:00Z',
    lastUsedAt: '2025-02-03T09:00:00Z',
    revokedAt: '2025-02-04T09:00:00Z',
    scope: 'write',
    expiresAt: null,
  },
  {
    id: 'key-3',
    prefix: 'rka_live_ef',
    createdAt: '2025-01-01T09:00:00Z',
    lastUsedAt: null,
    revokedAt: null,
    scope: 'read',
    expiresAt: '2025-01-02T09:00:00Z',
  },
  {
    id: 'key-4',
    prefix: 'rka_live_gh',
    createdAt: '2025-01-01T09:00:00Z',
    lastUsedAt: null,
    revokedAt: null,
    scope: 'read',
    expiresAt: '2999-01-02T09:00:00Z',
  },
];

const row = (prefix: string) => screen.getByRole('row', { name: new RegExp(`^${prefix}`) });

describe('the API key table', () => {
  it('shows each key by its prefix only, with when it was last used and whether it still works', () => {
    render(<ApiKeyTable keys={keys} revoking={false} onRevoke={() => {}} />);

    const unused = row('rka_live_ab');
    expect(within(unused).getByRole('rowheader').textContent).toBe('rka_live_ab…');
    expect(
      within(unused)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Read and write',
      expect.stringContaining('2025'),
      'never',
      'never',
      'Active',
      'Revoke',
    ]);
    const revoked = row('rka_live_cd');
    expect(within(revoked).getAllByRole('cell')[4].textContent).toMatch(/^Revoked .*2025/);
  });

  it("shows each key's scope and expiry, and marks an expired key", () => {
    render(<ApiKeyTable keys={keys} revoking={false} onRevoke={() => {}} />);

    const cellsOf = (prefix: string) =>
      within(row(prefix))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const expired = cellsOf('rka_live_ef');
    expect([expired[0], expired[4]]).toEqual(['Read only', 'Expired']);
    expect(expired[3]).toMatch(/2025/);
    const expiring = cellsOf('rka_live_gh');
    expect([expiring[0], expiring[4]]).toEqual(['Read only', 'Active']);
    expect(expiring[3]).toMatch(/2999/);
  });

  it('offers Revoke only for a key that still works', () => {
    render(<ApiKeyTable keys={keys} revoking={false} onRevoke={() => {}} />);

    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Revoke rka_live_ab', 'Revoke rka_live_ef', 'Revoke rka_live_gh']);
  });

  it('revokes a key only once the user confirms', async () => {
    const onRevoke = vi.fn();
    const confirm = answerConfirms(false, true);
    const user = userEvent.setup();
    render(<ApiKeyTable keys={keys} revoking={false} onRevoke={onRevoke} />);
    const revoke = screen.getByRole('button', { name: 'Revoke rka_live_ab' });

    await user.click(revoke);
    expect(confirm).toHaveBeenLastCalledWith(
      'Revoke the key rka_live_ab…? It stops working at once.',
    );
    expect(onRevoke).not.toHaveBeenCalled();
    await user.click(revoke);
    expect(onRevoke).toHaveBeenCalledExactlyOnceWith('key-1');
  });

  it('cannot revoke again while a revocation is on its way', () => {
    render(<ApiKeyTable keys={keys} revoking onRevoke={() => {}} />);

    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Revoke rka_live_ab' }).disabled,
    ).toBe(true);
  });
});

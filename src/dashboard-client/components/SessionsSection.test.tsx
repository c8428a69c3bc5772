import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { SessionsSection } from './SessionsSection';

interface ListedSession {
  id: string;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
  browser: string;
}

const thisOne: ListedSession = {
  id: 'session-1',
  startedAt: '2025-03-01T09:00:00Z',
  lastSeenAt: '2025-03-01T10:00:00Z',
  current: true,
  browser: 'Firefox on Linux',
};
const phone: ListedSession = {
  id: 'session-2',
  startedAt: '2025-02-01T09:00:00Z',
  lastSeenAt: '2025-02-02T09:00:00Z',
  current: false,
  browser: 'Safari on iOS',
};
const tablet: ListedSession = { ...phone, id: 'session-3', browser: 'Chrome on Android' };

const rowOf = (browser: string) => screen.getByRole('row', { name: new RegExp(`^${browser}`) });

describe('the sessions section', () => {
  it('lists each session with when it signed in and was last seen, this one marked', async () => {
    fakeGraphql({ Sessions: () => ({ sessions: [thisOne, phone] }) });
    renderPage(<SessionsSection />);

    await screen.findByRole('row', { name: /^Safari on iOS/ });
    const current = within(rowOf('Firefox on Linux')).getAllByRole('cell');
    expect(current.map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('2025'),
      'This session',
      '',
    ]);
    const other = within(rowOf('Safari on iOS')).getAllByRole('cell');
    expect(other[1].textContent).toMatch(/2025/);
    expect(other[2].textContent).toBe('Sign out');
  });

  it('signs out one other session', async () => {
    let listed = [thisOne, phone, tablet];
    const server = fakeGraphql({
      Sessions: () => ({ sessions: listed }),
      EndSession: ({ id }) => {
        listed = listed.filter((session) => session.id !== id);
        return { endSession: true };
      },
    });
    const { user } = renderPage(<SessionsSection />);
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /^Safari on iOS/ })).toBeNull());
    expect(server.sent('EndSession')).toEqual([{ id: 'session-2' }]);
    expect(rowOf('Chrome on Android')).toBeTruthy();
  });

  it('signs out every other session, and then has none to sign out', async () => {
    let listed = [thisOne, phone, tablet];
    const server = fakeGraphql({
      Sessions: () => ({ sessions: listed }),
      EndOtherSessions: () => {
        listed = [thisOne];
        return { endOtherSessions: 2 };
      },
    });
    const { user } = renderPage(<SessionsSection />);
    await screen.findByRole('row', { name: /^Safari on iOS/ });
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));

    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(server.sent('EndOtherSessions')).toEqual([{}]);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out other sessions' }).disabled,
    ).toBe(true);
  });
});

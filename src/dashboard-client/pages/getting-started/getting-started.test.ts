import { describe, expect, it } from 'vitest';
import type { GettingStartedQuery } from '../../gql/graphql';
import { progressOf } from './getting-started';

const account = (lists: Partial<GettingStartedQuery> = {}): GettingStartedQuery => ({
  keywords: { count: 1 },
  webhooks: { nodes: [] },
  emailSubscriptions: { nodes: [] },
  feeds: { enabled: false },
  ...lists,
});

const webhook = (totalDeliveries: number) => ({
  id: 'w1',
  name: 'Team channel',
  format: 'slack' as const,
  totalDeliveries,
});

const subscription = (status: string) => ({ id: 's1', email: 'ada@example.com', status });

describe('the checklist’s progress', () => {
  it('is done once there is a keyword and a channel that has reached someone', () => {
    expect(progressOf(account({ webhooks: { nodes: [webhook(1)] } })).done).toBe(true);
    expect(progressOf(account({ feeds: { enabled: true } })).done).toBe(true);
    expect(
      progressOf(account({ emailSubscriptions: { nodes: [subscription('active')] } })).done,
    ).toBe(true);
    expect(
      progressOf(account({ keywords: { count: 0 }, webhooks: { nodes: [webhook(1)] } })).done,
    ).toBe(false);
  });

  it('counts a webhook never delivered to, or an address to confirm, as connected only', () => {
    const untested = progressOf(account({ webhooks: { nodes: [webhook(0)] } }));
    expect(untested).toMatchObject({ connected: true, proven: false, done: false });
    const pending = progressOf(
      account({ emailSubscriptions: { nodes: [subscription('pending')] } }),
    );
    expect(pending).toMatchObject({
      connected: true,
      proven: false,
      pendingEmails: ['ada@example.com'],
    });
  });

  it('does not count a subscription its recipient ended', () => {
    const ended = progressOf(
      account({ emailSubscriptions: { nodes: [subscription('unsubscribed')] } }),
    );
    expect(ended).toMatchObject({ connected: false, proven: false, pendingEmails: [] });
  });
});

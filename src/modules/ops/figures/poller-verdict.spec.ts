import type { LatestValue } from './operation-sample.store.js';
import { pollerVerdict } from './poller-verdict.js';

const row = (instanceId: string, minute: number, value = 1): LatestValue => ({
  instanceId,
  subject: '',
  minute,
  value,
});

describe('pollerVerdict', () => {
  it('names the instance that held the lease in the newest minute', () => {
    const verdict = pollerVerdict([row('a', 2), row('b', 2)], [row('a', 1), row('b', 2)]);
    expect(verdict).toMatchObject({ state: 'on', leaseHolder: 'b' });
  });

  it('says nobody polls when credentials are set but no instance holds the lease', () => {
    expect(pollerVerdict([row('a', 2)], [])).toMatchObject({ state: 'waiting', leaseHolder: null });
  });

  it('says the credentials are missing when the instances with background jobs have none', () => {
    const verdict = pollerVerdict([row('a', 2, 0)], []);
    expect(verdict.state).toBe('off');
    expect(verdict.reason).toContain('REDDIT_CLIENT_ID');
  });

  it('says no instance runs background jobs when none wrote figures', () => {
    const verdict = pollerVerdict([], []);
    expect(verdict.state).toBe('off');
    expect(verdict.reason).toContain('ROLE');
  });
});

import type { LatestValue } from './operation-sample.store.js';

export type PollerState = 'on' | 'waiting' | 'off';

export interface PollerVerdict {
  state: PollerState;
  reason: string;
  /** The instance that held the poll lease in the latest minute sampled. */
  leaseHolder: string | null;
}

/**
 * Whether Reddit is polled, from what the instances with background jobs wrote lately: whether
 * they have credentials (`reddit.poller`) and which of them holds the lease (`reddit.leader`).
 */
export function pollerVerdict(
  configured: readonly LatestValue[],
  leaders: readonly LatestValue[],
): PollerVerdict {
  const newestLeader = [...leaders].sort((a, b) => b.minute - a.minute)[0];
  if (newestLeader !== undefined) {
    return {
      state: 'on',
      reason: `polling: ${newestLeader.instanceId} holds the poll lease`,
      leaseHolder: newestLeader.instanceId,
    };
  }
  if (configured.some(({ value }) => value === 1)) {
    return {
      state: 'waiting',
      reason: 'Reddit credentials are set, but no instance has held the poll lease lately',
      leaseHolder: null,
    };
  }
  if (configured.length > 0) {
    return {
      state: 'off',
      reason:
        'REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET are not set on the instances that run background jobs',
      leaseHolder: null,
    };
  }
  return {
    state: 'off',
    reason: 'no instance running background jobs (ROLE=all or worker) has written figures lately',
    leaseHolder: null,
  };
}

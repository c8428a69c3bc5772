import type { RecordedAttempt } from '../../delivery/webhook-targets.js';

/** What a run of attempts does to one webhook's counters, applied with SQL increments. */
export interface WebhookTally {
  webhookId: string;
  lastAttemptAt: number;
  successes: number;
  /** Failures after the last success; all of them when none succeeded. */
  trailingFailures: number;
  /** The counter restarts from trailingFailures: some attempt succeeded. */
  resetsFailures: boolean;
  /** The last failure's text; null keeps the stored one (a success does not clear it). */
  lastError: string | null;
  /** When the earliest trailing failure was attempted; null when there is none. */
  failingSince: number | null;
}

/** Folds attempts, in the order they ended, into one tally per webhook. */
export function tallyByWebhook(attempts: readonly RecordedAttempt[]): WebhookTally[] {
  const tallies = new Map<string, WebhookTally>();
  for (const { webhookId, outcome, attemptedAt } of attempts) {
    const tally = tallies.get(webhookId) ?? {
      webhookId,
      lastAttemptAt: attemptedAt,
      successes: 0,
      trailingFailures: 0,
      resetsFailures: false,
      lastError: null,
      failingSince: null,
    };
    tally.lastAttemptAt = Math.max(tally.lastAttemptAt, attemptedAt);
    if (outcome.ok) {
      tally.successes += 1;
      tally.trailingFailures = 0;
      tally.resetsFailures = true;
      tally.failingSince = null;
    } else {
      tally.trailingFailures += 1;
      tally.lastError = outcome.error;
      tally.failingSince = Math.min(tally.failingSince ?? attemptedAt, attemptedAt);
    }
    tallies.set(webhookId, tally);
  }
  return [...tallies.values()].sort((a, b) => (a.webhookId < b.webhookId ? -1 : 1));
}

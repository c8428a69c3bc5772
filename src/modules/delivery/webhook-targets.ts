import type { EntityManager } from 'typeorm';
import type { WebhookFormat } from './formats/webhook-format.js';
import type { RetryPolicy } from './retry-policy.js';
import type { SigningSecrets } from './signed-webhook-request.js';
import type { WebhookAttemptResult } from './webhook-sender.js';

export type AttemptOutcome = Pick<WebhookAttemptResult, 'ok' | 'status' | 'error' | 'durationMs'>;

/** Where and how to send: a webhook that is still active and not deleted. */
export interface DeliverableWebhook {
  url: string;
  format: WebhookFormat;
  retryPolicy: RetryPolicy;
  /** The secrets that sign an attempt made at `nowMs` (a replaced secret signs for a while). */
  secretsAt(nowMs: number): SigningSecrets;
  /** Why the webhook cannot be signed for (its stored secret does not open); null when it can. */
  signingError: string | null;
}

export interface RecordedAttempt {
  webhookId: string;
  outcome: AttemptOutcome;
  attemptedAt: number;
}

/**
 * The port through which delivery reads the webhooks it sends to and counts its attempts on them.
 * The webhooks module implements it (it owns their URLs, secrets and counters) and hands it to
 * DeliveryModule.forTargets, so nothing in delivery imports the webhooks module.
 */
export abstract class WebhookTargets {
  /** Read just before sending: a webhook paused or deleted since the alert was stored is absent. */
  abstract findDeliverable(webhookIds: readonly string[]): Promise<Map<string, DeliverableWebhook>>;

  /**
   * SQL the webhooks module writes, composed into the outbox's statements so that enqueueing and
   * claiming stay one statement each: a sub-select of the `id, account_id` of every deliverable
   * webhook (active, not deleted).
   */
  abstract readonly deliverableSql: string;

  /** The same, of one account: `accountId` is an SQL expression (a column of the outer query). */
  abstract deliverableOfSql(accountId: string): string;

  /** SQL of the same origin: a scalar sub-select, the account of the webhook `webhookId` names. */
  abstract accountOfSql(webhookId: string): string;

  /** In the caller's transaction, the transaction that settles the attempts' deliveries. */
  abstract recordAttempts(
    manager: EntityManager,
    attempts: readonly RecordedAttempt[],
  ): Promise<void>;
}

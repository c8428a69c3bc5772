import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../../database/database.js';
import { DeliverySql } from '../../delivery/delivery-sql.js';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';
import type { RetryPolicy } from '../../delivery/retry-policy.js';
import type {
  DeliverableWebhook,
  RecordedAttempt,
  WebhookTargets,
} from '../../delivery/webhook-targets.js';
import { SecretNotOpened, WebhookSecretCipher } from '../secrets/webhook-secret-cipher.js';
import { signingSecretsAt } from '../signing-secrets.js';
import { DELIVERABLE_WEBHOOK } from '../webhook.store.js';
import { tallyByWebhook } from './webhook-tally.js';

interface StoredTarget {
  id: string;
  url: string;
  format: WebhookFormat;
  retry_policy: RetryPolicy;
  secret: string;
  previous_secret: string | null;
  secret_rotated_at: string | number | null;
}

/**
 * What delivery reads of the webhooks and writes on them (the WebhookTargets port): where and how
 * to send, and the counters every attempt moves (last delivery, total, failures in a row, error).
 */
@Injectable()
export class WebhookTargetsStore implements WebhookTargets {
  private readonly sql: DeliverySql;

  constructor(
    private readonly database: Database,
    private readonly cipher: WebhookSecretCipher,
  ) {
    this.sql = new DeliverySql(database.kind);
  }

  readonly deliverableSql = `SELECT id, account_id FROM webhooks WHERE ${DELIVERABLE_WEBHOOK}`;

  deliverableOfSql(accountId: string): string {
    return `SELECT id, account_id FROM webhooks WHERE account_id = ${accountId} AND ${DELIVERABLE_WEBHOOK}`;
  }

  accountOfSql(webhookId: string): string {
    return `(SELECT w.account_id FROM webhooks w WHERE w.id = ${webhookId})`;
  }

  async findDeliverable(webhookIds: readonly string[]): Promise<Map<string, DeliverableWebhook>> {
    const rows = await this.database.query<StoredTarget>(
      this.database.manager,
      `SELECT id, url, format, retry_policy, secret, previous_secret, secret_rotated_at
       FROM webhooks
       WHERE ${this.sql.inList('id', 'ids')} AND ${DELIVERABLE_WEBHOOK}`,
      { ids: this.sql.list([...new Set(webhookIds)]) },
    );
    return new Map(rows.map((row) => [row.id, this.deliverable(row)]));
  }

  /** A webhook whose stored secret does not open is still returned: its attempt fails alone. */
  private deliverable(row: StoredTarget): DeliverableWebhook {
    try {
      const { secret, previousSecret } = this.cipher.openSecrets({
        id: row.id,
        secret: row.secret,
        previousSecret: row.previous_secret,
      });
      const rotatedAt = row.secret_rotated_at === null ? null : Number(row.secret_rotated_at);
      const secrets = { secret, previousSecret, secretRotatedAt: rotatedAt };
      return {
        url: row.url,
        format: row.format,
        retryPolicy: row.retry_policy,
        secretsAt: (nowMs) => signingSecretsAt(secrets, nowMs),
        signingError: null,
      };
    } catch (error) {
      if (!(error instanceof SecretNotOpened)) throw error;
      return {
        url: row.url,
        format: row.format,
        retryPolicy: row.retry_policy,
        secretsAt: () => {
          throw error;
        },
        signingError: error.attemptError,
      };
    }
  }

  /** A test delivery has no outbox row; it counts on the webhook like any other attempt. */
  async recordAttempt(attempt: RecordedAttempt): Promise<void> {
    await this.database.transaction((manager) => this.recordAttempts(manager, [attempt]));
  }

  /**
   * SQL increments, never read-then-write, so concurrent attempts all count. A success ends the
   * failing streak (failing-streak.ts) and its notice; a failure starts one when none is running.
   */
  async recordAttempts(
    manager: EntityManager,
    attempts: readonly RecordedAttempt[],
  ): Promise<void> {
    const tallies = tallyByWebhook(attempts);
    if (tallies.length === 0) return;
    await this.database.query(
      manager,
      `UPDATE webhooks
       SET last_delivery_at =
             CASE WHEN COALESCE(webhooks.last_delivery_at, 0) < v.last_attempt_at
                  THEN v.last_attempt_at ELSE webhooks.last_delivery_at END,
           total_deliveries = webhooks.total_deliveries + v.successes,
           consecutive_failures =
             CASE WHEN v.resets_failures = 1 THEN v.trailing_failures
                  ELSE webhooks.consecutive_failures + v.trailing_failures END,
           last_error = COALESCE(v.last_error, webhooks.last_error),
           failing_since =
             CASE WHEN v.resets_failures = 1 THEN v.failing_since
                  ELSE COALESCE(webhooks.failing_since, v.failing_since) END,
           failing_notice_at =
             CASE WHEN v.resets_failures = 1 THEN NULL ELSE webhooks.failing_notice_at END
       FROM ${this.sql.jsonRows('tallies', {
         webhook_id: 'varchar',
         last_attempt_at: 'bigint',
         successes: 'integer',
         trailing_failures: 'integer',
         resets_failures: 'integer',
         last_error: 'varchar',
         failing_since: 'bigint',
       })}
       WHERE ${this.sql.inList('webhooks.id', 'ids')} AND webhooks.id = v.webhook_id`,
      {
        ids: this.sql.list(tallies.map((tally) => tally.webhookId)),
        tallies: JSON.stringify(
          tallies.map((tally) => ({
            webhook_id: tally.webhookId,
            last_attempt_at: tally.lastAttemptAt,
            successes: tally.successes,
            trailing_failures: tally.trailingFailures,
            resets_failures: tally.resetsFailures ? 1 : 0,
            last_error: tally.lastError,
            failing_since: tally.failingSince,
          })),
        ),
      },
    );
  }
}

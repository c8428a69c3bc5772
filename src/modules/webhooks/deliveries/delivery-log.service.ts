import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import { encodeCursor } from '../../../common/http/keyset-cursor.js';
import { CommitWakeups } from '../../../database/commit-wakeups.js';
import { Database } from '../../../database/database.js';
import { DELIVERIES_DUE } from '../../delivery/delivery-outbox.service.js';
import { OPEN_ROWS } from '../../delivery/delivery.store.js';
import { WebhooksService } from '../webhooks.service.js';
import { RedeliveryBudget } from './redelivery-budget.js';
import {
  REDELIVERY_MAX,
  type DeliveryLogQuery,
  type RedeliveryRequest,
} from './delivery-log.query.js';
import { toDeliveryLogEntry, type DeliveryDto, type DeliveryLogRow } from '../dto/delivery.dto.js';

export interface DeliveryLogPage {
  deliveries: DeliveryDto[];
  /** Each delivery's keyset position, for GraphQL edges. */
  cursors: string[];
  nextCursor: string | null;
}

const STATUS_FILTER: Record<NonNullable<DeliveryLogQuery['status']>, string> = {
  pending: OPEN_ROWS,
  succeeded: "status = 'succeeded'",
  failed: "status = 'failed'",
  canceled: "status = 'canceled'",
};

/** A row back in the outbox: the worker sends it again, same id and body bytes. */
const REQUEUE = "status = 'pending', claimed_until = NULL";

/**
 * A webhook's delivery log and manual redelivery. Redelivery puts rows back into the outbox the
 * worker drains, so they are sent like any other delivery (same X-Webhook-Delivery id, same body).
 */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly database: Database,
    private readonly webhooks: WebhooksService,
    private readonly wakeups: CommitWakeups,
    private readonly budget: RedeliveryBudget,
  ) {}

  /** Newest first, keyset-paginated on (created_at, id). */
  async list(
    accountId: string,
    webhookId: string,
    query: DeliveryLogQuery,
  ): Promise<DeliveryLogPage> {
    await this.webhooks.findLive(accountId, webhookId);
    const conditions = ['d.webhook_id = :webhookId'];
    if (query.status !== null) conditions.push(`d.${STATUS_FILTER[query.status]}`);
    if (query.since !== null) conditions.push('d.created_at > :since');
    if (query.after !== null) {
      conditions.push(
        '(d.created_at < :cursorAt OR (d.created_at = :cursorAt AND d.id < :cursorId))',
      );
    }
    const rows = await this.database.query<DeliveryLogRow>(
      this.database.manager,
      `SELECT d.id, d.alert_id, a.event, d.status, d.attempts, d.attempted_at, d.http_status,
              d.error, d.duration_ms, d.created_at
       FROM deliveries d JOIN alerts a ON a.id = d.alert_id
       WHERE ${conditions.join(' AND ')}
       ORDER BY d.created_at DESC, d.id DESC
       LIMIT :limit`,
      {
        webhookId,
        since: query.since,
        cursorAt: query.after?.at,
        cursorId: query.after?.id,
        limit: query.limit + 1,
      },
    );
    const page = rows.slice(0, query.limit);
    const cursors = page.map((row) => encodeCursor({ at: Number(row.created_at), id: row.id }));
    return {
      deliveries: page.map(toDeliveryLogEntry),
      cursors,
      nextCursor: rows.length > query.limit ? (cursors.at(-1) ?? null) : null,
    };
  }

  /**
   * One delivery, whatever its outcome; one already waiting is left as it is (queued: 0). Each
   * queued delivery counts against the account's REDELIVERY_ROWS_PER_HOUR, as in bulk.
   */
  async redeliver(accountId: string, webhookId: string, deliveryId: string): Promise<number> {
    await this.deliverableWebhook(accountId, webhookId);
    const queued = await this.database.transaction(async (manager) => {
      // Conditional on the row not being open, so a concurrent claim or redelivery is never undone.
      const requeued = await this.database.query(
        manager,
        `UPDATE deliveries SET ${REQUEUE}
         WHERE id = :deliveryId AND webhook_id = :webhookId AND NOT ${OPEN_ROWS}
         RETURNING id`,
        { deliveryId, webhookId },
      );
      if (requeued.length > 0) {
        await this.budget.spend(manager, accountId, 1);
        return 1;
      }
      const [exists] = await this.database.query(
        manager,
        'SELECT id FROM deliveries WHERE id = :deliveryId AND webhook_id = :webhookId',
        { deliveryId, webhookId },
      );
      if (exists === undefined) throw AppError.notFound('Delivery');
      return 0;
    });
    if (queued > 0) this.wakeups.signal(DELIVERIES_DUE);
    return queued;
  }

  /** The oldest failed deliveries created after `since`, at most REDELIVERY_MAX of them. */
  async redeliverFailed(
    accountId: string,
    webhookId: string,
    request: RedeliveryRequest,
  ): Promise<number> {
    await this.deliverableWebhook(accountId, webhookId);
    const queued = await this.database.transaction(async (manager) => {
      const requeued = await this.database.query(
        manager,
        `UPDATE deliveries SET ${REQUEUE}
         WHERE id IN (SELECT id FROM deliveries
                      WHERE webhook_id = :webhookId AND status = 'failed' AND created_at > :since
                      ORDER BY created_at, id LIMIT :max)
         RETURNING id`,
        { webhookId, since: request.since, max: REDELIVERY_MAX },
      );
      // Counted after queueing, so exactly what was queued counts; refused, it all rolls back.
      await this.budget.spend(manager, accountId, requeued.length);
      return requeued.length;
    });
    if (queued > 0) this.wakeups.signal(DELIVERIES_DUE);
    return queued;
  }

  /** A paused webhook would see its redeliveries canceled at once: say so instead. */
  private async deliverableWebhook(accountId: string, webhookId: string): Promise<void> {
    const webhook = await this.webhooks.findLive(accountId, webhookId);
    if (!webhook.active) {
      throw AppError.invalidBody(
        'The webhook is paused: resume it (PATCH active=true) to redeliver',
      );
    }
  }
}

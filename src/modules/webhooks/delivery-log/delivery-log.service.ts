import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import { encodeCursor } from '../../../common/http/keyset-cursor.js';
import { CommitWakeups } from '../../../database/commit-wakeups.js';
import { Database } from '../../../database/database.js';
import { DELIVERIES_DUE } from '../../delivery/delivery.outbox.js';
import { DeliveryStore } from '../../delivery/delivery.store.js';
import { WebhooksService } from '../webhooks.service.js';
import { RedeliveryBudget } from './redelivery-budget.store.js';
import {
  REDELIVERY_MAX,
  type DeliveryLogQuery,
  type RedeliveryRequest,
} from './delivery-log.query.js';
import {
  toDeliveryAttempt,
  toDeliveryLogEntry,
  type DeliveryAttemptDto,
  type DeliveryDto,
} from '../dto/delivery.dto.js';

export interface DeliveryLogPage {
  deliveries: DeliveryDto[];
  /** Each delivery's keyset position, for GraphQL edges. */
  cursors: string[];
  nextCursor: string | null;
}

/**
 * A webhook's delivery log and manual redelivery. Redelivery puts rows back into the outbox the
 * worker drains, so they are sent like any other delivery (same X-Webhook-Delivery id, same body).
 */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly database: Database,
    private readonly deliveries: DeliveryStore,
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
    const rows = await this.deliveries.logPage(webhookId, query);
    const page = rows.slice(0, query.limit);
    const cursors = page.map((row) => encodeCursor({ at: Number(row.created_at), id: row.id }));
    return {
      deliveries: page.map(toDeliveryLogEntry),
      cursors,
      nextCursor: rows.length > query.limit ? (cursors.at(-1) ?? null) : null,
    };
  }

  /** One delivery's attempts, the first first. */
  async attempts(
    accountId: string,
    webhookId: string,
    deliveryId: string,
  ): Promise<DeliveryAttemptDto[]> {
    await this.webhooks.findLive(accountId, webhookId);
    const attempts = await this.deliveries.attemptsOf(webhookId, deliveryId);
    if (attempts === null) throw AppError.notFound('Delivery');
    return attempts.map(toDeliveryAttempt);
  }

  /**
   * One delivery, whatever its outcome; one already waiting is left as it is (queued: 0). Each
   * queued delivery counts against the account's REDELIVERY_ROWS_PER_HOUR, as in bulk.
   */
  async redeliver(accountId: string, webhookId: string, deliveryId: string): Promise<number> {
    await this.deliverableWebhook(accountId, webhookId);
    const queued = await this.database.transaction(async (manager) => {
      const outcome = await this.deliveries.requeue(manager, webhookId, deliveryId);
      if (outcome === 'missing') throw AppError.notFound('Delivery');
      if (outcome === 'open') return 0;
      await this.budget.spend(manager, accountId, 1);
      return 1;
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
      const requeued = await this.deliveries.requeueFailed(
        manager,
        webhookId,
        request.since,
        REDELIVERY_MAX,
      );
      // Counted after queueing, so exactly what was queued counts; refused, it all rolls back.
      await this.budget.spend(manager, accountId, requeued);
      return requeued;
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

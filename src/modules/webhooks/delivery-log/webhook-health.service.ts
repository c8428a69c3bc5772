import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { DeliveryStore } from '../../delivery/delivery.store.js';

const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How a webhook's deliveries went over the last 24 hours. */
export interface WebhookHealth {
  /** Deliveries whose latest attempt, in the window, ended: succeeded or failed. */
  deliveries24h: number;
  /** The share of them that succeeded, 0 to 1; null without any. */
  successRate24h: number | null;
}

/**
 * Webhook health from the outbox. Test deliveries are not in the outbox, so they move the webhook's
 * own counters (last_error, consecutive_failures) but not this rate; a delivery sent again counts
 * once, by its latest outcome.
 */
@Injectable()
export class WebhookHealthService {
  constructor(
    private readonly deliveries: DeliveryStore,
    private readonly clock: Clock,
  ) {}

  /** Each of the account's webhooks among `webhookIds` (one query for the batch). */
  async last24h(
    accountId: string,
    webhookIds: readonly string[],
  ): Promise<Map<string, WebhookHealth>> {
    const rows = await this.deliveries.endedSince(
      accountId,
      webhookIds,
      this.clock.nowMs() - HEALTH_WINDOW_MS,
    );
    const byWebhook = new Map(rows.map((row) => [row.webhook_id, row]));
    return new Map(
      webhookIds.map((id) => {
        const row = byWebhook.get(id);
        const ended = Number(row?.ended ?? 0);
        const rate = ended === 0 ? null : Number(row?.succeeded ?? 0) / ended;
        return [id, { deliveries24h: ended, successRate24h: rate }];
      }),
    );
  }
}

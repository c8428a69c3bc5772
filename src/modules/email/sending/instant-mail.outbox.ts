import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../common/time/clock.js';
import type { AlertEntity } from '../../alerts/alert.entity.js';
import type { StoredAlertsSink } from '../../ingestion/ingestion-sinks.js';
import type { EmailSubscriptionEntity } from '../subscriptions/email-subscription.entity.js';
import { EmailSubscriptionStore } from '../subscriptions/email-subscription.store.js';
import { MailOutboxStore } from './mail-outbox.store.js';

export function coversAlert(subscription: EmailSubscriptionEntity, alert: AlertEntity): boolean {
  return subscription.keywordIds.length === 0 || subscription.keywordIds.includes(alert.keywordId);
}

/**
 * The ingestion pipeline's sink for instant mail: one outbox row per stored alert and confirmed
 * instant subscription that covers it, written in the transaction that stores the alert, so
 * both commit or neither does. The worker (InstantMailWorker) sends them.
 */
@Injectable()
export class InstantMailOutbox implements StoredAlertsSink {
  constructor(
    private readonly subscriptions: EmailSubscriptionStore,
    private readonly outbox: MailOutboxStore,
    private readonly clock: Clock,
  ) {}

  async onAlertsStored(manager: EntityManager, alerts: readonly AlertEntity[]): Promise<void> {
    if (alerts.length === 0) return;
    const accountIds = [...new Set(alerts.map((alert) => alert.accountId))];
    const subscriptions = await this.subscriptions.activeInstantOf(manager, accountIds);
    if (subscriptions.length === 0) return;
    const rows = alerts.flatMap((alert) =>
      subscriptions
        .filter(
          (subscription) =>
            subscription.accountId === alert.accountId && coversAlert(subscription, alert),
        )
        .map((subscription) => ({ subscriptionId: subscription.id, alertId: alert.id })),
    );
    await this.outbox.enqueue(manager, rows, this.clock.nowMs());
  }
}

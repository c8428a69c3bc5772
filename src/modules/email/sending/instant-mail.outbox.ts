import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../common/time/clock.js';
import { CommitWakeups, type WakeTopic } from '../../../database/commit-wakeups.js';
import type { AlertEntity } from '../../alerts/alert.entity.js';
import type { StoredAlertsSink } from '../../ingestion/ingestion-sinks.js';
import type { EmailSubscriptionEntity } from '../subscriptions/email-subscription.entity.js';
import { EmailSubscriptionStore } from '../subscriptions/email-subscription.store.js';
import { MailOutboxStore } from './mail-outbox.store.js';

/** What wakes the instant-mail workers: outbox rows were committed. */
export const INSTANT_MAIL_DUE: WakeTopic = 'instant-mail';

export function coversAlert(subscription: EmailSubscriptionEntity, alert: AlertEntity): boolean {
  return subscription.keywordIds.length === 0 || subscription.keywordIds.includes(alert.keywordId);
}

/**
 * The ingestion pipeline's sink for instant mail: one outbox row per stored alert and confirmed
 * instant subscription that covers it, written in the transaction that stores the alert, so
 * both commit or neither does. The workers (InstantMailWorker) send them, woken once it has
 * committed.
 */
@Injectable()
export class InstantMailOutbox implements StoredAlertsSink {
  constructor(
    private readonly subscriptions: EmailSubscriptionStore,
    private readonly outbox: MailOutboxStore,
    private readonly clock: Clock,
    private readonly wakeups: CommitWakeups,
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
    if (rows.length === 0) return;
    await this.outbox.enqueue(manager, rows, this.clock.nowMs());
    this.wakeups.afterCommit(manager, INSTANT_MAIL_DUE);
  }
}

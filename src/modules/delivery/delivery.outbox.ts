import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/time/clock.js';
import { CommitWakeups, type WakeTopic } from '../../database/commit-wakeups.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import type { StoredAlertsSink } from '../ingestion/ingestion-sinks.js';
import { DeliveryStore } from './delivery.store.js';

/** What wakes the delivery workers: deliveries were committed (new ones, or requeued). */
export const DELIVERIES_DUE: WakeTopic = 'deliveries';

/**
 * The ingestion pipeline's sink for stored alerts: writes their deliveries in the transaction that
 * stores them, so both commit or neither does, and wakes the workers once that transaction has
 * committed (a worker woken earlier would not see the rows yet).
 */
@Injectable()
export class DeliveryOutbox implements StoredAlertsSink {
  constructor(
    private readonly store: DeliveryStore,
    private readonly clock: Clock,
    private readonly wakeups: CommitWakeups,
  ) {}

  async onAlertsStored(manager: EntityManager, alerts: readonly AlertEntity[]): Promise<void> {
    if (alerts.length === 0) return;
    await this.store.enqueueForAlerts(manager, alerts, this.clock.nowMs());
    this.wakeups.afterCommit(manager, DELIVERIES_DUE);
  }
}

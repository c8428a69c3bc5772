import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type {
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { Clock } from '../../common/time/clock.js';
import { Database } from '../../database/database.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import type { StoredAlertsSink } from '../ingestion/ingestion-sinks.js';
import { DeliveryWakeups } from './delivery-wakeups.service.js';
import { DeliveryStore } from './delivery.store.js';

/**
 * The ingestion pipeline's sink for stored alerts: writes their deliveries in the transaction that
 * stores them, so both commit or neither does, and wakes the workers once that transaction has
 * committed (a worker woken earlier would not see the rows yet).
 */
@Injectable()
export class DeliveryOutbox implements StoredAlertsSink, OnModuleInit, OnModuleDestroy {
  private readonly uncommitted = new WeakSet<QueryRunner>();
  private readonly commitListener: EntitySubscriberInterface = {
    afterTransactionCommit: (event: TransactionCommitEvent) => this.afterCommit(event.queryRunner),
    afterTransactionRollback: (event: TransactionRollbackEvent) => {
      if (!event.queryRunner.isTransactionActive) this.uncommitted.delete(event.queryRunner);
    },
  };

  constructor(
    private readonly database: Database,
    private readonly store: DeliveryStore,
    private readonly clock: Clock,
    private readonly wakeups: DeliveryWakeups,
  ) {}

  onModuleInit(): void {
    this.database.dataSource.subscribers.push(this.commitListener);
  }

  onModuleDestroy(): void {
    const subscribers = this.database.dataSource.subscribers;
    const index = subscribers.indexOf(this.commitListener);
    if (index >= 0) subscribers.splice(index, 1);
  }

  async onAlertsStored(manager: EntityManager, alerts: readonly AlertEntity[]): Promise<void> {
    if (alerts.length === 0) return;
    await this.store.enqueueForAlerts(manager, alerts, this.clock.nowMs());
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.uncommitted.add(runner);
    else this.wakeups.signal();
  }

  private afterCommit(runner: QueryRunner): void {
    // A released savepoint is not the commit yet.
    if (runner.isTransactionActive || !this.uncommitted.has(runner)) return;
    this.uncommitted.delete(runner);
    this.wakeups.signal();
  }
}

import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { daysBefore, utcDay } from '../../common/time/timestamps.js';
import { AccountAuditStore } from '../account-audit/account-audit.store.js';
import { AlertStore } from '../alerts/alert.store.js';
import { PostCacheStore } from '../ingestion/post-cache.store.js';
import { SeenItemsStore } from '../ingestion/seen-items.store.js';
import { AuditStore } from '../ops/audit/audit.store.js';
import { OperationSampleStore } from '../ops/figures/operation-sample.store.js';
import { SessionsService } from '../users/sessions.service.js';
import { UsageStore } from '../usage/usage.store.js';
import { MailHourlyCountsPruner } from './mail-hourly-counts.pruner.js';
import { RETENTION_BATCH_SIZE, RETENTION_WINDOWS } from './retention-policy.js';

export interface RetentionReport {
  alerts: number;
  seenItems: number;
  postsCache: number;
  dailyUsage: number;
  /** Dashboard sessions over (idle or too old), which a later use would end anyway. */
  sessions: number;
  auditEntries: number;
  /** The accounts' own audit logs, each kept for its plan's history_days. */
  accountAuditEntries: number;
  operationSamples: number;
  mailHourlyCounts: number;
}

/** Deletes what is past its retention window, in batches. Concurrent calls share one run. */
@Injectable()
export class RetentionService {
  private current: Promise<RetentionReport> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly alerts: AlertStore,
    private readonly usage: UsageStore,
    private readonly mailCounts: MailHourlyCountsPruner,
    private readonly seenItems: SeenItemsStore,
    private readonly postCache: PostCacheStore,
    private readonly sessions: SessionsService,
    private readonly audit: AuditStore,
    private readonly operationSamples: OperationSampleStore,
    private readonly accountAudit: AccountAuditStore,
  ) {}

  runOnce(): Promise<RetentionReport> {
    this.current ??= this.prune().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  /** Resolves when the run in progress, if any, has finished (shutdown waits for it). */
  async settled(): Promise<void> {
    await this.current?.catch(() => undefined);
  }

  private async prune(): Promise<RetentionReport> {
    const now = this.clock.nowMs();
    const cutoff = (days: number) => daysBefore(now, days);
    return {
      alerts: await this.alerts.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.alerts),
        RETENTION_BATCH_SIZE,
      ),
      seenItems: await this.seenItems.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.seenItems),
        RETENTION_BATCH_SIZE,
      ),
      postsCache: await this.postCache.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.postsCache),
        RETENTION_BATCH_SIZE,
      ),
      dailyUsage: await this.usage.pruneBefore(
        utcDay(cutoff(RETENTION_WINDOWS.dailyUsage)),
        RETENTION_BATCH_SIZE,
      ),
      sessions: await this.sessions.pruneEnded(RETENTION_BATCH_SIZE),
      auditEntries: await this.audit.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.alerts),
        RETENTION_BATCH_SIZE,
      ),
      accountAuditEntries: await this.accountAudit.prune(now, RETENTION_BATCH_SIZE),
      operationSamples: await this.operationSamples.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.operationSamples),
        RETENTION_BATCH_SIZE,
      ),
      mailHourlyCounts: await this.mailCounts.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.mailHourlyCounts),
        RETENTION_BATCH_SIZE,
      ),
    };
  }
}

import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { daysBefore, utcDay } from '../../common/time/timestamps.js';
import { Database } from '../../database/database.js';
import { PostCacheStore } from '../ingestion/post-cache.store.js';
import { SeenItemsStore } from '../ingestion/seen-items.store.js';
import { AuditStore } from '../ops/audit/audit.store.js';
import { OperationSampleStore } from '../ops/figures/operation-sample.store.js';
import { SessionsService } from '../users/sessions.service.js';
import { RETENTION_BATCH_SIZE, RETENTION_WINDOWS } from './retention-policy.js';

/** Rows deleted by one run, per table. */
export interface RetentionReport {
  alerts: number;
  seenItems: number;
  postsCache: number;
  dailyUsage: number;
  /** Dashboard sessions over (idle or too old), which a later use would end anyway. */
  sessions: number;
  /** Operator console audit entries, kept like alerts. */
  auditEntries: number;
  /** The operator console's per-minute samples. */
  operationSamples: number;
  /** The email sender's per-account hourly mail counts. */
  mailHourlyCounts: number;
}

/** Deletes what is past its retention window, in batches. Concurrent calls share one run. */
@Injectable()
export class RetentionService {
  private current: Promise<RetentionReport> | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly seenItems: SeenItemsStore,
    private readonly postCache: PostCacheStore,
    private readonly sessions: SessionsService,
    private readonly audit: AuditStore,
    private readonly operationSamples: OperationSampleStore,
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
      alerts: await this.database.deleteInBatches(
        'alerts',
        'id',
        'matched_at',
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
      dailyUsage: await this.pruneTwoColumnKey(
        'keyword_daily_usage',
        ['keyword_id', 'day'],
        'day',
        utcDay(cutoff(RETENTION_WINDOWS.dailyUsage)),
      ),
      sessions: await this.sessions.pruneEnded(RETENTION_BATCH_SIZE),
      auditEntries: await this.audit.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.alerts),
        RETENTION_BATCH_SIZE,
      ),
      operationSamples: await this.operationSamples.pruneOlderThan(
        cutoff(RETENTION_WINDOWS.operationSamples),
        RETENTION_BATCH_SIZE,
      ),
      mailHourlyCounts: await this.pruneTwoColumnKey(
        'mail_hourly_counts',
        ['account_id', 'hour_start'],
        'hour_start',
        cutoff(RETENTION_WINDOWS.mailHourlyCounts),
      ),
    };
  }

  /**
   * Rows of a table keyed by two columns (deleteInBatches takes one) whose `timeColumn` is before
   * `cutoff`, a batch per transaction.
   */
  private async pruneTwoColumnKey(
    table: 'keyword_daily_usage' | 'mail_hourly_counts',
    [first, second]: [string, string],
    timeColumn: string,
    cutoff: string | number,
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.database.transaction((manager) =>
        this.database.query(
          manager,
          `DELETE FROM ${table} WHERE (${first}, ${second}) IN
             (SELECT ${first}, ${second} FROM ${table} WHERE ${timeColumn} < :cutoff LIMIT :batchSize)
           RETURNING ${first}`,
          { cutoff, batchSize: RETENTION_BATCH_SIZE },
        ),
      );
      total += deleted.length;
      if (deleted.length < RETENTION_BATCH_SIZE) return total;
    }
  }
}

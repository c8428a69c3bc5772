import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { KEYWORD_INDEX_THREAD, ROOT_LOGGER } from '../../core.module.js';
import { Database } from '../../database/database.js';
import { LiveIndexMetrics } from '../metrics/live-index.metrics.js';
import { KeywordIndexThread, KeywordIndexThreadGone } from './thread/keyword-index-thread.js';
import type { MatchInput } from './keyword-matcher.js';
import {
  LiveKeywordIndex,
  type IndexActivity,
  type ItemMatches,
  type MatchedKeyword,
} from './live/live-keyword-index.js';
import { LiveKeywordStore } from './live/live-keyword.store.js';

export type { ItemMatches, MatchedKeyword } from './live/live-keyword-index.js';

const indexReadingFrom = (database: Database) =>
  new LiveKeywordIndex(new LiveKeywordStore(database.reader));

/**
 * The Alerts keyword index (live-keyword-index.ts) as the pipeline uses it: on the entry point's
 * thread when there is one (keyword-index-thread.ts), else in-process; when the thread stops, the
 * index is rebuilt here and the work goes on.
 */
@Injectable()
export class LiveKeywordMatcher implements OnApplicationShutdown {
  private thread: KeywordIndexThread | null;
  private local: LiveKeywordIndex | undefined;
  private threadSize = 0;
  /** Migrations applied at this start: what the thread read before them is read again. */
  private threadNeedsReset: boolean;
  private readonly logger: Logger;

  constructor(
    private readonly database: Database,
    private readonly metrics: LiveIndexMetrics,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
    @Inject(KEYWORD_INDEX_THREAD) thread: KeywordIndexThread | null,
  ) {
    this.logger = rootLogger.child({ component: 'keyword-index' });
    this.thread = thread;
    this.threadNeedsReset = database.migrationsApplied > 0;
    if (thread === null) this.local = indexReadingFrom(database);
  }

  get size(): number {
    return this.local?.size ?? this.threadSize;
  }

  async refresh(): Promise<void> {
    const started = performance.now();
    if (this.thread !== null) {
      try {
        if (this.threadNeedsReset) await this.thread.reset();
        this.threadNeedsReset = false;
        const { activity, size } = await this.thread.refresh();
        this.threadSize = size;
        this.record(activity, performance.now() - started);
        return;
      } catch (error) {
        this.leaveStoppedThread(error);
      }
    }
    const local = this.localIndex();
    try {
      await local.refresh();
    } finally {
      this.record(local.takeActivity(), performance.now() - started);
    }
  }

  /** Each input's matched keywords, in the inputs' order. */
  async matchBatch(inputs: MatchInput[]): Promise<MatchedKeyword[][]> {
    if (this.thread !== null) {
      try {
        return await this.thread.match(inputs);
      } catch (error) {
        this.leaveStoppedThread(error);
        await this.refresh();
      }
    }
    const local = this.localIndex();
    return inputs.map((input) => local.match(input));
  }

  /** Each input's matched keywords and those pending its counts, in the inputs' order. */
  async matchBatchWithPending(inputs: MatchInput[]): Promise<ItemMatches[]> {
    if (this.thread !== null) {
      try {
        return await this.thread.matchWithPending(inputs);
      } catch (error) {
        this.leaveStoppedThread(error);
        await this.refresh();
      }
    }
    const local = this.localIndex();
    return inputs.map((input) => local.matchWithPending(input));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.thread?.close();
  }

  private leaveStoppedThread(error: unknown): void {
    if (!(error instanceof KeywordIndexThreadGone)) throw error;
    this.logger.error(
      { reason: error.message },
      'keyword index thread stopped; index rebuilt here',
    );
    this.thread = null;
  }

  private localIndex(): LiveKeywordIndex {
    this.local ??= indexReadingFrom(this.database);
    return this.local;
  }

  /**
   * `waitedMs`: how long the refresh that brought a load waited for it. On the thread, the load
   * mostly ran while the process was starting, and this is the part that still held it up.
   */
  private record({ rowsRead, load, unmatchable }: IndexActivity, waitedMs: number): void {
    this.metrics.recordRowsRead('alerts', 'accounts', rowsRead.accounts);
    this.metrics.recordRowsRead('alerts', 'keywords', rowsRead.keywords);
    for (const { keywordId, reason } of unmatchable ?? []) {
      this.logger.warn({ keywordId, reason }, 'keyword not matched: its stored query is refused');
    }
    if (load === undefined) return;
    this.logger.info(
      { ...load, thread: this.thread !== null, waitedMs: Math.round(waitedMs) },
      'keyword index loaded',
    );
  }
}

import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { BackgroundLoop } from '../../common/background/background-loop.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { CommitWakeups } from '../../database/commit-wakeups.js';
import { IngestionPipeline } from '../ingestion/ingestion-pipeline.service.js';
import { BACKFILLS_DUE, BackfillStore, type Backfill } from './backfill.store.js';
import { KeywordBackfiller } from './keyword-backfiller.js';

/** Backfills worked on per turn, each for up to STEPS_PER_TURN pages: one long one delays no other. */
const BACKFILLS_PER_TURN = 10;
const STEPS_PER_TURN = 4;
/** A backfill filed on another instance without Redis is found by this poll. */
const IDLE_MS = 5_000;

export interface BackfillTurn {
  looked: number;
  alerts: number;
  finished: number;
}

/**
 * Works off the backfills keywords owe (KeywordBackfiller), in processes that run background jobs,
 * woken when one is filed. Several instances may step the same backfill: a page is stored by the
 * one whose progress write finds the backfill where it started, the other's rolls back.
 */
@Injectable()
export class BackfillWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly backfills: BackfillStore,
    private readonly backfiller: KeywordBackfiller,
    private readonly pipeline: IngestionPipeline,
    wakeups: CommitWakeups,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'backfill-worker' });
    this.loop = wakeups.backgroundLoop(BACKFILLS_DUE, {
      name: 'keyword backfills',
      logger: this.logger,
      idleMs: IDLE_MS,
      turn: async () => ((await this.runOnce()).looked > 0 ? 0 : IDLE_MS),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.backgroundJobs && this.config.recentItemsHours > 0) this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  async runOnce(): Promise<BackfillTurn> {
    const turn: BackfillTurn = { looked: 0, alerts: 0, finished: 0 };
    for (const backfill of await this.backfills.pending(BACKFILLS_PER_TURN)) {
      let current: Backfill | null = backfill;
      for (let steps = 0; current !== null && steps < STEPS_PER_TURN; steps++) {
        if (this.loop.stopping) return turn;
        const step = await this.backfiller.step(current, this.pipeline);
        turn.looked += step.looked;
        turn.alerts += step.alerts;
        if (step.done) {
          turn.finished += 1;
          this.logger.info({ keywordId: backfill.keywordId }, 'Keyword backfill done');
        }
        current = step.next;
      }
    }
    return turn;
  }
}

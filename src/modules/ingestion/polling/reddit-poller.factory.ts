import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Database } from '../../../database/database.js';
import { PipelineStageMetrics } from '../../metrics/pipeline-stage.metrics.js';
import { IngestionPipeline } from '../ingestion-pipeline.service.js';
import { PostCacheStore } from '../post-cache.store.js';
import { CountRecheckStore } from '../rechecks/count-recheck.store.js';
import { CountRechecker } from '../rechecks/count-rechecker.js';
import { RecheckBudget } from '../rechecks/recheck-budget.js';
import { RecheckMetrics } from '../rechecks/recheck-metrics.js';
import { RedditClientPool } from '../reddit/reddit-client-pool.js';
import { RedditPoller } from '../reddit/poller/reddit-poller.js';
import { DatabasePollerStateStore } from './database-poller-state.store.js';
import { MeteredPollerStateStore } from './metered-poller-state.store.js';
import { PollerMetrics } from './poller-metrics.js';
import { PostCacheParents } from './post-cache-parents.js';

/**
 * A poller and the credentials it spends, whose usage the operator console shows, and the
 * re-checks of `score:` and `comments:`, which spend a share of the same credentials.
 */
export interface AssembledPoller {
  poller: RedditPoller;
  credentials: RedditClientPool;
  rechecker: CountRechecker;
}

/** Assembles the Nest-free RedditPoller from the configuration and the app's stores. */
@Injectable()
export class RedditPollerFactory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly database: Database,
    private readonly pipeline: IngestionPipeline,
    private readonly postCache: PostCacheStore,
    private readonly stateStore: DatabasePollerStateStore,
    private readonly metrics: PollerMetrics,
    private readonly rechecks: CountRecheckStore,
    private readonly recheckMetrics: RecheckMetrics,
    private readonly stages: PipelineStageMetrics,
  ) {}

  /** Null when no credentials are configured: the poller is off. */
  create(): AssembledPoller | null {
    const { credentials, apiBase, authBase, userAgent, pollMs } = this.config.reddit;
    if (credentials.length === 0) return null;
    const api = RedditClientPool.fromSettings(
      { apiBase, authBase, userAgent, credentials },
      this.clock,
    );
    const poller = new RedditPoller({
      api,
      clock: this.clock,
      stateStore: new MeteredPollerStateStore(this.stateStore, (delta) =>
        this.metrics.addCoverage(delta),
      ),
      pipeline: {
        process: async (items) => {
          await this.pipeline.process(items);
        },
      },
      parents: new PostCacheParents(this.postCache, this.database, this.clock),
      stages: this.stages,
      options: { listingIntervalMs: pollMs },
    });
    const rechecker = new CountRechecker({
      api,
      store: this.rechecks,
      pipeline: this.pipeline,
      budget: new RecheckBudget(() => api.requestsPerMinute),
      clock: this.clock,
      recorded: (turn) => this.recheckMetrics.recorded(turn),
    });
    return { poller, credentials: api, rechecker };
  }
}

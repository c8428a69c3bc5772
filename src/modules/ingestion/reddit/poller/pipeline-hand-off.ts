import type { Clock } from '../../../../common/time/clock.js';
import type { RedditComment, RedditItem, RedditPost } from '../../reddit-item.js';
import type { PollerState, PollerStateStore } from '../poller-state.js';
import { itemNumber } from '../reddit-id.js';
import type { ItemTimings } from './item-timings.js';

export interface ItemPipeline {
  process(items: RedditItem[]): Promise<void>;
}

export interface HandedItems {
  posts: RedditPost[];
  comments: RedditComment[];
}

/** Hand-offs the poller may be ahead of the pipeline by. */
const MAX_HAND_OFFS_IN_FLIGHT = 2;

/**
 * Hands items to the pipeline in the order they came, each batch followed by the poller state
 * that moved past it, while the poller goes on: the stored state only ever moves past items the
 * pipeline took. After a failure nothing more is handed over until the poller takes the failure.
 */
export class PipelineHandOff {
  private chain: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private failure: unknown = null;
  private progressAt: number | null = null;

  constructor(
    private readonly pipeline: ItemPipeline,
    private readonly stateStore: PollerStateStore,
    private readonly clock: Clock,
    private readonly timings: ItemTimings,
  ) {}

  /** Epoch ms at which the last hand-off that followed a Reddit answer was stored. */
  get lastProgressAt(): number | null {
    return this.progressAt;
  }

  /**
   * Queues `items` (posts first, each kind by id, so parents reach the pipeline first) and then
   * `state`. `answered`: it follows a Reddit answer, so once stored it is progress.
   */
  enqueue(items: HandedItems, state: PollerState, answered: boolean): void {
    const byId = (a: RedditItem, b: RedditItem) => itemNumber(a) - itemNumber(b);
    const ordered = [...[...items.posts].sort(byId), ...[...items.comments].sort(byId)];
    this.inFlight += 1;
    this.chain = this.chain.then(async () => {
      try {
        if (this.failure !== null) return;
        if (ordered.length > 0) {
          const handedAt = this.clock.nowMs();
          this.timings.handed(ordered, handedAt);
          await this.pipeline.process(ordered);
          this.timings.stored(ordered, handedAt, this.clock.nowMs());
        }
        await this.stateStore.save(state);
        if (answered) this.progressAt = this.clock.nowMs();
      } catch (error) {
        this.failure = error;
      } finally {
        this.inFlight -= 1;
      }
    });
  }

  /** The pipeline is as far behind as the poller may run ahead: wait for `settled` first. */
  get full(): boolean {
    return this.inFlight >= MAX_HAND_OFFS_IN_FLIGHT;
  }

  /** Waits until everything queued so far was handed over (or failed). */
  async settled(): Promise<void> {
    await this.chain;
  }

  /** The failure that stopped the hand-offs, if any; taking it lets them resume. */
  takeFailure(): unknown {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }
}

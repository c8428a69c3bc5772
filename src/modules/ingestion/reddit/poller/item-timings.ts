import type { StageClock } from '../../../metrics/pipeline-stages.js';
import type { RedditItem } from '../../reddit-item.js';

/** created_utc is whole seconds: the middle of that second is the best guess of the moment. */
const createdMs = (item: RedditItem) => item.createdUtc * 1_000 + 500;

/**
 * The poller's stage clocks (docs/ingestion.md, "Where the seconds go"): when each item was first
 * asked and answered, and when its batch reached the pipeline and was stored.
 */
export class ItemTimings {
  private readonly answeredAt = new WeakMap<RedditItem, number>();

  constructor(private readonly clock: StageClock) {}

  /** `items` came in an answer at `answeredAt`; each was first asked at `askedAt(item)`. */
  answered(
    items: readonly RedditItem[],
    askedAt: (item: RedditItem) => number,
    answeredAt: number,
  ): void {
    for (const item of items) {
      const asked = askedAt(item);
      this.clock.observe('created_to_asked', asked - createdMs(item));
      this.clock.observe('asked_to_answered', answeredAt - asked);
      this.answeredAt.set(item, answeredAt);
    }
  }

  /** The pipeline starts on `items` at `handedAt`. */
  handed(items: readonly RedditItem[], handedAt: number): void {
    for (const item of items) {
      const answeredAt = this.answeredAt.get(item);
      if (answeredAt !== undefined) this.clock.observe('answered_to_handed', handedAt - answeredAt);
    }
  }

  /** The pipeline, handed `items` at `handedAt`, stored and committed them at `storedAt`. */
  stored(items: readonly RedditItem[], handedAt: number, storedAt: number): void {
    for (let index = 0; index < items.length; index += 1) {
      this.clock.observe('handed_to_stored', storedAt - handedAt);
    }
  }
}

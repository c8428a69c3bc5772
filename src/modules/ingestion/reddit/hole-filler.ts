import type { RedditItem } from '../reddit-item.js';
import type { IdRange } from './id-ranges.js';
import { takeHighest } from './id-ranges.js';
import type { RedditApi } from './reddit-api.js';
import { INFO_BATCH_SIZE } from './reddit-api.js';
import type { ListingKind } from './reddit-id.js';
import { fullnameOf, itemKind, itemNumber, numberToId } from './reddit-id.js';

/**
 * Looks a listing's holes up through /api/info, newest first, one batch of 100 at a time.
 * Reddit silently leaves out ids it will not show (removed, spam, private): those count as
 * unfilled and are not asked for again.
 */
export class HoleFiller {
  readonly found: RedditItem[] = [];
  private pending: IdRange[];
  private unfilledCount = 0;

  constructor(
    private readonly api: Pick<RedditApi, 'info'>,
    private readonly kind: ListingKind,
    pendingHoles: readonly IdRange[],
  ) {
    this.pending = [...pendingHoles];
  }

  get pendingHoles(): IdRange[] {
    return this.pending;
  }

  get unfilled(): number {
    return this.unfilledCount;
  }

  hasPending(): boolean {
    return this.pending.length > 0;
  }

  async fillNextBatch(): Promise<void> {
    const { taken, rest } = takeHighest(this.pending, INFO_BATCH_SIZE);
    const wanted = new Set(taken);
    const fullnames = taken.map((id) => fullnameOf(this.kind, numberToId(id)));
    const items = (await this.api.info(fullnames)).filter(
      (item) => itemKind(item) === this.kind && wanted.has(itemNumber(item)),
    );
    this.pending = rest;
    this.found.push(...items);
    this.unfilledCount += taken.length - items.length;
  }
}

import type { RedditItem } from '../reddit-item.js';
import type { IdRange } from './id-ranges.js';
import {
  containsId,
  countIds,
  keepHighest,
  mergeRanges,
  missingIds,
  removeIds,
} from './id-ranges.js';
import type { ListingState } from './poller-state.js';
import type { ListingKind } from './reddit-id.js';
import { fullnameOf, itemKind, itemNumber, numberToId } from './reddit-id.js';

export interface ListingPlan {
  /** Items newer than the mark, plus listed items that were still pending holes. */
  items: RedditItem[];
  next: ListingState;
  holesFound: number;
  /** Pending holes that turned up in the listing itself (no lookup needed). */
  holesFilled: number;
  holesDropped: number;
}

/**
 * Decides, from what one cycle's listing pages returned, which items are new, where the mark
 * moves, and which ids between the old mark and the newest item are holes to look up.
 * Without a mark (first run) only the gaps inside what was fetched count as holes.
 */
export function planListing(
  kind: ListingKind,
  state: ListingState,
  fetched: readonly RedditItem[],
  maxPendingHoles: number,
): ListingPlan {
  const byNumber = new Map<number, RedditItem>();
  for (const item of fetched) {
    if (itemKind(item) === kind) byNumber.set(itemNumber(item), item);
  }
  const markNumber = state.mark?.numericId ?? null;
  const freshNumbers = [...byNumber.keys()].filter((id) => markNumber === null || id > markNumber);
  const recoveredNumbers = [...byNumber.keys()].filter(
    (id) => markNumber !== null && id <= markNumber && containsId(state.pendingHoles, id),
  );
  const stillPending = removeIds(state.pendingHoles, recoveredNumbers);
  const items = [...freshNumbers, ...recoveredNumbers]
    .sort((a, b) => a - b)
    .map((id) => byNumber.get(id))
    .filter((item) => item !== undefined);

  if (freshNumbers.length === 0) {
    return {
      items,
      next: { mark: state.mark, pendingHoles: stillPending },
      holesFound: 0,
      holesFilled: recoveredNumbers.length,
      holesDropped: 0,
    };
  }
  const newest = Math.max(...freshNumbers);
  const newHoles: IdRange[] = missingIds(
    markNumber ?? Math.min(...freshNumbers) - 1,
    newest,
    freshNumbers,
  );
  const { kept, dropped } = keepHighest(mergeRanges(stillPending, newHoles), maxPendingHoles);
  return {
    items,
    next: {
      mark: { fullname: fullnameOf(kind, numberToId(newest)), numericId: newest },
      pendingHoles: kept,
    },
    holesFound: countIds(newHoles),
    holesFilled: recoveredNumbers.length,
    holesDropped: dropped,
  };
}

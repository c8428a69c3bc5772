import type { AlertEntity } from '../alerts/alert.entity.js';
import { alertFromMatch } from '../ingestion/alert-from-match.js';
import { alertParentOf, matchInputOf } from '../ingestion/item-match-input.js';
import type { ParentPostFields, RedditItem } from '../ingestion/reddit-item.js';
import type { KeywordDefinition } from '../matching/keyword-definition.js';
import type { MatchInput } from '../matching/match-input.js';

/**
 * An item of the recent window: the item as ingested and, for a comment, the parent post it was
 * matched with (undefined when the batch did not find it), which is all the matcher read of it
 * and all an alert on it shows.
 */
export interface RecentItem {
  /** The row's id: ascending in the order items were written. */
  readonly rowId: number;
  /** When it was ingested (ms): the window's own time, as an alert's `matched_at` is. */
  readonly seenAt: number;
  readonly item: RedditItem;
  readonly foundParent: ParentPostFields | undefined;
}

/** The item exactly as the live matcher read it when it was ingested. */
export function recentMatchInput(recent: RecentItem): MatchInput {
  return matchInputOf(recent.item, recent.foundParent);
}

/**
 * The alert the keyword would have stored for the item (alert-from-match.ts), stamped
 * `matchedAt`; `id` is the alert's id.
 */
export function recentAlert(
  id: string,
  recent: RecentItem,
  keyword: KeywordDefinition,
  matchedAt: number,
): AlertEntity {
  const parent = alertParentOf(recent.item, recent.foundParent);
  return alertFromMatch(id, recent.item, keyword, parent, matchedAt);
}

import type { InboxItemEntity } from './inbox-item.entity.js';
import type { InboxSort } from './inbox-query.js';

export type Direction = 'ASC' | 'DESC';
type SortProperty = 'relevanceScore' | 'postScore' | 'postNumComments' | 'createdAt' | 'id';
export type SortKey = readonly [SortProperty, Direction];

const NEWEST_FIRST: readonly SortKey[] = [
  ['createdAt', 'DESC'],
  ['id', 'DESC'],
];

/**
 * Each sort's keys; ties go to the newest item and the id ends every list, so every order is total
 * and pages are stable, whether they are read by offset (REST) or by keyset (GraphQL).
 */
export const SORT_KEYS: Readonly<Record<InboxSort, readonly SortKey[]>> = {
  score_high: [['relevanceScore', 'DESC'], ...NEWEST_FIRST],
  score_low: [['relevanceScore', 'ASC'], ...NEWEST_FIRST],
  newest: NEWEST_FIRST,
  oldest: [
    ['createdAt', 'ASC'],
    ['id', 'ASC'],
  ],
  upvotes: [['postScore', 'DESC'], ...NEWEST_FIRST],
  comments: [['postNumComments', 'DESC'], ...NEWEST_FIRST],
};

/** The item's values of the sort's keys, the id last. */
export function sortValuesOf(sortBy: InboxSort, item: InboxItemEntity): (number | string)[] {
  return SORT_KEYS[sortBy].map(([property]) => item[property]);
}

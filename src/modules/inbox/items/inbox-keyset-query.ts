import { checkPageSize } from '../../../common/http/page-query.js';
import type { InboxItemType } from '../collecting/inbox-item-type.js';
import { parseInboxAfter, type InboxCursor } from './inbox-cursor.js';
import { checkMinScore, checkSearchId, type InboxFilters, type InboxSort } from './inbox-query.js';

/** A keyset page (GraphQL): the filters, an order, and where the previous page ended. */
export interface InboxKeysetQuery extends InboxFilters {
  sortBy: InboxSort;
  after: InboxCursor | null;
  limit: number;
}

/** The arguments of a keyset listing as GraphQL received them (absent or null: not given). */
export interface InboxKeysetFilters {
  searchId?: string;
  unreadOnly?: boolean;
  minScore?: number;
  type?: InboxItemType;
  sortBy?: InboxSort;
  after?: string;
  limit?: number;
}

/** GET /inbox's rules for the filters, then the cursor of the same order and the page size. */
export function inboxKeysetQueryOf(filters: InboxKeysetFilters): InboxKeysetQuery {
  const sortBy = filters.sortBy ?? 'newest';
  return {
    searchId: filters.searchId === undefined ? null : checkSearchId(filters.searchId),
    unreadOnly: filters.unreadOnly ?? false,
    minScore: filters.minScore === undefined ? null : checkMinScore(filters.minScore),
    type: filters.type ?? null,
    sortBy,
    after: filters.after === undefined ? null : parseInboxAfter(filters.after, sortBy),
    limit: checkPageSize(filters.limit),
  };
}

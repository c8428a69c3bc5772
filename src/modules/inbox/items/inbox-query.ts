import { AppError } from '../../../common/errors/app-error.js';
import { singleQueryParam } from '../../../common/http/query-param.js';
import { INBOX_ITEM_TYPES, type InboxItemType } from '../collecting/inbox-item-type.js';

export const INBOX_SORTS = [
  'score_high',
  'score_low',
  'newest',
  'oldest',
  'upvotes',
  'comments',
] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export const INBOX_PAGE_DEFAULT = 50;
export const INBOX_PAGE_MAX = 100;

/** What an inbox listing keeps, for both APIs. */
export interface InboxFilters {
  searchId: string | null;
  unreadOnly: boolean;
  minScore: number | null;
  type: InboxItemType | null;
}

/** GET /inbox: the filters, an order and an offset page. */
export interface InboxQuery extends InboxFilters {
  sortBy: InboxSort;
  limit: number;
  offset: number;
}

export interface InboxQueryInput {
  search_id?: unknown;
  unread_only?: unknown;
  min_score?: unknown;
  type?: unknown;
  sort_by?: unknown;
  limit?: unknown;
  offset?: unknown;
}

const WHOLE_NUMBER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw AppError.invalidBody(`${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** A non-negative number matching the pattern, within [min, max]; else 422 with the problem. */
function numberIn(
  value: string,
  pattern: RegExp,
  min: number,
  max: number,
  problem: string,
): number {
  const number = pattern.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) throw AppError.invalidBody(problem);
  return number;
}

export function checkSearchId(searchId: string): string {
  if (searchId.trim() === '') throw AppError.invalidBody('search_id must not be empty');
  return searchId;
}

export function checkMinScore(minScore: number): number {
  if (!(minScore >= 0 && minScore <= 100)) {
    throw AppError.invalidBody('min_score must be a number from 0 to 100');
  }
  return minScore;
}

/** The filters of GET /inbox, validated in one place. */
export function parseInboxQuery(input: InboxQueryInput): InboxQuery {
  const searchId = singleQueryParam('search_id', input.search_id);
  const unreadOnly = singleQueryParam('unread_only', input.unread_only);
  const minScore = singleQueryParam('min_score', input.min_score);
  const type = singleQueryParam('type', input.type);
  const sortBy = singleQueryParam('sort_by', input.sort_by);
  const limit = singleQueryParam('limit', input.limit);
  const offset = singleQueryParam('offset', input.offset);

  return {
    searchId: searchId === undefined ? null : checkSearchId(searchId),
    unreadOnly:
      unreadOnly !== undefined && oneOf('unread_only', unreadOnly, ['true', 'false']) === 'true',
    minScore:
      minScore === undefined
        ? null
        : checkMinScore(DECIMAL.test(minScore) ? Number(minScore) : NaN),
    type: type === undefined ? null : oneOf('type', type, INBOX_ITEM_TYPES),
    sortBy: sortBy === undefined ? 'newest' : oneOf('sort_by', sortBy, INBOX_SORTS),
    limit:
      limit === undefined
        ? INBOX_PAGE_DEFAULT
        : numberIn(
            limit,
            WHOLE_NUMBER,
            1,
            INBOX_PAGE_MAX,
            `limit must be a whole number from 1 to ${INBOX_PAGE_MAX}`,
          ),
    offset:
      offset === undefined
        ? 0
        : numberIn(
            offset,
            WHOLE_NUMBER,
            0,
            Number.MAX_SAFE_INTEGER,
            'offset must be a whole number, 0 or more',
          ),
  };
}

import { AppError } from '../../common/errors/app-error.js';
import type { KeysetCursor } from '../../common/http/keyset-cursor.js';
import { checkPageSize, parseAfter, parseSince } from '../../common/http/page-query.js';
import type { AlertEvent } from './alert.entity.js';

export interface AlertQuery {
  since: number | null;
  keywordId: string | null;
  type: AlertEvent | null;
  subreddit: string | null;
  after: KeysetCursor | null;
  limit: number;
}

/** The filters of a listing as a transport received them (REST's query, GraphQL's arguments). */
export interface AlertFilters {
  since?: string;
  keywordId?: string;
  type?: string;
  subreddit?: string;
  after?: string;
  limit?: number;
}

const isAlertEvent = (type: string): type is AlertEvent => type === 'post' || type === 'comment';

/** Every rule of the alert filters, for both APIs. */
export function alertQueryOf(filters: AlertFilters): AlertQuery {
  const since = parseSince(filters.since);
  const { type } = filters;
  if (type !== undefined && !isAlertEvent(type)) {
    throw AppError.invalidBody('type must be post or comment');
  }
  const after = parseAfter(filters.after);
  const limit = checkPageSize(filters.limit);
  const subreddit = filters.subreddit?.trim().replace(/^\/?r\//i, '');
  if (subreddit === '') throw AppError.invalidBody('subreddit must not be empty');
  return {
    since,
    keywordId: filters.keywordId ?? null,
    type: type ?? null,
    subreddit: subreddit?.toLowerCase() ?? null,
    after,
    limit,
  };
}

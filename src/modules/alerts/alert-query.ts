import { AppError } from '../../common/errors/app-error.js';
import { singleQueryParam } from '../../common/http/query-param.js';
import { badTimestampMessage, parseIsoTimestamp } from '../../common/time/timestamps.js';
import type { AlertEvent } from './alert.entity.js';
import { decodeCursor, type AlertCursor } from './alert-cursor.js';

export const ALERTS_PAGE_DEFAULT = 50;
export const ALERTS_PAGE_MAX = 100;

export interface AlertQuery {
  since: number | null;
  keywordId: string | null;
  type: AlertEvent | null;
  subreddit: string | null;
  after: AlertCursor | null;
  limit: number;
}

export interface AlertQueryInput {
  since?: unknown;
  keyword_id?: unknown;
  type?: unknown;
  subreddit?: unknown;
  after?: unknown;
  limit?: unknown;
}

/** The filters of GET /alerts (REST and GraphQL), validated in one place. */
export function parseAlertQuery(input: AlertQueryInput): AlertQuery {
  const since = singleQueryParam('since', input.since);
  const keywordId = singleQueryParam('keyword_id', input.keyword_id);
  const type = singleQueryParam('type', input.type);
  const subreddit = singleQueryParam('subreddit', input.subreddit);
  const after = singleQueryParam('after', input.after);
  const limit = singleQueryParam('limit', input.limit);

  const sinceMs = since === undefined ? null : parseIsoTimestamp(since);
  if (since !== undefined && sinceMs === null)
    throw AppError.invalidBody(badTimestampMessage('since', since));
  if (type !== undefined && type !== 'post' && type !== 'comment') {
    throw AppError.invalidBody('type must be post or comment');
  }
  const cursor = after === undefined ? null : decodeCursor(after);
  if (after !== undefined && cursor === null)
    throw AppError.invalidBody('after is not a valid cursor');
  let pageSize = ALERTS_PAGE_DEFAULT;
  if (limit !== undefined) {
    pageSize = /^\d+$/.test(limit) ? Number(limit) : NaN;
    if (!(pageSize >= 1 && pageSize <= ALERTS_PAGE_MAX)) {
      throw AppError.invalidBody(`limit must be an integer from 1 to ${ALERTS_PAGE_MAX}`);
    }
  }
  const subredditName = subreddit?.trim().replace(/^\/?r\//i, '');
  if (subredditName !== undefined && subredditName === '')
    throw AppError.invalidBody('subreddit must not be empty');
  return {
    since: sinceMs,
    keywordId: keywordId ?? null,
    type: (type as AlertEvent | undefined) ?? null,
    subreddit: subredditName?.toLowerCase() ?? null,
    after: cursor,
    limit: pageSize,
  };
}

import { AppError } from '../../common/errors/app-error.js';
import type { KeysetCursor } from '../../common/http/keyset-cursor.js';
import { parseAfter, parsePageSize, parseSince } from '../../common/http/page-query.js';
import { singleQueryParam } from '../../common/http/query-param.js';
import type { AlertEvent } from './alert.entity.js';

export interface AlertQuery {
  since: number | null;
  keywordId: string | null;
  type: AlertEvent | null;
  subreddit: string | null;
  after: KeysetCursor | null;
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

  const sinceMs = parseSince(since);
  if (type !== undefined && type !== 'post' && type !== 'comment') {
    throw AppError.invalidBody('type must be post or comment');
  }
  const cursor = parseAfter(after);
  const pageSize = parsePageSize(limit);
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

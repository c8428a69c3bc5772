import { singleQueryParam, wholeNumberParam } from '../../../common/http/query-param.js';
import type { AlertFilters } from '../alert-query.js';

/** The query string of GET /alerts, as Express parses it. */
export interface AlertQueryParams {
  since?: unknown;
  keyword_id?: unknown;
  type?: unknown;
  subreddit?: unknown;
  after?: unknown;
  limit?: unknown;
}

/** Each parameter at most once; alertQueryOf checks the values. */
export function alertFiltersOf(params: AlertQueryParams): AlertFilters {
  return {
    since: singleQueryParam('since', params.since),
    keywordId: singleQueryParam('keyword_id', params.keyword_id),
    type: singleQueryParam('type', params.type),
    subreddit: singleQueryParam('subreddit', params.subreddit),
    after: singleQueryParam('after', params.after),
    limit: wholeNumberParam(singleQueryParam('limit', params.limit)),
  };
}

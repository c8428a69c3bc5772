import { AppError } from '../../../common/errors/app-error.js';
import { singleQueryParam, wholeNumberParam } from '../../../common/http/query-param.js';
import type { DeliveryLogFilters, RedeliveryFields } from '../delivery-log/delivery-log.query.js';

/** The query string of GET /webhooks/:id/deliveries, as Express parses it. */
export interface DeliveryLogQueryParams {
  status?: unknown;
  since?: unknown;
  after?: unknown;
  limit?: unknown;
}

/** Each parameter at most once; deliveryLogQueryOf checks the values. */
export function deliveryLogFiltersOf(params: DeliveryLogQueryParams): DeliveryLogFilters {
  return {
    status: singleQueryParam('status', params.status),
    since: singleQueryParam('since', params.since),
    after: singleQueryParam('after', params.after),
    limit: wholeNumberParam(singleQueryParam('limit', params.limit)),
  };
}

/** The body of POST /webhooks/:id/redeliver: an object with since and status, nothing else. */
export function redeliveryFieldsOf(body: unknown): RedeliveryFields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw AppError.invalidBody('Body must be a JSON object: { since, status: "failed" }');
  }
  const { since, status, ...unknown } = body as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length > 0) throw AppError.invalidBody(`property ${extra[0]} should not exist`);
  return { since, status };
}

import { AppError } from '../../../common/errors/app-error.js';
import type { KeysetCursor } from '../../../common/http/keyset-cursor.js';
import { parseAfter, parsePageSize, parseSince } from '../../../common/http/page-query.js';
import { singleQueryParam } from '../../../common/http/query-param.js';
import { parseIsoTimestamp } from '../../../common/time/timestamps.js';

/** A delivery as the log shows it: a row being attempted right now still reads pending. */
export const DELIVERY_LOG_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type DeliveryLogStatus = (typeof DELIVERY_LOG_STATUSES)[number];

/** Deliveries one bulk redelivery queues at the most; the caller repeats for more. */
export const REDELIVERY_MAX = 10_000;

export interface DeliveryLogQuery {
  status: DeliveryLogStatus | null;
  since: number | null;
  after: KeysetCursor | null;
  limit: number;
}

export interface DeliveryLogQueryInput {
  status?: unknown;
  since?: unknown;
  after?: unknown;
  limit?: unknown;
}

const isLogStatus = (value: string): value is DeliveryLogStatus =>
  (DELIVERY_LOG_STATUSES as readonly string[]).includes(value);

/** GET /webhooks/:id/deliveries (REST and GraphQL), validated in one place. */
export function parseDeliveryLogQuery(input: DeliveryLogQueryInput): DeliveryLogQuery {
  const status = singleQueryParam('status', input.status);
  if (status !== undefined && !isLogStatus(status)) {
    throw AppError.invalidBody(`status must be one of ${DELIVERY_LOG_STATUSES.join(', ')}`);
  }
  return {
    status: status ?? null,
    since: parseSince(singleQueryParam('since', input.since)),
    after: parseAfter(singleQueryParam('after', input.after)),
    limit: parsePageSize(singleQueryParam('limit', input.limit)),
  };
}

export interface RedeliveryRequest {
  /** Deliveries created after this moment (exclusive), like GET /alerts' since. */
  since: number;
  status: 'failed';
}

/** POST /webhooks/:id/redeliver: { since, status: "failed" }; status may be left out. */
export function parseRedeliveryRequest(body: unknown): RedeliveryRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw AppError.invalidBody('Body must be a JSON object: { since, status: "failed" }');
  }
  const { since, status, ...unknown } = body as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length > 0) throw AppError.invalidBody(`property ${extra[0]} should not exist`);
  if (status !== undefined && status !== 'failed') {
    throw AppError.invalidBody('status must be "failed": only failed deliveries are redelivered');
  }
  const sinceMs = typeof since === 'string' ? parseIsoTimestamp(since) : null;
  if (sinceMs === null) throw AppError.invalidBody('since must be an ISO 8601 timestamp');
  return { since: sinceMs, status: 'failed' };
}

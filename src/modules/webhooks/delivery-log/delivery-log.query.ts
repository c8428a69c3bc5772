import { AppError } from '../../../common/errors/app-error.js';
import type { KeysetCursor } from '../../../common/http/keyset-cursor.js';
import { checkPageSize, parseAfter, parseSince } from '../../../common/http/page-query.js';
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

/** The filters of the log as a transport received them (REST's query, GraphQL's arguments). */
export interface DeliveryLogFilters {
  status?: string;
  since?: string;
  after?: string;
  limit?: number;
}

const isLogStatus = (value: string): value is DeliveryLogStatus =>
  (DELIVERY_LOG_STATUSES as readonly string[]).includes(value);

/** Every rule of the log's filters, for both APIs. */
export function deliveryLogQueryOf(filters: DeliveryLogFilters): DeliveryLogQuery {
  const { status } = filters;
  if (status !== undefined && !isLogStatus(status)) {
    throw AppError.invalidBody(`status must be one of ${DELIVERY_LOG_STATUSES.join(', ')}`);
  }
  return {
    status: status ?? null,
    since: parseSince(filters.since),
    after: parseAfter(filters.after),
    limit: checkPageSize(filters.limit),
  };
}

export interface RedeliveryRequest {
  /** Deliveries created after this moment (exclusive), like GET /alerts' since. */
  since: number;
  status: 'failed';
}

/** The fields of a bulk redelivery as sent: REST's JSON values, GraphQL's input. */
export interface RedeliveryFields {
  since?: unknown;
  status?: unknown;
}

/** { since, status: "failed" }; status may be left out. The rules of both APIs. */
export function redeliveryRequestOf(fields: RedeliveryFields): RedeliveryRequest {
  if (fields.status !== undefined && fields.status !== 'failed') {
    throw AppError.invalidBody('status must be "failed": only failed deliveries are redelivered');
  }
  const since = typeof fields.since === 'string' ? parseIsoTimestamp(fields.since) : null;
  if (since === null) throw AppError.invalidBody('since must be an ISO 8601 timestamp');
  return { since, status: 'failed' };
}

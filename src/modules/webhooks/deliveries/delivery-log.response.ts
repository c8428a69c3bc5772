import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { DeliveryLogStatus } from './delivery-log.query.js';

/** A delivery log row as read from the database (both dialects). */
export interface DeliveryLogRow {
  id: string;
  alert_id: string;
  event: string;
  status: string;
  attempts: number | string;
  attempted_at: number | string | null;
  http_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: number | string;
}

export interface DeliveryLogEntry {
  id: string;
  alert_id: string;
  event: string;
  status: DeliveryLogStatus;
  attempts: number;
  last_attempt_at: string | null;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
}

export function toDeliveryLogEntry(row: DeliveryLogRow): DeliveryLogEntry {
  return {
    id: row.id,
    alert_id: row.alert_id,
    event: row.event,
    status: row.status === 'sending' ? 'pending' : (row.status as DeliveryLogStatus),
    attempts: Number(row.attempts),
    last_attempt_at: row.attempted_at === null ? null : isoWithMillis(Number(row.attempted_at)),
    response_status: row.http_status,
    error: row.error,
    duration_ms: row.duration_ms,
    created_at: isoWithMillis(Number(row.created_at)),
  };
}

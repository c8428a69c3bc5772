import { ApiExtraModels, ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ApiCount,
  ApiField,
  ApiId,
  ApiNullable,
  ApiTimestamp,
} from '../../../common/api-docs/api-fields.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import { PAGE_SIZE_MAX } from '../../../common/http/page-query.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { DeliveryAttemptRow } from '../../delivery/delivery-attempt-log.js';
import type { DeliveryLogRow } from '../../delivery/delivery.store.js';
import { ATTEMPT_TRIGGERS, type AttemptTrigger } from '../../delivery/retry-policy.js';
import {
  DELIVERY_LOG_STATUSES,
  type DeliveryLogStatus,
} from '../delivery-log/delivery-log.query.js';

@ApiSchema({ name: 'Delivery' })
export class DeliveryDto {
  @ApiId('The delivery id: the X-Webhook-Delivery and webhook-id header of every attempt.')
  id: string;

  @ApiId('The alert (its inbox_id).')
  alert_id: string;

  @ApiProperty({ type: 'string', enum: ['post', 'comment'] })
  event: string;

  @ApiProperty({
    type: 'string',
    enum: DELIVERY_LOG_STATUSES,
    description:
      'pending (waiting or being attempted), succeeded, failed or canceled (webhook paused or deleted first).',
  })
  status: DeliveryLogStatus;

  @ApiCount('Attempts made: the automatic one, its retries, then one per redelivery.')
  attempts: number;

  @ApiNullable('string', 'When the last attempt started.', { format: 'date-time' })
  last_attempt_at: string | null;

  @ApiNullable('integer', 'HTTP status of the last answer; null when there was none.')
  response_status: number | null;

  @ApiNullable('string', 'Why the last attempt failed; null after a success.')
  error: string | null;

  @ApiNullable('integer', 'How long the last attempt held its connection.')
  duration_ms: number | null;

  @ApiTimestamp('When the alert was stored and the delivery queued.')
  created_at: string;

  @ApiNullable(
    'string',
    'When the waiting retry is due (retry_policy standard; status pending); null when none waits.',
    { format: 'date-time' },
  )
  next_attempt_at: string | null;
}

export function toDeliveryLogEntry(row: DeliveryLogRow): DeliveryDto {
  return {
    id: row.id,
    alert_id: row.alert_id,
    event: row.event,
    status: row.status,
    attempts: Number(row.attempts),
    last_attempt_at: row.attempted_at === null ? null : isoWithMillis(Number(row.attempted_at)),
    response_status: row.http_status,
    error: row.error,
    duration_ms: row.duration_ms,
    created_at: isoWithMillis(Number(row.created_at)),
    next_attempt_at: row.retry_at === null ? null : isoWithMillis(Number(row.retry_at)),
  };
}

@ApiSchema({ name: 'DeliveryAttempt' })
export class DeliveryAttemptDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The attempt number, 1 for the first.' })
  attempt: number;

  @ApiProperty({
    type: 'string',
    enum: [...ATTEMPT_TRIGGERS],
    description:
      'What made the attempt: automatic (the alert was stored), retry (retry_policy standard) or redelivery.',
  })
  trigger: AttemptTrigger;

  @ApiTimestamp('When the attempt started.')
  attempted_at: string;

  @ApiNullable('integer', 'HTTP status of the answer; null when there was none.')
  response_status: number | null;

  @ApiNullable('string', 'Why the attempt failed; null for a success.')
  error: string | null;

  @ApiNullable('integer', 'How long the attempt took until the status arrived.')
  duration_ms: number | null;

  @ApiNullable(
    'string',
    'When this failed attempt was scheduled to be tried again; null after a success or a final failure.',
    { format: 'date-time' },
  )
  next_attempt_at: string | null;
}

export function toDeliveryAttempt(row: DeliveryAttemptRow): DeliveryAttemptDto {
  return {
    attempt: row.attempt,
    trigger: row.trigger,
    attempted_at: isoWithMillis(row.attemptedAt),
    response_status: row.httpStatus,
    error: row.error,
    duration_ms: row.durationMs,
    next_attempt_at: row.retryAt === null ? null : isoWithMillis(row.retryAt),
  };
}

@ApiSchema({ name: 'DeliveryAttemptList' })
@ApiExtraModels(DeliveryAttemptDto)
export class DeliveryAttemptListDto {
  @ApiField({ type: 'array', items: ref(DeliveryAttemptDto), description: 'The first first.' })
  data: DeliveryAttemptDto[];

  @ApiCount('Attempts listed.')
  count: number;
}

@ApiSchema({ name: 'DeliveryPage' })
@ApiExtraModels(DeliveryDto)
export class DeliveryPageDto {
  @ApiField({
    type: 'array',
    items: ref(DeliveryDto),
    maxItems: PAGE_SIZE_MAX,
    description: 'Newest first.',
  })
  data: DeliveryDto[];

  @ApiNullable('string', 'Pass as after for the next page; null on the last page.')
  next_cursor: string | null;
}

/**
 * The body of POST /webhooks/:id/redeliver. Read by redeliveryFieldsOf and redeliveryRequestOf,
 * which name the field at fault.
 */
@ApiSchema({ name: 'RedeliveryRequest' })
export class RedeliveryRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    description: 'Failed deliveries created after this moment (exclusive) are sent again.',
  })
  since: string;

  @ApiProperty({
    type: 'string',
    enum: ['failed'],
    description: 'Only failed (the default).',
    required: false,
  })
  status?: 'failed';
}

@ApiSchema({ name: 'Redelivery' })
export class RedeliveryDto {
  @ApiCount('Deliveries put back into the outbox.')
  queued: number;
}

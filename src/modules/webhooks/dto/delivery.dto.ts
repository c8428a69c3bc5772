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
import type { DeliveryLogRow } from '../../delivery/delivery.store.js';
import { DELIVERY_LOG_STATUSES, type DeliveryLogStatus } from '../delivery-log/delivery-log.query.js';

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

  @ApiCount('Attempts made: the automatic one, then one per redelivery.')
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
  };
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

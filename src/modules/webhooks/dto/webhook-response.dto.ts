import { ApiExtraModels, ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ApiCount,
  ApiField,
  ApiFlag,
  ApiId,
  ApiNullable,
  ApiTimestamp,
} from '../../../common/api-docs/api-fields.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';
import type { RetryPolicy } from '../../delivery/retry-policy.js';
import type { WebhookEntity } from '../webhook.entity.js';
import { WEBHOOK_NAME_MAX_LENGTH } from '../webhook-rules.js';
import { WEBHOOK_FORMAT, WEBHOOK_RETRY_POLICY } from './webhook-field-schemas.js';

/** A webhook as REST answers it: the secret is never part of it. */
@ApiSchema({ name: 'Webhook' })
export class WebhookResponseDto {
  @ApiId('Webhook id.')
  id: string;

  @ApiProperty({ type: 'string', maxLength: WEBHOOK_NAME_MAX_LENGTH })
  name: string;

  @ApiProperty({ type: 'string', format: 'uri' })
  url: string;

  @ApiField(WEBHOOK_FORMAT)
  format: WebhookFormat;

  @ApiField(WEBHOOK_RETRY_POLICY)
  retry_policy: RetryPolicy;

  @ApiFlag('Inactive webhooks receive nothing.')
  active: boolean;

  @ApiNullable('string', 'Time of the last attempt, successful or not.', { format: 'date-time' })
  last_delivery_at: string | null;

  @ApiCount('Successful deliveries so far.')
  total_deliveries: number;

  @ApiNullable(
    'string',
    'Last failure text, e.g. "HTTP 500 Internal Server Error" or "timeout after 10 s".',
  )
  last_error: string | null;

  @ApiCount('Failures since the last success.')
  consecutive_failures: number;

  @ApiTimestamp()
  created_at: string;
}

export function toWebhookResponse(webhook: WebhookEntity): WebhookResponseDto {
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    format: webhook.format,
    retry_policy: webhook.retryPolicy,
    active: webhook.active,
    last_delivery_at:
      webhook.lastDeliveryAt === null ? null : isoWithMillis(webhook.lastDeliveryAt),
    total_deliveries: webhook.totalDeliveries,
    last_error: webhook.lastError,
    consecutive_failures: webhook.consecutiveFailures,
    created_at: isoWithMillis(webhook.createdAt),
  };
}

const SECRET_PATTERN = '^[0-9a-f]{64}$';

/** POST /webhooks: the webhook and its signing secret, shown only here. */
@ApiSchema({ name: 'WebhookCreated' })
export class WebhookCreatedDto {
  @ApiProperty({ type: () => WebhookResponseDto })
  data: WebhookResponseDto;

  @ApiProperty({
    type: 'string',
    pattern: SECRET_PATTERN,
    description: 'The HMAC signing secret, 64 hex characters: shown only in this response.',
  })
  secret: string;
}

@ApiSchema({ name: 'WebhookList' })
@ApiExtraModels(WebhookResponseDto)
export class WebhookListDto {
  @ApiField({ type: 'array', items: ref(WebhookResponseDto) })
  data: WebhookResponseDto[];

  @ApiCount('Webhooks returned.')
  count: number;
}

@ApiSchema({ name: 'WebhookSecret' })
export class WebhookSecretDto {
  @ApiProperty({
    type: 'string',
    pattern: SECRET_PATTERN,
    description:
      'The new HMAC signing secret, 64 hex characters, shown only here. Its Standard Webhooks form is whsec_ + the base64 of its 32 bytes.',
  })
  secret: string;
}

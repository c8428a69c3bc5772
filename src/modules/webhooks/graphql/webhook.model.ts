import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';
import type { RetryPolicy } from '../../delivery/retry-policy.js';
import type { WebhookEntity } from '../webhook.entity.js';
import { toWebhookResponse } from '../dto/webhook-response.dto.js';
import { WebhookFormatEnum, WebhookRetryPolicyEnum } from './webhook-enums.js';

/** A stored webhook as listed. It has no secret field, by design. */
@ObjectType('Webhook')
export class WebhookModel {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field()
  url: string;

  @Field(() => WebhookFormatEnum)
  format: WebhookFormat;

  @Field(() => WebhookRetryPolicyEnum)
  retryPolicy: RetryPolicy;

  @Field({ description: 'Inactive webhooks receive nothing.' })
  active: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Last attempt, successful or not (ISO 8601).',
  })
  lastDeliveryAt: string | null;

  @Field(() => Int, { description: 'Successful deliveries so far.' })
  totalDeliveries: number;

  @Field(() => String, { nullable: true })
  lastError: string | null;

  @Field(() => Int, { description: 'Failures since the last success.' })
  consecutiveFailures: number;

  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;
}

/** Built from the REST body, which never carries the secret. */
export function toWebhookModel(webhook: WebhookEntity): WebhookModel {
  const rest = toWebhookResponse(webhook);
  return {
    id: rest.id,
    name: rest.name,
    url: rest.url,
    format: rest.format,
    retryPolicy: rest.retry_policy,
    active: rest.active,
    lastDeliveryAt: rest.last_delivery_at,
    totalDeliveries: rest.total_deliveries,
    lastError: rest.last_error,
    consecutiveFailures: rest.consecutive_failures,
    createdAt: rest.created_at,
  };
}

import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { DeliveryLogStatus } from '../delivery-log/delivery-log.query.js';
import type { DeliveryLogPage } from '../delivery-log/delivery-log.service.js';
import type { DeliveryAttemptDto } from '../dto/delivery.dto.js';
import { ATTEMPT_TRIGGERS, type AttemptTrigger } from '../../delivery/retry-policy.js';
import { AlertEventEnum } from '../../alerts/graphql/alert-event.enum.js';
import { PageInfoModel } from '../../graphql/common/page-info.model.js';

/** The values are REST's strings, as for AlertEvent. */
export const DeliveryStatusEnum = {
  pending: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
} as const satisfies Record<DeliveryLogStatus, DeliveryLogStatus>;

registerEnumType(DeliveryStatusEnum, { name: 'DeliveryStatus' });

export const AttemptTriggerEnum = Object.fromEntries(
  ATTEMPT_TRIGGERS.map((trigger) => [trigger, trigger]),
) as Record<AttemptTrigger, AttemptTrigger>;

registerEnumType(AttemptTriggerEnum, {
  name: 'DeliveryAttemptTrigger',
  description: 'What made an attempt: automatic (the alert was stored), retry or redelivery.',
});

@ObjectType('WebhookDelivery', { description: 'One entry of a webhook delivery log.' })
export class WebhookDeliveryModel {
  @Field(() => ID, { description: 'The X-Webhook-Delivery / webhook-id header value.' })
  id: string;

  @Field(() => ID, { description: 'The alert (REST inbox_id).' })
  alertId: string;

  @Field(() => AlertEventEnum)
  event: string;

  @Field(() => DeliveryStatusEnum)
  status: DeliveryLogStatus;

  @Field(() => Int)
  attempts: number;

  @Field(() => String, { nullable: true, description: 'ISO 8601.' })
  lastAttemptAt: string | null;

  @Field(() => Int, { nullable: true, description: 'HTTP status the receiver answered.' })
  responseStatus: number | null;

  @Field(() => String, { nullable: true })
  error: string | null;

  @Field(() => Int, { nullable: true })
  durationMs: number | null;

  @Field({ description: 'ISO 8601.' })
  createdAt: string;

  @Field(() => String, {
    nullable: true,
    description: 'When the waiting retry is due (ISO 8601); null when none waits.',
  })
  nextAttemptAt: string | null;
}

@ObjectType('WebhookDeliveryAttempt', { description: 'One attempt of a delivery.' })
export class WebhookDeliveryAttemptModel {
  @Field(() => Int, { description: '1 for the first.' })
  attempt: number;

  @Field(() => AttemptTriggerEnum)
  trigger: AttemptTrigger;

  @Field({ description: 'ISO 8601.' })
  attemptedAt: string;

  @Field(() => Int, { nullable: true })
  responseStatus: number | null;

  @Field(() => String, { nullable: true })
  error: string | null;

  @Field(() => Int, { nullable: true })
  durationMs: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'When this failed attempt was to be tried again (ISO 8601); null when final.',
  })
  nextAttemptAt: string | null;
}

export function toWebhookDeliveryAttempt(attempt: DeliveryAttemptDto): WebhookDeliveryAttemptModel {
  return {
    attempt: attempt.attempt,
    trigger: attempt.trigger,
    attemptedAt: attempt.attempted_at,
    responseStatus: attempt.response_status,
    error: attempt.error,
    durationMs: attempt.duration_ms,
    nextAttemptAt: attempt.next_attempt_at,
  };
}

@ObjectType('WebhookDeliveryEdge')
export class WebhookDeliveryEdgeModel {
  @Field()
  cursor: string;

  @Field(() => WebhookDeliveryModel)
  node: WebhookDeliveryModel;
}

@ObjectType('WebhookDeliveryConnection', {
  description: 'GET /webhooks/:id/deliveries as a Relay connection, newest first.',
})
export class WebhookDeliveryConnectionModel {
  @Field(() => [WebhookDeliveryEdgeModel])
  edges: WebhookDeliveryEdgeModel[];

  @Field(() => PageInfoModel)
  pageInfo: PageInfoModel;
}

@ObjectType('Redelivery')
export class RedeliveryModel {
  @Field(() => Int, { description: 'Deliveries put back into the outbox.' })
  queued: number;
}

export function toWebhookDeliveryConnection(page: DeliveryLogPage): WebhookDeliveryConnectionModel {
  const edges = page.deliveries.map((entry, index) => ({
    cursor: page.cursors[index],
    node: {
      id: entry.id,
      alertId: entry.alert_id,
      event: entry.event,
      status: entry.status,
      attempts: entry.attempts,
      lastAttemptAt: entry.last_attempt_at,
      responseStatus: entry.response_status,
      error: entry.error,
      durationMs: entry.duration_ms,
      createdAt: entry.created_at,
      nextAttemptAt: entry.next_attempt_at,
    },
  }));
  return {
    edges,
    pageInfo: { hasNextPage: page.nextCursor !== null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

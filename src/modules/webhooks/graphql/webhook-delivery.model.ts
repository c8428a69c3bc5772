import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { DeliveryLogStatus } from '../delivery-log/delivery-log.query.js';
import type { DeliveryLogPage } from '../delivery-log/delivery-log.service.js';
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
    },
  }));
  return {
    edges,
    pageInfo: { hasNextPage: page.nextCursor !== null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

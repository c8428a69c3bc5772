import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { DeliveryFigures } from '../figures/delivery-figures.service.js';

@ObjectType('OpsOutbox')
export class OpsOutboxModel {
  @Field(() => Int, { description: 'Deliveries waiting or being attempted.' })
  depth: number;

  @Field(() => Float, { description: 'Age of the oldest of them (0 when none).' })
  oldestPendingAgeSeconds: number;
}

@ObjectType('OpsSlots', {
  description: 'Delivery slots, summed over the instances that sampled in the last 3 minutes.',
})
export class OpsSlotsModel {
  @Field(() => Int, { description: 'Most attempts in flight at once in their latest minute.' })
  peakInUse: number;

  @Field(() => Int, { description: 'DELIVERY_CONCURRENCY of each, added up.' })
  capacity: number;

  @Field(() => Int)
  instances: number;
}

@ObjectType('OpsAttempts')
export class OpsAttemptsModel {
  @Field(() => Int)
  succeeded: number;

  @Field(() => Int)
  failed: number;
}

@ObjectType('OpsFailingWebhook')
export class OpsFailingWebhookModel {
  @Field()
  webhookId: string;

  @Field()
  accountId: string;

  @Field({ description: "The URL's host only (its path may carry the receiver's token)." })
  host: string;

  @Field(() => Int)
  consecutiveFailures: number;

  @Field(() => String, { nullable: true })
  lastError: string | null;

  @Field(() => String, { nullable: true })
  lastDeliveryAt: string | null;
}

@ObjectType('OpsDeliveryMinute')
export class OpsDeliveryMinuteModel {
  @Field({ description: 'Start of the minute (ISO 8601).' })
  minute: string;

  @Field(() => Int)
  succeeded: number;

  @Field(() => Int)
  failed: number;
}

@ObjectType('OpsDelivery', {
  description: "The console's Delivery page: the same on every instance.",
})
export class OpsDeliveryModel {
  @Field()
  asOf: string;

  @Field(() => OpsOutboxModel)
  outbox: OpsOutboxModel;

  @Field(() => OpsSlotsModel)
  slots: OpsSlotsModel;

  @Field(() => OpsAttemptsModel, { description: 'Attempts over the last hour.' })
  attemptsLastHour: OpsAttemptsModel;

  @Field(() => [OpsFailingWebhookModel], {
    description:
      'Active webhooks whose latest attempts failed, the most consecutive failures first.',
  })
  failingWebhooks: OpsFailingWebhookModel[];

  @Field(() => [OpsDeliveryMinuteModel], {
    description: 'Attempts per minute over the last 24 hours.',
  })
  series: OpsDeliveryMinuteModel[];
}

export function toOpsDeliveryModel(figures: DeliveryFigures): OpsDeliveryModel {
  return {
    ...figures,
    asOf: isoWithMillis(figures.asOf),
    failingWebhooks: figures.failingWebhooks.map((webhook) => ({
      ...webhook,
      lastDeliveryAt:
        webhook.lastDeliveryAt === null ? null : isoWithMillis(webhook.lastDeliveryAt),
    })),
    series: figures.series.map((minute) => ({ ...minute, minute: isoWithMillis(minute.minute) })),
  };
}

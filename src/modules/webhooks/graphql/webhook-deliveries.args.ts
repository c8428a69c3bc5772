import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import type {
  DeliveryLogFilters,
  DeliveryLogStatus,
  RedeliveryFields,
} from '../delivery-log/delivery-log.query.js';
import { DeliveryStatusEnum } from './webhook-delivery.model.js';

/** The filters of GET /webhooks/:id/deliveries; deliveryLogQueryOf validates them for both APIs. */
@ArgsType()
export class WebhookDeliveriesArgs {
  @IsOptional()
  @Field(() => ID)
  webhookId: string;

  @IsOptional()
  @Field(() => DeliveryStatusEnum, { nullable: true })
  status?: DeliveryLogStatus | null;

  @IsOptional()
  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601; only deliveries created after it.',
  })
  since?: string | null;

  @IsOptional()
  @Field(() => String, { nullable: true, description: 'pageInfo.endCursor of the previous page.' })
  after?: string | null;

  @IsOptional()
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100; default 50.' })
  first?: number | null;
}

/** GraphQL's explicit null means "not given", as an absent query parameter does in REST. */
export function toDeliveryLogFilters(args: WebhookDeliveriesArgs): DeliveryLogFilters {
  return {
    status: args.status ?? undefined,
    since: args.since ?? undefined,
    after: args.after ?? undefined,
    limit: args.first ?? undefined,
  };
}

@InputType('RedeliverInput')
export class RedeliverInput {
  @IsOptional()
  @Field({ description: 'ISO 8601; failed deliveries created after it are sent again.' })
  since: string;

  @IsOptional()
  @Field(() => DeliveryStatusEnum, { nullable: true, description: 'Only failed (the default).' })
  status?: DeliveryLogStatus | null;
}

export function toRedeliveryFields(input: RedeliverInput): RedeliveryFields {
  return { since: input.since, status: input.status ?? undefined };
}

import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { toEmailSubscriptionResponse } from '../dto/email-subscription.dto.js';
import type { EmailSubscriptionEntity } from '../subscriptions/email-subscription.entity.js';

@ObjectType('EmailSubscription')
export class EmailSubscriptionModel {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field({ description: 'instant, hourly or daily.' })
  frequency: string;

  @Field(() => [ID], { description: 'Empty: every keyword of the account.' })
  keywordIds: string[];

  @Field({ description: 'pending (until the address confirms), active or unsubscribed.' })
  status: string;

  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;

  @Field(() => String, { nullable: true })
  confirmedAt: string | null;

  @Field(() => String, { nullable: true, description: 'When the last mail went out.' })
  lastSentAt: string | null;

  @Field(() => String, { nullable: true, description: 'Why the last mail failed.' })
  lastError: string | null;

  @Field(() => String, { nullable: true })
  lastErrorAt: string | null;
}

@ObjectType('EmailSubscriptionList', {
  description: 'GET /email-subscriptions: data becomes nodes.',
})
export class EmailSubscriptionListModel {
  @Field(() => [EmailSubscriptionModel])
  nodes: EmailSubscriptionModel[];

  @Field(() => Int)
  count: number;
}

/** Built from the REST body, so both show the same. */
export function toEmailSubscriptionModel(
  subscription: EmailSubscriptionEntity,
): EmailSubscriptionModel {
  const rest = toEmailSubscriptionResponse(subscription);
  return {
    id: rest.id,
    email: rest.email,
    frequency: rest.frequency,
    keywordIds: rest.keyword_ids,
    status: rest.status,
    createdAt: rest.created_at,
    confirmedAt: rest.confirmed_at,
    lastSentAt: rest.last_sent_at,
    lastError: rest.last_error,
    lastErrorAt: rest.last_error_at,
  };
}

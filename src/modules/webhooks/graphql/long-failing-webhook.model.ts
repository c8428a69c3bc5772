import { Field, ID, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { LongFailingWebhook } from '../webhook.store.js';

@ObjectType('LongFailingWebhook', {
  description:
    'An active webhook whose every attempt has failed for 3 days or more. It is not paused; it stays listed until it succeeds again or is paused.',
})
export class LongFailingWebhookModel {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field({ description: 'The first failure since its last success or resumption (ISO 8601).' })
  failingSince: string;

  @Field(() => String, { nullable: true, description: 'The last failure, as on Webhook.' })
  lastError: string | null;
}

export function toLongFailingWebhookModel(webhook: LongFailingWebhook): LongFailingWebhookModel {
  return {
    id: webhook.id,
    name: webhook.name,
    failingSince: isoWithMillis(webhook.failingSince),
    lastError: webhook.lastError,
  };
}

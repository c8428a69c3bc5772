import { Field, ID, InputType } from '@nestjs/graphql';
import type { EmailFrequency } from '../subscriptions/email-subscription.entity.js';
import {
  IsSubscriptionEmail,
  IsSubscriptionFrequency,
  IsSubscriptionKeywordIds,
} from '../subscriptions/email-subscription-rules.js';

@InputType('CreateEmailSubscriptionInput')
export class CreateEmailSubscriptionInput {
  @IsSubscriptionEmail()
  @Field({
    description: 'A confirmation mail goes there first; nothing else until it is confirmed.',
  })
  email: string;

  @IsSubscriptionFrequency()
  @Field(() => String, { description: 'instant, hourly or daily.' })
  frequency: EmailFrequency;

  @IsSubscriptionKeywordIds()
  @Field(() => [ID], { nullable: true, description: 'Default: every keyword of the account.' })
  keywordIds?: string[];
}

import { Field, InputType } from '@nestjs/graphql';
import {
  IsWebhookActive,
  IsWebhookName,
  IsWebhookUrl,
  type WebhookChange,
  type WebhookDraft,
} from '../webhook-rules.js';

@InputType('CreateWebhookInput')
export class CreateWebhookInput implements WebhookDraft {
  @IsWebhookUrl()
  @Field({ description: 'Absolute https URL on a public host.' })
  url: string;

  @IsWebhookName()
  @Field(() => String, {
    nullable: true,
    description: 'Up to 80 characters; default the host name.',
  })
  name?: string;
}

@InputType('UpdateWebhookInput')
export class UpdateWebhookInput implements WebhookChange {
  @IsWebhookName()
  @Field(() => String, { nullable: true })
  name?: string;

  @IsWebhookActive()
  @Field(() => Boolean, {
    nullable: true,
    description: 'false pauses deliveries, true resumes them.',
  })
  active?: boolean;
}

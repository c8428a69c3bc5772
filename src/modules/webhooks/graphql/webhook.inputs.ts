import { Field, InputType } from '@nestjs/graphql';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';
import type { RetryPolicy } from '../../delivery/retry-policy.js';
import {
  IsWebhookActive,
  IsWebhookFormat,
  IsWebhookName,
  IsWebhookRetryPolicy,
  IsWebhookUrl,
  type WebhookChange,
  type WebhookDraft,
} from '../webhook-rules.js';
import { WebhookFormatEnum, WebhookRetryPolicyEnum } from './webhook-enums.js';

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

  @IsWebhookFormat()
  @Field(() => WebhookFormatEnum, { nullable: true, description: 'Default json.' })
  format?: WebhookFormat;

  @IsWebhookRetryPolicy()
  @Field(() => WebhookRetryPolicyEnum, {
    nullable: true,
    description: 'Default none; standard is suggested for Slack and Discord.',
  })
  retryPolicy?: RetryPolicy;
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

  @IsWebhookFormat()
  @Field(() => WebhookFormatEnum, { nullable: true })
  format?: WebhookFormat;

  @IsWebhookRetryPolicy()
  @Field(() => WebhookRetryPolicyEnum, { nullable: true })
  retryPolicy?: RetryPolicy;
}

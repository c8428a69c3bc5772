import { Field, InputType } from '@nestjs/graphql';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';
import {
  IsWebhookActive,
  IsWebhookFormat,
  IsWebhookName,
  IsWebhookUrl,
  type WebhookChange,
  type WebhookDraft,
} from '../webhook-rules.js';
import { WebhookFormatEnum } from './webhook-format.enum.js';

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
}

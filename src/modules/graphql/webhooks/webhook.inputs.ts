import { Field, InputType } from '@nestjs/graphql';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';
import { WEBHOOK_NAME_MAX_LENGTH } from '../../webhooks/dto/webhook.dto.js';

/** The rules of CreateWebhookDto; the URL policy itself runs in the service. */
@InputType('CreateWebhookInput')
export class CreateWebhookInput {
  @IsString()
  @Field({ description: 'Absolute https URL on a public host.' })
  url: string;

  @IsOmittable()
  @IsString()
  @MaxLength(WEBHOOK_NAME_MAX_LENGTH)
  @Field(() => String, {
    nullable: true,
    description: 'Up to 80 characters; default the host name.',
  })
  name?: string;
}

/** The rules of UpdateWebhookDto. */
@InputType('UpdateWebhookInput')
export class UpdateWebhookInput {
  @IsOmittable()
  @IsString()
  @MaxLength(WEBHOOK_NAME_MAX_LENGTH)
  @Field(() => String, { nullable: true })
  name?: string;

  @IsOmittable()
  @IsBoolean()
  @Field(() => Boolean, {
    nullable: true,
    description: 'false pauses deliveries, true resumes them.',
  })
  active?: boolean;
}

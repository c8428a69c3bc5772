import { Field, ObjectType } from '@nestjs/graphql';
import { WebhookModel } from './webhook.model.js';

/** The answer to rotateWebhookSecret, the only other place a signing secret appears. */
@ObjectType('WebhookSecretRotation')
export class WebhookSecretRotationModel {
  @Field(() => WebhookModel)
  webhook: WebhookModel;

  @Field({
    description:
      'The new HMAC-SHA256 signing key, 64 hex characters. Shown once; the replaced one keeps signing beside it for 24 hours.',
  })
  secret: string;
}

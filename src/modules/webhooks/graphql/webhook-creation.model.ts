import { Field, ObjectType } from '@nestjs/graphql';
import { WebhookModel } from './webhook.model.js';

/** The only place in the schema where a signing secret appears: the answer to createWebhook. */
@ObjectType('WebhookCreation')
export class WebhookCreationModel {
  @Field(() => WebhookModel)
  webhook: WebhookModel;

  @Field({ description: 'HMAC-SHA256 signing key, 64 hex characters. Shown once, never again.' })
  secret: string;
}

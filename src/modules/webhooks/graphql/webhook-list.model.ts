import { Field, Int, ObjectType } from '@nestjs/graphql';
import { WebhookModel } from './webhook.model.js';

@ObjectType('WebhookList', { description: 'GET /webhooks: data becomes nodes.' })
export class WebhookListModel {
  @Field(() => [WebhookModel])
  nodes: WebhookModel[];

  @Field(() => Int)
  count: number;
}

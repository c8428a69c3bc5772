import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('WebhookTestResult', { description: 'POST /webhooks/:id/test.' })
export class WebhookTestResultModel {
  @Field({ description: 'The endpoint answered 2xx in time.' })
  ok: boolean;

  @Field(() => Int, { nullable: true, description: 'HTTP status received; null when unreachable.' })
  status: number | null;

  @Field(() => String, { nullable: true })
  error: string | null;
}

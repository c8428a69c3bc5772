import { Context, Float, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import type { GraphqlContext } from '../../graphql/common/graphql-context.js';
import { WebhookHealthLoader } from './webhook-health.loader.js';
import { WebhookModel } from './webhook.model.js';

@Resolver(() => WebhookModel)
export class WebhookHealthResolver {
  constructor(private readonly health: WebhookHealthLoader) {}

  @ResolveField(() => Float, {
    nullable: true,
    description:
      'Share (0 to 1) of the deliveries attempted in the last 24 hours whose latest attempt succeeded; null without any. Test deliveries do not count.',
  })
  async successRate24h(
    @Parent() webhook: WebhookModel,
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
  ): Promise<number | null> {
    return (await this.health.load(context.req, caller, webhook.id)).successRate24h;
  }

  @ResolveField(() => Int, {
    description: 'Deliveries attempted in the last 24 hours that succeeded or failed.',
  })
  async deliveries24h(
    @Parent() webhook: WebhookModel,
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
  ): Promise<number> {
    return (await this.health.load(context.req, caller, webhook.id)).deliveries24h;
  }
}

import { Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { LongFailingWebhooksService } from '../long-failing-webhooks.service.js';
import {
  LongFailingWebhookModel,
  toLongFailingWebhookModel,
} from './long-failing-webhook.model.js';

@Resolver(() => LongFailingWebhookModel)
export class LongFailingWebhooksResolver {
  constructor(private readonly longFailing: LongFailingWebhooksService) {}

  @Query(() => [LongFailingWebhookModel], {
    name: 'longFailingWebhooks',
    description:
      "The account's webhooks failing for 3 days or more, the longest first: the dashboard's banner on every page.",
  })
  async list(@CurrentCaller() caller: Caller): Promise<LongFailingWebhookModel[]> {
    return (await this.longFailing.list(caller.accountId)).map(toLongFailingWebhookModel);
  }
}

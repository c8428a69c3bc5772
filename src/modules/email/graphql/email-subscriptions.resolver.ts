import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { DeletionModel, deletionOf } from '../../graphql/common/deletion.model.js';
import { EmailSubscriptionsService } from '../subscriptions/email-subscriptions.service.js';
import { CreateEmailSubscriptionInput } from './email-subscription.inputs.js';
import {
  EmailSubscriptionListModel,
  EmailSubscriptionModel,
  toEmailSubscriptionModel,
} from './email-subscription.model.js';

@Resolver(() => EmailSubscriptionModel)
export class EmailSubscriptionsResolver {
  constructor(private readonly subscriptions: EmailSubscriptionsService) {}

  @Query(() => EmailSubscriptionListModel, { name: 'emailSubscriptions' })
  async list(@CurrentCaller() caller: Caller): Promise<EmailSubscriptionListModel> {
    const subscriptions = await this.subscriptions.list(caller.accountId);
    return { nodes: subscriptions.map(toEmailSubscriptionModel), count: subscriptions.length };
  }

  @RequireRole('member')
  @Mutation(() => EmailSubscriptionModel, {
    name: 'createEmailSubscription',
    description:
      'POST /email-subscriptions: pending until the address follows the link mailed to it.',
  })
  async create(
    @CurrentCaller() caller: Caller,
    @Args('input') input: CreateEmailSubscriptionInput,
  ): Promise<EmailSubscriptionModel> {
    const subscription = await this.subscriptions.create(caller, {
      email: input.email,
      frequency: input.frequency,
      keyword_ids: input.keywordIds,
    });
    return toEmailSubscriptionModel(subscription);
  }

  @RequireRole('member')
  @Mutation(() => DeletionModel, { name: 'deleteEmailSubscription' })
  async remove(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeletionModel> {
    await this.subscriptions.remove(caller, id);
    return deletionOf(id);
  }
}

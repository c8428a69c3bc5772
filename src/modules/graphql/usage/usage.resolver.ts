import { Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { UsageService } from '../../usage/usage.service.js';
import { toUsageModel, UsageModel } from './usage.model.js';

@Resolver(() => UsageModel)
export class UsageResolver {
  constructor(private readonly usage: UsageService) {}

  @Query(() => UsageModel, { name: 'usage' })
  async report(@CurrentCaller() caller: Caller): Promise<UsageModel> {
    return toUsageModel(await this.usage.report(caller));
  }
}

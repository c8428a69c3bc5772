import { Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { UsageService } from '../usage.service.js';
import { UsageModel } from './usage.model.js';

@Resolver(() => UsageModel)
export class UsageResolver {
  constructor(private readonly usage: UsageService) {}

  @Query(() => UsageModel, { name: 'usage' })
  report(@CurrentCaller() caller: Caller): Promise<UsageModel> {
    return this.usage.report(caller);
  }
}

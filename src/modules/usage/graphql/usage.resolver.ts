import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { USAGE_HISTORY_DEFAULT_DAYS } from '../usage-history.js';
import { UsageHistoryService } from '../usage-history.service.js';
import { UsageService } from '../usage.service.js';
import { UsageDayModel } from './usage-day.model.js';
import { UsageModel } from './usage.model.js';

@Resolver(() => UsageModel)
export class UsageResolver {
  constructor(
    private readonly usage: UsageService,
    private readonly history: UsageHistoryService,
  ) {}

  @Query(() => UsageModel, { name: 'usage' })
  report(@CurrentCaller() caller: Caller): Promise<UsageModel> {
    return this.usage.report(caller);
  }

  @Query(() => [UsageDayModel], {
    name: 'usageHistory',
    description:
      "Delivered and capped per UTC day, oldest first, today last, every day present; days 1 to 90 (at most the plan's history_days).",
  })
  usageHistory(
    @CurrentCaller() caller: Caller,
    @Args('days', { type: () => Int, nullable: true, defaultValue: USAGE_HISTORY_DEFAULT_DAYS })
    days: number | null,
  ): Promise<UsageDayModel[]> {
    return this.history.accountDays(caller, days ?? USAGE_HISTORY_DEFAULT_DAYS);
  }
}

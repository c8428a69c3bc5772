import { Args, Context, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import type { GraphqlContext } from '../../graphql/common/graphql-context.js';
import { KeywordModel } from '../../keywords/graphql/keyword.model.js';
import { isCapReached, matchesOf, USAGE_HISTORY_DEFAULT_DAYS } from '../usage-history.js';
import { KeywordUsageLoader } from './keyword-usage.loader.js';

@Resolver(() => KeywordModel)
export class KeywordStatsResolver {
  constructor(private readonly usage: KeywordUsageLoader) {}

  @ResolveField(() => Int, {
    description: 'Matches today (UTC), those held back by the daily cap included.',
  })
  async matchesToday(
    @Parent() keyword: KeywordModel,
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
  ): Promise<number> {
    const [today] = await this.usage.load(context.req, caller, keyword.id, 1);
    return matchesOf(today);
  }

  @ResolveField(() => Boolean, {
    description: "Whether today's deliveries reached the plan's per-keyword daily cap.",
  })
  async capReached(
    @Parent() keyword: KeywordModel,
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
  ): Promise<boolean> {
    const [today] = await this.usage.load(context.req, caller, keyword.id, 1);
    return isCapReached(today.delivered, caller.limits);
  }

  @ResolveField(() => [Int], {
    description:
      'Matches per UTC day (held back ones included), oldest first, today last; days 1 to 90.',
  })
  async dailyMatches(
    @Parent() keyword: KeywordModel,
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
    @Args('days', { type: () => Int, nullable: true, defaultValue: USAGE_HISTORY_DEFAULT_DAYS })
    days: number | null,
  ): Promise<number[]> {
    const window = days ?? USAGE_HISTORY_DEFAULT_DAYS;
    return (await this.usage.load(context.req, caller, keyword.id, window)).map(matchesOf);
  }
}

import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('KeywordUsage')
export class KeywordUsageModel {
  @Field(() => ID)
  keywordId: string;

  @Field()
  text: string;

  @Field()
  active: boolean;

  @Field(() => Int)
  delivered: number;

  @Field(() => Int, { description: 'Matches held back by the daily cap today.' })
  capped: number;

  @Field()
  capReached: boolean;

  @Field(() => String, { nullable: true, description: "The keyword's search query; null: none." })
  query: string | null;
}

/** UsageService's report as it is: the fields are named alike. */
@ObjectType('Usage', { description: 'GET /usage in camelCase.' })
export class UsageModel {
  @Field({ description: 'starter, pro or scale.' })
  plan: string;

  @Field({ description: 'active or canceled.' })
  status: string;

  @Field(() => Int)
  keywordLimit: number;

  @Field(() => Int)
  keywordsUsed: number;

  @Field(() => Int)
  perKeywordDailyCap: number;

  @Field(() => Int)
  historyDays: number;

  @Field(() => Int)
  rateLimitPerMinute: number;

  @Field({ description: 'Current UTC date, YYYY-MM-DD.' })
  day: string;

  @Field(() => Int)
  deliveredToday: number;

  @Field(() => Int)
  cappedToday: number;

  @Field(() => [KeywordUsageModel], { description: 'Every live keyword, busiest first.' })
  today: KeywordUsageModel[];
}

import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('UsageDay', { description: "One UTC day of the account's daily-cap counters." })
export class UsageDayModel {
  @Field({ description: 'YYYY-MM-DD (UTC).' })
  date: string;

  @Field(() => Int, { description: 'Matches delivered (stored as alerts and sent).' })
  delivered: number;

  @Field(() => Int, { description: 'Matches held back by the daily cap.' })
  capped: number;
}

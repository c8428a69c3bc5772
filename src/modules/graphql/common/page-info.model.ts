import { Field, ObjectType } from '@nestjs/graphql';

/** The Relay page info of every connection (alerts, webhook deliveries). */
@ObjectType('PageInfo')
export class PageInfoModel {
  @Field({ description: 'true where REST would return a next_cursor.' })
  hasNextPage: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Cursor of the last edge; null on an empty page.',
  })
  endCursor: string | null;
}

import { Field, Int, ObjectType } from '@nestjs/graphql';
import { KeywordModel } from './keyword.model.js';

@ObjectType('KeywordList', { description: 'GET /keywords: data becomes nodes.' })
export class KeywordListModel {
  @Field(() => [KeywordModel], {
    description: 'Live keywords, paused ones included, oldest first.',
  })
  nodes: KeywordModel[];

  @Field(() => Int)
  count: number;

  @Field(() => Int, { description: 'Active keywords the plan allows.' })
  keywordLimit: number;
}

import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { KeywordListField } from '../../matching/keyword-fields.js';
import type { KeywordEntity } from '../keyword.entity.js';
import { QUERY_DESCRIPTION } from '../keyword-query.js';
import { toKeywordResponse } from '../dto/keyword.dto.js';
import { filterListFields, filterListsOf } from './filter-list-fields.js';
import { KeywordModeEnum } from './keyword-mode.enum.js';

@ObjectType('Keyword')
export class KeywordModel extends filterListFields<Record<KeywordListField, string[]>>('keyword') {
  @Field(() => ID)
  id: string;

  @Field()
  text: string;

  @Field(() => KeywordModeEnum)
  mode: KeywordMode;

  @Field({ description: 'false means paused: listed, but matching nothing.' })
  active: boolean;

  @Field()
  trackPosts: boolean;

  @Field()
  trackComments: boolean;

  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;

  @Field({ description: 'ISO 8601, as in REST.' })
  updatedAt: string;

  @Field(() => String, { nullable: true, description: `${QUERY_DESCRIPTION} null: none.` })
  query: string | null;
}

/** Built from the REST body so both APIs format every value the same way; the lists are not formatted. */
export function toKeywordModel(keyword: KeywordEntity): KeywordModel {
  const rest = toKeywordResponse(keyword);
  return {
    id: rest.id,
    text: rest.text,
    mode: rest.mode,
    active: rest.active,
    trackPosts: rest.track_posts,
    trackComments: rest.track_comments,
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    ...filterListsOf(keyword),
    query: rest.query,
  };
}

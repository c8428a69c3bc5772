import { Field, ID, ObjectType } from '@nestjs/graphql';
import { KeywordModeEnum } from '../../keywords/graphql/keyword-mode.enum.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { SearchView } from '../searches/search.store.js';
import { toSearchResponse } from '../searches/dto/search.dto.js';

@ObjectType('SearchKeyword')
export class SearchKeywordModel {
  @Field()
  text: string;

  @Field(() => KeywordModeEnum)
  mode: KeywordMode;
}

@ObjectType('Search', {
  description: 'GET /searches/:id in camelCase (App product): the keywords that fill an inbox.',
})
export class SearchModel {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field({ description: 'false means paused: its items stay, it collects nothing.' })
  active: boolean;

  @Field(() => [SearchKeywordModel])
  keywords: SearchKeywordModel[];

  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;

  @Field({ description: 'ISO 8601, as in REST.' })
  updatedAt: string;
}

/** Built from the REST body so both APIs format every value the same way. */
export function toSearchModel(view: SearchView): SearchModel {
  const rest = toSearchResponse(view);
  return {
    id: rest.id,
    name: rest.name,
    description: rest.description,
    active: rest.active,
    keywords: rest.keywords,
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
  };
}

import { ApiSchema } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { IsKeywordFlag, IsKeywordMode, type KeywordChange } from '../keyword-change.js';
import { GIVEN_QUERY_SCHEMA } from '../keyword-query.js';
import {
  filterListsOfRest,
  KEYWORD_MODE,
  withFilterLists,
  type RestFilterLists,
} from './keyword-fields.js';

class UpdateKeywordFields {
  @ApiOptionalField(KEYWORD_MODE)
  @IsKeywordMode()
  mode?: KeywordMode;

  @ApiOptionalField({ type: 'boolean' })
  @IsKeywordFlag()
  active?: boolean;

  @ApiOptionalField({ type: 'boolean' })
  @IsKeywordFlag()
  track_posts?: boolean;

  @ApiOptionalField({ type: 'boolean' })
  @IsKeywordFlag()
  track_comments?: boolean;
}

@ApiSchema({
  name: 'UpdateKeyword',
  description:
    'All optional; text cannot change; at least one tracking flag must remain true; a given filter list replaces the stored one ([] clears it).',
})
export class UpdateKeywordDto extends withFilterLists<
  UpdateKeywordFields,
  Partial<RestFilterLists<unknown>>
>(UpdateKeywordFields, 'change') {
  @ApiOptionalField({
    ...GIVEN_QUERY_SCHEMA,
    description: 'Replaces the stored query; null clears it.',
  })
  // Checked by the keyword rules (checkQuery), as on POST items.
  @Allow()
  query?: unknown;
}

export function toKeywordChange(dto: UpdateKeywordDto): KeywordChange {
  return {
    mode: dto.mode,
    active: dto.active,
    trackPosts: dto.track_posts,
    trackComments: dto.track_comments,
    ...filterListsOfRest(dto),
    query: dto.query,
  };
}

import { ApiSchema } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { IsKeywordFlag, IsKeywordMode, type KeywordChange } from '../keyword-change.js';
import { GIVEN_FILTERS, KEYWORD_MODE } from './keyword-fields.js';

@ApiSchema({
  name: 'UpdateKeyword',
  description:
    'All optional; text cannot change; at least one tracking flag must remain true; a given filter list replaces the stored one ([] clears it).',
})
export class UpdateKeywordDto {
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

  // The filter lists are checked by the keyword rules (parseKeywordFilters), as on POST items.
  @ApiOptionalField(GIVEN_FILTERS.exclude)
  @Allow()
  exclude?: unknown;

  @ApiOptionalField(GIVEN_FILTERS.subreddits)
  @Allow()
  subreddits?: unknown;

  @ApiOptionalField(GIVEN_FILTERS.exclude_subreddits)
  @Allow()
  exclude_subreddits?: unknown;

  @ApiOptionalField(GIVEN_FILTERS.exclude_authors)
  @Allow()
  exclude_authors?: unknown;
}

export function toKeywordChange(dto: UpdateKeywordDto): KeywordChange {
  return {
    mode: dto.mode,
    active: dto.active,
    trackPosts: dto.track_posts,
    trackComments: dto.track_comments,
    exclude: dto.exclude,
    subreddits: dto.subreddits,
    excludeSubreddits: dto.exclude_subreddits,
    excludeAuthors: dto.exclude_authors,
  };
}

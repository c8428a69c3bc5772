import { Allow, IsBoolean, IsIn } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { KEYWORD_MODES } from '../keyword-rules.js';

export class UpdateKeywordDto {
  @IsOmittable()
  @IsIn(KEYWORD_MODES)
  mode?: KeywordMode;

  @IsOmittable()
  @IsBoolean()
  active?: boolean;

  @IsOmittable()
  @IsBoolean()
  track_posts?: boolean;

  @IsOmittable()
  @IsBoolean()
  track_comments?: boolean;

  // The filter lists are checked by parseKeywordFilters (keyword-rules.ts), as on POST items.
  @Allow()
  exclude?: unknown;

  @Allow()
  subreddits?: unknown;

  @Allow()
  exclude_subreddits?: unknown;

  @Allow()
  exclude_authors?: unknown;
}

import { Allow } from 'class-validator';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { IsKeywordFlag, IsKeywordMode, type KeywordChange } from '../keyword-change.js';

export class UpdateKeywordDto {
  @IsKeywordMode()
  mode?: KeywordMode;

  @IsKeywordFlag()
  active?: boolean;

  @IsKeywordFlag()
  track_posts?: boolean;

  @IsKeywordFlag()
  track_comments?: boolean;

  // The filter lists are checked by the keyword rules (parseKeywordFilters), as on POST items.
  @Allow()
  exclude?: unknown;

  @Allow()
  subreddits?: unknown;

  @Allow()
  exclude_subreddits?: unknown;

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

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
}

export function toKeywordChange(dto: UpdateKeywordDto): KeywordChange {
  return {
    mode: dto.mode,
    active: dto.active,
    trackPosts: dto.track_posts,
    trackComments: dto.track_comments,
  };
}

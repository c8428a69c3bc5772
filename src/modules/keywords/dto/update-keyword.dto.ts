import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { KEYWORD_MODES } from '../keyword-rules.js';

export class UpdateKeywordDto {
  @IsOptional()
  @IsIn(KEYWORD_MODES)
  mode?: KeywordMode;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsOptional()
  @IsBoolean()
  track_posts?: boolean;

  @IsOptional()
  @IsBoolean()
  track_comments?: boolean;
}

import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiFlag, ApiId, ApiTimestamp } from '../../../common/api-docs/api-fields.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { KeywordEntity } from '../keyword.entity.js';
import { KEYWORD_MODE, STORED_FILTERS } from './keyword-fields.js';

/** A keyword as REST answers it. */
@ApiSchema({ name: 'Keyword' })
export class KeywordResponseDto {
  @ApiId('Keyword id, used as keyword_id in filters and alerts.')
  id: string;

  @ApiProperty({ type: 'string', description: 'The tracked term; immutable.' })
  text: string;

  @ApiField(KEYWORD_MODE)
  mode: KeywordMode;

  @ApiFlag('false means paused: listed, but matching nothing.')
  active: boolean;

  @ApiFlag('Match new posts.')
  track_posts: boolean;

  @ApiFlag('Match new comments.')
  track_comments: boolean;

  @ApiTimestamp()
  created_at: string;

  @ApiTimestamp()
  updated_at: string;

  @ApiField(STORED_FILTERS.exclude)
  exclude: string[];

  @ApiField(STORED_FILTERS.subreddits)
  subreddits: string[];

  @ApiField(STORED_FILTERS.exclude_subreddits)
  exclude_subreddits: string[];

  @ApiField(STORED_FILTERS.exclude_authors)
  exclude_authors: string[];
}

export function toKeywordResponse(keyword: KeywordEntity): KeywordResponseDto {
  return {
    id: keyword.id,
    text: keyword.text,
    mode: keyword.mode,
    active: keyword.active,
    track_posts: keyword.trackPosts,
    track_comments: keyword.trackComments,
    created_at: isoWithMillis(keyword.createdAt),
    updated_at: isoWithMillis(keyword.updatedAt),
    exclude: keyword.exclude,
    subreddits: keyword.subreddits,
    exclude_subreddits: keyword.excludeSubreddits,
    exclude_authors: keyword.excludeAuthors,
  };
}

import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ApiField,
  ApiFlag,
  ApiId,
  ApiNullable,
  ApiTimestamp,
} from '../../../common/api-docs/api-fields.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { KeywordEntity } from '../keyword.entity.js';
import { KEYWORD_FIELDS } from '../../matching/keyword-fields.js';
import { QUERY_DESCRIPTION } from '../keyword-query.js';
import {
  KEYWORD_MODE,
  restFilterLists,
  withFilterLists,
  type RestFilterLists,
} from './keyword-fields.js';

class KeywordFields {
  @ApiId('Keyword id, used as keyword_id in filters and alerts.')
  id: string;

  @ApiProperty({ type: 'string', description: KEYWORD_FIELDS.text.description })
  text: string;

  @ApiField(KEYWORD_MODE)
  mode: KeywordMode;

  @ApiFlag('false means paused: listed, but matching nothing.')
  active: boolean;

  @ApiFlag(KEYWORD_FIELDS.trackPosts.description)
  track_posts: boolean;

  @ApiFlag(KEYWORD_FIELDS.trackComments.description)
  track_comments: boolean;

  @ApiTimestamp()
  created_at: string;

  @ApiTimestamp()
  updated_at: string;
}

/** The query comes after the filter lists (decisions section 13). */
@ApiSchema({ name: 'Keyword' })
export class KeywordResponseDto extends withFilterLists<KeywordFields, RestFilterLists<string[]>>(
  KeywordFields,
  'keyword',
) {
  @ApiNullable('string', `${QUERY_DESCRIPTION} null: none.`)
  query: string | null;
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
    ...restFilterLists(keyword),
    query: keyword.query,
  };
}

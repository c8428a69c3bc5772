import { isoWithMillis } from '../../common/time/timestamps.js';
import type { KeywordMode } from '../matching/keyword-definition.js';
import type { KeywordEntity } from './keyword.entity.js';

export interface KeywordResponse {
  id: string;
  text: string;
  mode: KeywordMode;
  active: boolean;
  track_posts: boolean;
  track_comments: boolean;
  created_at: string;
  updated_at: string;
  exclude: string[];
  subreddits: string[];
  exclude_subreddits: string[];
  exclude_authors: string[];
}

export function toKeywordResponse(keyword: KeywordEntity): KeywordResponse {
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

import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { KeywordEntity } from '../keyword.entity.js';
import { toKeywordResponse } from '../dto/keyword.dto.js';
import { KeywordModeEnum } from './keyword-mode.enum.js';

@ObjectType('Keyword')
export class KeywordModel {
  @Field(() => ID)
  id: string;

  @Field()
  text: string;

  @Field(() => KeywordModeEnum)
  mode: KeywordMode;

  @Field({ description: 'false means paused: listed, but matching nothing.' })
  active: boolean;

  @Field()
  trackPosts: boolean;

  @Field()
  trackComments: boolean;

  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;

  @Field({ description: 'ISO 8601, as in REST.' })
  updatedAt: string;

  @Field(() => [String], {
    description: 'Exclusion phrases: an item containing one never matches.',
  })
  exclude: string[];

  @Field(() => [String], {
    description: 'Without r/; when not empty, only items from these subreddits match.',
  })
  subreddits: string[];

  @Field(() => [String], { description: 'Without r/; items from these never match.' })
  excludeSubreddits: string[];

  @Field(() => [String], { description: 'Without u/; items by these authors never match.' })
  excludeAuthors: string[];
}

/** Built from the REST body so both APIs format every value the same way. */
export function toKeywordModel(keyword: KeywordEntity): KeywordModel {
  const rest = toKeywordResponse(keyword);
  return {
    id: rest.id,
    text: rest.text,
    mode: rest.mode,
    active: rest.active,
    trackPosts: rest.track_posts,
    trackComments: rest.track_comments,
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    exclude: rest.exclude,
    subreddits: rest.subreddits,
    excludeSubreddits: rest.exclude_subreddits,
    excludeAuthors: rest.exclude_authors,
  };
}

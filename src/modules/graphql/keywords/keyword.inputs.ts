import { Field, InputType } from '@nestjs/graphql';
import { Allow, IsBoolean, IsIn } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { UpdateKeywordDto } from '../../keywords/dto/update-keyword.dto.js';
import { KEYWORD_MODES } from '../../keywords/keyword-rules.js';
import { KeywordModeEnum } from './keyword-mode.enum.js';

/**
 * One item of createKeywords. Only the types are checked here: the keyword rules (length, words,
 * tracking flags) stay per item in the service, so a bad item lands in rejected[] as in REST.
 */
@InputType('CreateKeywordInput')
export class CreateKeywordInput {
  @Field()
  text: string;

  @Field(() => KeywordModeEnum, { nullable: true, description: 'Default exact.' })
  mode?: KeywordMode | null;

  @Field(() => Boolean, { nullable: true, description: 'Default true.' })
  trackPosts?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Default true.' })
  trackComments?: boolean | null;

  @Field(() => [String], { nullable: true, description: 'Default [].' })
  exclude?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Default [].' })
  subreddits?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Default [].' })
  excludeSubreddits?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Default [].' })
  excludeAuthors?: string[] | null;
}

/** The REST body of POST /keywords, which the service validates item by item. */
export function toKeywordCreationBody(items: readonly CreateKeywordInput[]): {
  keywords: unknown[];
} {
  return {
    keywords: items.map((item) => ({
      text: item.text,
      mode: item.mode,
      track_posts: item.trackPosts,
      track_comments: item.trackComments,
      exclude: item.exclude,
      subreddits: item.subreddits,
      exclude_subreddits: item.excludeSubreddits,
      exclude_authors: item.excludeAuthors,
    })),
  };
}

const REPLACES = 'Replaces the stored list; [] clears it.';

/** PATCH /keywords/:id: the same rules as UpdateKeywordDto, so an explicit null is invalid_body. */
@InputType('UpdateKeywordInput')
export class UpdateKeywordInput {
  @IsOmittable()
  @IsIn(KEYWORD_MODES)
  @Field(() => KeywordModeEnum, { nullable: true })
  mode?: KeywordMode;

  @IsOmittable()
  @IsBoolean()
  @Field(() => Boolean, { nullable: true })
  active?: boolean;

  @IsOmittable()
  @IsBoolean()
  @Field(() => Boolean, { nullable: true })
  trackPosts?: boolean;

  @IsOmittable()
  @IsBoolean()
  @Field(() => Boolean, { nullable: true })
  trackComments?: boolean;

  // Checked by the service with the rules of REST's PATCH body.
  @Allow()
  @Field(() => [String], { nullable: true, description: REPLACES })
  exclude?: string[] | null;

  @Allow()
  @Field(() => [String], { nullable: true, description: REPLACES })
  subreddits?: string[] | null;

  @Allow()
  @Field(() => [String], { nullable: true, description: REPLACES })
  excludeSubreddits?: string[] | null;

  @Allow()
  @Field(() => [String], { nullable: true, description: REPLACES })
  excludeAuthors?: string[] | null;
}

export function toUpdateKeywordDto(input: UpdateKeywordInput): UpdateKeywordDto {
  return {
    mode: input.mode,
    active: input.active,
    track_posts: input.trackPosts,
    track_comments: input.trackComments,
    exclude: input.exclude,
    subreddits: input.subreddits,
    exclude_subreddits: input.excludeSubreddits,
    exclude_authors: input.excludeAuthors,
  };
}

import { Field, InputType } from '@nestjs/graphql';
import { IsBoolean, IsIn } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { UpdateKeywordDto } from '../dto/update-keyword.dto.js';
import { KEYWORD_MODES } from '../keyword-rules.js';
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
    })),
  };
}

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
}

export function toUpdateKeywordDto(input: UpdateKeywordInput): UpdateKeywordDto {
  return {
    mode: input.mode,
    active: input.active,
    track_posts: input.trackPosts,
    track_comments: input.trackComments,
  };
}

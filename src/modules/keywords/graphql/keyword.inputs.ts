import { Field, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { IsKeywordFlag, IsKeywordMode, type KeywordChange } from '../keyword-change.js';
import type { KeywordDraft } from '../keyword-rules.js';
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

/** null, like a field left out, takes the default. */
export function toKeywordDraft(input: CreateKeywordInput): KeywordDraft {
  return {
    text: input.text,
    mode: input.mode,
    trackPosts: input.trackPosts,
    trackComments: input.trackComments,
    exclude: input.exclude,
    subreddits: input.subreddits,
    excludeSubreddits: input.excludeSubreddits,
    excludeAuthors: input.excludeAuthors,
  };
}

const REPLACES = 'Replaces the stored list; [] clears it.';

/** PATCH /keywords/:id: the rules of UpdateKeywordDto, so an explicit null is invalid_body. */
@InputType('UpdateKeywordInput')
export class UpdateKeywordInput implements KeywordChange {
  @IsKeywordMode()
  @Field(() => KeywordModeEnum, { nullable: true })
  mode?: KeywordMode;

  @IsKeywordFlag()
  @Field(() => Boolean, { nullable: true })
  active?: boolean;

  @IsKeywordFlag()
  @Field(() => Boolean, { nullable: true })
  trackPosts?: boolean;

  @IsKeywordFlag()
  @Field(() => Boolean, { nullable: true })
  trackComments?: boolean;

  // Checked by the service with the keyword rules, as REST's PATCH body.
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

import { Field, InputType, Int } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { KeywordListField } from '../../matching/keyword-fields.js';
import { IsKeywordFlag, IsKeywordMode, type KeywordChange } from '../keyword-change.js';
import { QUERY_DESCRIPTION } from '../keyword-query.js';
import { filterListFields } from './filter-list-fields.js';
import { KeywordModeEnum } from './keyword-mode.enum.js';

/** A list given as null takes the default in createKeywords; updateKeyword refuses it, as REST does. */
type FilterLists = Record<KeywordListField, string[] | null>;

/**
 * One item of createKeywords. Only the types are checked here: the keyword rules (length, words,
 * tracking flags) stay per item in the service, so a bad item lands in rejected[] as in REST.
 */
@InputType('CreateKeywordInput')
export class CreateKeywordInput extends filterListFields<Partial<FilterLists>>('create') {
  @Allow()
  @Field()
  text: string;

  @Allow()
  @Field(() => KeywordModeEnum, { nullable: true, description: 'Default exact.' })
  mode?: KeywordMode | null;

  @Allow()
  @Field(() => Boolean, { nullable: true, description: 'Default true.' })
  trackPosts?: boolean | null;

  @Allow()
  @Field(() => Boolean, { nullable: true, description: 'Default true.' })
  trackComments?: boolean | null;

  @Allow()
  @Field(() => String, { nullable: true, description: `${QUERY_DESCRIPTION} Default null.` })
  query?: string | null;

  @Allow()
  @Field(() => Int, {
    nullable: true,
    description:
      'Also alert on the matches of the last N hours of the recent window (0 to RECENT_ITEMS_HOURS), oldest first, when the keyword is created or restored. Default 0.',
  })
  backfillHours?: number | null;
}

/** PATCH /keywords/:id: the rules of UpdateKeywordDto, so an explicit null is invalid_body. */
@InputType('UpdateKeywordInput')
export class UpdateKeywordInput
  extends filterListFields<Partial<FilterLists>>('change')
  implements KeywordChange
{
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

  // Null clears the query; checked by the service with the keyword rules (checkQuery), as in REST.
  @Allow()
  @Field(() => String, {
    nullable: true,
    description: 'Replaces the stored query; null clears it.',
  })
  query?: string | null;
}

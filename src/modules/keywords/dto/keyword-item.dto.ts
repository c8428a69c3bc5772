import { ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import { defaultsTo } from '../../../common/api-docs/schema-helpers.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { GIVEN_FILTERS, KEYWORD_MODE, KEYWORD_TEXT } from './keyword-fields.js';

/**
 * One item of POST /keywords. Its rules are checked item by item by the keyword rules
 * (keywordDraftsOf, checkKeywordDraft), not by a validation pipe: a bad item is rejected alone.
 */
@ApiSchema({
  name: 'KeywordItem',
  description:
    'One keyword to create. An item breaking a rule (including an unknown field) is not an HTTP error: it is listed in rejected[] with reason invalid.',
})
export class KeywordItemDto {
  @ApiField(KEYWORD_TEXT)
  text: string;

  @ApiOptionalField(defaultsTo(KEYWORD_MODE, 'exact'))
  mode?: KeywordMode;

  @ApiOptionalField(defaultsTo({ type: 'boolean' }, true))
  track_posts?: boolean;

  @ApiOptionalField(defaultsTo({ type: 'boolean' }, true))
  track_comments?: boolean;

  @ApiOptionalField(defaultsTo(GIVEN_FILTERS.exclude, []))
  exclude?: string[];

  @ApiOptionalField(defaultsTo(GIVEN_FILTERS.subreddits, []))
  subreddits?: string[];

  @ApiOptionalField(defaultsTo(GIVEN_FILTERS.exclude_subreddits, []))
  exclude_subreddits?: string[];

  @ApiOptionalField(defaultsTo(GIVEN_FILTERS.exclude_authors, []))
  exclude_authors?: string[];
}

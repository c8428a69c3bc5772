import { ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import { GIVEN_QUERY_SCHEMA, QUERY_DESCRIPTION } from '../keyword-query.js';
import {
  KEYWORD_MODE,
  KEYWORD_TEXT,
  withFilterLists,
  type RestFilterLists,
} from './keyword-fields.js';

class KeywordItemFields {
  @ApiField(KEYWORD_TEXT)
  text: string;

  @ApiOptionalField({ ...KEYWORD_MODE, default: 'exact' })
  mode?: KeywordMode;

  @ApiOptionalField({ type: 'boolean', default: true })
  track_posts?: boolean;

  @ApiOptionalField({ type: 'boolean', default: true })
  track_comments?: boolean;
}

/**
 * One item of POST /keywords. Its rules are checked item by item by the keyword rules
 * (keywordDraftsOf, checkKeywordDraft), not by a validation pipe: a bad item is rejected alone.
 */
@ApiSchema({
  name: 'KeywordItem',
  description:
    'One keyword to create. An item breaking a rule (including an unknown field) is not an HTTP error: it is listed in rejected[] with reason invalid.',
})
export class KeywordItemDto extends withFilterLists<
  KeywordItemFields,
  Partial<RestFilterLists<string[]>>
>(KeywordItemFields, 'item') {
  // The default is said in the description: a JSON Schema default makes generated clients require it.
  @ApiOptionalField({ ...GIVEN_QUERY_SCHEMA, description: `${QUERY_DESCRIPTION} Default null.` })
  query?: string | null;

  @ApiOptionalField({
    type: 'integer',
    minimum: 0,
    description:
      'Also alert on the matches of the last N hours of the recent window (0 to RECENT_ITEMS_HOURS, default 24), oldest first, when the keyword is created or restored; an existing keyword ignores it. Default 0.',
  })
  backfill_hours?: number;
}

import { ApiSchema, type SchemaObject } from '@nestjs/swagger';
import { ApiField, ApiNullable, ApiOptionalField } from '../../../../common/api-docs/api-fields.js';
import { exactObject } from '../../../../common/api-docs/schema-helpers.js';
import { KEYWORD_MODE, KEYWORD_TEXT } from '../../../keywords/dto/keyword-fields.js';
import type { KeywordMode } from '../../../matching/keyword-definition.js';
import { SEARCH_KEYWORDS_MAX, SEARCH_NAME_MAX_LENGTH } from '../search-rules.js';

type SearchKeywords = (string | { text: string; mode?: KeywordMode })[];

const SEARCH_NAME: SchemaObject = {
  type: 'string',
  minLength: 1,
  maxLength: SEARCH_NAME_MAX_LENGTH,
};

const SEARCH_KEYWORDS: SchemaObject = {
  type: 'array',
  minItems: 1,
  maxItems: SEARCH_KEYWORDS_MAX,
  items: {
    oneOf: [KEYWORD_TEXT, exactObject({ text: KEYWORD_TEXT, mode: KEYWORD_MODE }, ['mode'])],
  },
  description: 'A bare string is an exact keyword.',
};

/*
 * The bodies of POST and PATCH /searches. Their rules are checked by the search rules
 * (parseNewSearch, parseSearchChange), which accept a bare string as an exact keyword.
 */

@ApiSchema({ name: 'NewSearch' })
export class NewSearchDto {
  @ApiField(SEARCH_NAME)
  name: string;

  @ApiNullable('string', undefined, { required: false })
  description?: string | null;

  @ApiField(SEARCH_KEYWORDS)
  keywords: SearchKeywords;

  @ApiOptionalField({ type: 'boolean', default: true })
  active?: boolean;
}

@ApiSchema({
  name: 'UpdateSearch',
  description: 'Every field optional: a field left out stays as it is.',
})
export class UpdateSearchDto {
  @ApiOptionalField(SEARCH_NAME)
  name?: string;

  @ApiNullable('string', undefined, { required: false })
  description?: string | null;

  @ApiOptionalField(SEARCH_KEYWORDS)
  keywords?: SearchKeywords;

  @ApiOptionalField({ type: 'boolean' })
  active?: boolean;
}

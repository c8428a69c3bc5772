import { ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiNullable, ApiOptionalField } from '../../../../common/api-docs/api-fields.js';
import { defaultsTo, exactObject } from '../../../../common/api-docs/schema-helpers.js';
import { KEYWORD_MODE, KEYWORD_TEXT } from '../../../keywords/dto/keyword-fields.js';
import type { KeywordMode } from '../../../matching/keyword-definition.js';
import { SEARCH_KEYWORDS_MAX, SEARCH_NAME_MAX_LENGTH } from '../search-rules.js';

/**
 * The body of POST /searches (every field optional on PATCH). Its rules are checked by the search
 * rules (parseNewSearch, parseSearchChange), which accept a bare string as an exact keyword.
 */
@ApiSchema({ name: 'NewSearch' })
export class NewSearchDto {
  @ApiField({ type: 'string', minLength: 1, maxLength: SEARCH_NAME_MAX_LENGTH })
  name: string;

  @ApiNullable('string', undefined, { required: false })
  description?: string | null;

  @ApiField({
    type: 'array',
    minItems: 1,
    maxItems: SEARCH_KEYWORDS_MAX,
    items: {
      oneOf: [KEYWORD_TEXT, exactObject({ text: KEYWORD_TEXT, mode: KEYWORD_MODE }, ['mode'])],
    },
    description: 'A bare string is an exact keyword.',
  })
  keywords: (string | { text: string; mode?: KeywordMode })[];

  @ApiOptionalField(defaultsTo({ type: 'boolean' }, true))
  active?: boolean;
}

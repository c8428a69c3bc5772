import type { SchemaObject } from '@nestjs/swagger';
import { exactObject, ref } from '../../../common/api-docs/schema-helpers.js';
import { KEYWORDS_PER_REQUEST_MAX } from '../keyword-rules.js';
import { KeywordItemDto } from './keyword-item.dto.js';

const items: SchemaObject = {
  type: 'array',
  items: ref(KeywordItemDto),
  minItems: 1,
  maxItems: KEYWORDS_PER_REQUEST_MAX,
};

/**
 * The body of POST /keywords. Not a class: it is one of three shapes (read by keywordDraftsOf),
 * and a class describes one.
 */
export const CREATE_KEYWORDS_SCHEMA = {
  name: 'CreateKeywords',
  schema: {
    description: `Three accepted shapes: { keywords: [...] }, a bare array of items, or a single item. 1 to ${KEYWORDS_PER_REQUEST_MAX} items.`,
    oneOf: [
      { title: 'Object with keywords[]', ...exactObject({ keywords: items }) },
      { title: 'Bare array', ...items },
      { title: 'Single keyword', ...ref(KeywordItemDto) } as SchemaObject,
    ],
  } satisfies SchemaObject,
};

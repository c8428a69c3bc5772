import type { SchemaObject } from '@nestjs/swagger';
import { INBOX_ITEM_TYPES } from '../inbox/collecting/inbox-item-type.js';
import { KEYWORD_MODE, KEYWORD_TEXT } from '../keywords/dto/keyword-fields.js';
import { defaultsTo, exactObject, ref } from '../../common/api-docs/schema-helpers.js';

const orNull = (type: string, description?: string): SchemaObject => ({
  type: [type, 'null'],
  ...(description === undefined ? {} : { description }),
});
const timestamp = (description = 'ISO 8601 timestamp with offset.'): SchemaObject => ({
  type: 'string',
  format: 'date-time',
  description,
});

const count = (description: string): SchemaObject => ({ type: 'integer', minimum: 0, description });
/** Component schemas, referenced by the route documentation and the webhook events. */
export const COMPONENT_SCHEMAS: Record<string, SchemaObject> = {
  InboxItem: exactObject({
    id: { type: 'string', format: 'uuid' },
    post_id: { type: 'string' },
    post_title: { type: 'string' },
    post_url: { type: 'string', format: 'uri' },
    post_author: { type: 'string' },
    post_subreddit: { type: 'string' },
    post_content: { type: 'string' },
    post_created_utc: { type: 'integer', description: 'Unix seconds.' },
    post_score: { type: 'integer' },
    post_num_comments: { type: 'integer' },
    relevance_score: { type: 'number', minimum: 0, maximum: 100 },
    type: { type: 'string', enum: [...INBOX_ITEM_TYPES] },
    is_read: { type: 'boolean' },
    is_declined: { type: 'boolean' },
    matched_keyword: { type: 'string' },
    comment_id: orNull('string', 'Set for comment items.'),
    comment_content: orNull('string', 'Set for comment items.'),
    created_at: timestamp(),
  }),
  InboxPage: exactObject({
    data: { type: 'array', items: ref('InboxItem') },
    count: count('Total items matching the filters.'),
    limit: count('Page size used.'),
    offset: count('Items skipped.'),
  }),
  UpdateInboxItem: exactObject({ is_read: { type: 'boolean' }, is_declined: { type: 'boolean' } }, [
    'is_read',
    'is_declined',
  ]),
  Search: exactObject({
    id: { type: 'string' },
    name: { type: 'string' },
    description: orNull('string'),
    active: { type: 'boolean' },
    keywords: {
      type: 'array',
      items: exactObject({ text: { type: 'string' }, mode: KEYWORD_MODE }),
    },
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  SearchList: exactObject({
    data: { type: 'array', items: ref('Search') },
    count: count('Searches returned.'),
  }),
  NewSearch: exactObject(
    {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      description: orNull('string'),
      keywords: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: {
          oneOf: [KEYWORD_TEXT, exactObject({ text: KEYWORD_TEXT, mode: KEYWORD_MODE }, ['mode'])],
        },
        description: 'A bare string is an exact keyword.',
      },
      active: defaultsTo({ type: 'boolean' }, true),
    },
    ['description', 'active'],
  ),
};

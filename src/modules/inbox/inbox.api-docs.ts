import type { RouteDoc } from '../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../common/api-docs/schema-helpers.js';
import { INBOX_ITEM_TYPES } from './collecting/inbox-item-type.js';
import { InboxItemDto, InboxPageDto } from './items/dto/inbox-item.dto.js';
import { UpdateInboxItemDto } from './items/dto/update-inbox-item.dto.js';
import { NewSearchDto, UpdateSearchDto } from './searches/dto/new-search.dto.js';
import { SearchDto, SearchListDto } from './searches/dto/search.dto.js';
import { INBOX_PAGE_DEFAULT, INBOX_PAGE_MAX, INBOX_SORTS } from './items/inbox-query.js';

const APP_ONLY = ' App product: takes App keys (app_…); an Alerts key gets 403 wrong_product.';

export const INBOX_DOCS = {
  list: {
    summary: 'List inbox items',
    description: `Scored posts and comments matching the account's searches.${APP_ONLY}`,
    query: [
      { name: 'search_id', description: 'Only this search.', schema: { type: 'string' } },
      {
        name: 'unread_only',
        description: 'Only unread items.',
        schema: { type: 'boolean', default: false },
      },
      {
        name: 'min_score',
        description: 'Minimum relevance score.',
        schema: { type: 'number', minimum: 0, maximum: 100 },
      },
      {
        name: 'type',
        description: 'Only this kind of item.',
        schema: { type: 'string', enum: [...INBOX_ITEM_TYPES] },
      },
      {
        name: 'sort_by',
        description: 'Order of the items.',
        schema: { type: 'string', enum: [...INBOX_SORTS], default: 'newest' },
      },
      {
        name: 'limit',
        description: 'Page size.',
        schema: {
          type: 'integer',
          minimum: 1,
          maximum: INBOX_PAGE_MAX,
          default: INBOX_PAGE_DEFAULT,
        },
      },
      {
        name: 'offset',
        description: 'Items to skip.',
        schema: { type: 'integer', minimum: 0, default: 0 },
      },
    ],
    responses: { 200: { description: 'One page of items.', schema: ref(InboxPageDto) } },
    errors: ['invalid_body'],
  },
  get: {
    summary: 'Get one inbox item',
    description: APP_ONLY.trim(),
    responses: { 200: { description: 'The item.', schema: wrapped(ref(InboxItemDto)) } },
    errors: ['not_found'],
  },
  update: {
    summary: 'Mark an inbox item read or declined',
    description: APP_ONLY.trim(),
    body: { schema: ref(UpdateInboxItemDto) },
    responses: { 200: { description: 'The updated item.', schema: wrapped(ref(InboxItemDto)) } },
    errors: ['not_found', 'invalid_body'],
  },
} satisfies Record<string, RouteDoc>;

export const SEARCHES_DOCS = {
  list: {
    summary: 'List searches',
    description: `The searches (projects) whose keywords fill the inbox.${APP_ONLY}`,
    responses: { 200: { description: 'The searches.', schema: ref(SearchListDto) } },
  },
  create: {
    summary: 'Create a search',
    description: APP_ONLY.trim(),
    body: { schema: ref(NewSearchDto) },
    responses: { 201: { description: 'The new search.', schema: wrapped(ref(SearchDto)) } },
    errors: ['invalid_body'],
  },
  get: {
    summary: 'Get one search',
    description: APP_ONLY.trim(),
    responses: { 200: { description: 'The search.', schema: wrapped(ref(SearchDto)) } },
    errors: ['not_found'],
  },
  update: {
    summary: 'Change a search',
    description: `Any of the fields of a new search; keywords replaces the whole list.${APP_ONLY}`,
    body: { schema: ref(UpdateSearchDto) },
    responses: { 200: { description: 'The updated search.', schema: wrapped(ref(SearchDto)) } },
    errors: ['not_found', 'invalid_body'],
  },
  remove: {
    summary: 'Delete a search',
    description: APP_ONLY.trim(),
    responses: { 200: { description: 'Deleted.', schema: ref('Deleted') } },
    errors: ['not_found'],
  },
} satisfies Record<string, RouteDoc>;

import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { DeletedDto } from '../../../common/http/deleted.dto.js';
import { CREATE_KEYWORDS_SCHEMA } from '../dto/create-keywords.schema.js';
import { KeywordCreationDto } from '../dto/keyword-creation.dto.js';
import { KeywordListDto } from '../dto/keyword-list.dto.js';
import { KeywordResponseDto } from '../dto/keyword.dto.js';
import { UpdateKeywordDto } from '../dto/update-keyword.dto.js';

const creation = { description: '', schema: ref(KeywordCreationDto) };

export const KEYWORDS_DOCS = {
  list: {
    summary: 'List keywords',
    description: 'Every live keyword, oldest first; paused ones included, deleted ones not.',
    responses: { 200: { description: 'The keywords.', schema: ref(KeywordListDto) } },
  },
  create: {
    summary: 'Create keywords',
    description:
      'Never all-or-nothing: each item is created, reported as existing (unchanged, filters included), or rejected (invalid, duplicate, limit_reached) with a message naming the field or rule. A deleted text posted again is restored, with the mode, flags, filters and query of the request. A bad query is rejected as invalid with the message of the query parser (query: expected … at character N).',
    body: {
      schema: ref(CREATE_KEYWORDS_SCHEMA.name),
      examples: {
        object: {
          summary: 'Object with keywords[]',
          value: {
            keywords: [
              { text: 'acme corp' },
              { text: 'price tracking', mode: 'broad', track_comments: false },
              {
                text: 'acme widget',
                exclude: ['free trial'],
                subreddits: ['r/gadgets'],
                exclude_authors: ['u/AutoModerator'],
              },
            ],
          },
        },
        array: {
          summary: 'Bare array',
          value: [{ text: 'acme corp' }, { text: 'widgets', mode: 'proximity' }],
        },
        single: { summary: 'Single keyword', value: { text: 'acme corp' } },
        query: {
          summary: 'With a query',
          value: { text: 'acme', query: '("acme crm" OR acmecrm) -author:AutoModerator' },
        },
      },
    },
    responses: {
      201: { ...creation, description: 'At least one keyword was created.' },
      200: { ...creation, description: 'Nothing was created: every item existed or was rejected.' },
    },
    errors: ['invalid_body'],
  },
  update: {
    summary: 'Change a keyword',
    description:
      'Pause (active=false), resume, change mode, tracking flags, filters (a given list replaces the stored one; [] clears it) or the query (null clears it). The text cannot change. A change applies from the next batch of Reddit items matched after the answer, on every instance.',
    body: {
      schema: ref(UpdateKeywordDto),
      examples: {
        pause: { summary: 'Pause', value: { active: false } },
        filters: {
          summary: 'Replace two filter lists',
          value: { exclude: ['giveaway', 'for sale'], exclude_subreddits: [] },
        },
        query: { summary: 'Clear the query', value: { query: null } },
      },
    },
    responses: {
      200: { description: 'The updated keyword.', schema: wrapped(ref(KeywordResponseDto)) },
    },
    errors: ['not_found', 'invalid_body', 'keyword_limit_reached'],
  },
  remove: {
    summary: 'Delete a keyword',
    description: 'Matching stops at once and the plan slot is freed; past alerts stay readable.',
    responses: { 200: { description: 'Deleted.', schema: ref(DeletedDto) } },
    errors: ['not_found'],
  },
} satisfies Record<string, RouteDoc>;

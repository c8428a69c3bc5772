import type { SchemaObject } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ApiField, ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import {
  KEYWORD_FIELDS,
  KEYWORD_LIST_FIELDS,
  type KeywordListField,
} from '../../matching/keyword-fields.js';
import {
  givenListSchema,
  KEYWORD_MAX_LENGTH,
  KEYWORD_MIN_LENGTH,
  KEYWORD_MODES,
  storedListSchema,
} from '../keyword-rules.js';

/* The schemas of the keyword fields several shapes share (keywords, their items, searches). */

export const KEYWORD_MODE: SchemaObject = {
  type: 'string',
  enum: [...KEYWORD_MODES],
  description: KEYWORD_FIELDS.mode.description,
};

export const KEYWORD_TEXT: SchemaObject = {
  type: 'string',
  minLength: KEYWORD_MIN_LENGTH,
  maxLength: KEYWORD_MAX_LENGTH,
  description: `${KEYWORD_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters, at most 6 words, after trimming and collapsing whitespace.`,
};

export type RestFilterLists<T> = {
  [F in KeywordListField as (typeof KEYWORD_FIELDS)[F]['rest']]: T;
};

/** How a shape carries the filter lists: answered, given in a POST item, given in a PATCH body. */
type ListsIn = 'keyword' | 'item' | 'change';

function decorateList(target: object, field: KeywordListField, shape: ListsIn): void {
  const name = KEYWORD_FIELDS[field].rest;
  switch (shape) {
    case 'keyword':
      return ApiField(storedListSchema(field))(target, name);
    case 'item':
      return ApiOptionalField({ ...givenListSchema(field), default: [] })(target, name);
    case 'change':
      ApiOptionalField(givenListSchema(field))(target, name);
      // Checked by the keyword rules (parseKeywordFilters), as on POST items.
      return Allow()(target, name);
  }
}

/**
 * `Fields` followed by every filter list of KEYWORD_FIELDS, in its order: the lists come last in
 * each REST shape, and a subclass's properties follow its parent's in the document.
 */
export function withFilterLists<T extends object, Lists extends object>(
  Fields: new () => T,
  shape: ListsIn,
): new () => T & Lists {
  class WithFilterLists extends (Fields as new () => object) {}
  for (const field of KEYWORD_LIST_FIELDS) decorateList(WithFilterLists.prototype, field, shape);
  return WithFilterLists as new () => T & Lists;
}

export function restFilterLists<T>(lists: Record<KeywordListField, T>): RestFilterLists<T> {
  return Object.fromEntries(
    KEYWORD_LIST_FIELDS.map((field) => [KEYWORD_FIELDS[field].rest, lists[field]]),
  ) as RestFilterLists<T>;
}

/** The filter lists given under REST's names (as sent: any JSON), under the definition's. */
export function filterListsOfRest(body: object): Partial<Record<KeywordListField, unknown>> {
  const given = body as Record<string, unknown>;
  return Object.fromEntries(
    KEYWORD_LIST_FIELDS.map((field) => [field, given[KEYWORD_FIELDS[field].rest]]),
  );
}

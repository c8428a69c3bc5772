import { Field, InputType, ObjectType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import {
  KEYWORD_FIELDS,
  KEYWORD_LIST_FIELDS,
  type KeywordField,
  type KeywordFieldName,
  type KeywordListField,
} from '../../matching/keyword-fields.js';

/** How a GraphQL type carries the filter lists: on Keyword, in createKeywords' and updateKeyword's inputs. */
type ListsIn = 'keyword' | 'create' | 'change';

const LIST_DESCRIPTIONS: Record<Exclude<ListsIn, 'keyword'>, string> = {
  create: 'Default [].',
  change: 'Replaces the stored list; [] clears it.',
};

/** What GraphQL's Keyword says of a field: schema.gql's own wording where it has one, else the field's description. */
export function graphqlDescription(field: KeywordFieldName): string | undefined {
  const row: KeywordField = KEYWORD_FIELDS[field];
  return row.graphqlDescription === undefined
    ? row.description
    : (row.graphqlDescription ?? undefined);
}

/**
 * A parent class with one field per filter list of KEYWORD_FIELDS (GraphQL names them as the
 * definition does), for the type that extends it.
 */
export function filterListFields<Lists extends object>(shape: ListsIn): new () => Lists {
  const listOf = () => [String];
  class FilterListFields {}
  if (shape === 'keyword') ObjectType({ isAbstract: true })(FilterListFields);
  else InputType({ isAbstract: true })(FilterListFields);
  for (const field of KEYWORD_LIST_FIELDS) {
    if (shape === 'keyword') {
      Field(listOf, { description: graphqlDescription(field) })(FilterListFields.prototype, field);
      continue;
    }
    Field(listOf, { nullable: true, description: LIST_DESCRIPTIONS[shape] })(
      FilterListFields.prototype,
      field,
    );
    // Checked by the service with the keyword rules, as REST's bodies are.
    Allow()(FilterListFields.prototype, field);
  }
  return FilterListFields as new () => Lists;
}

export function filterListsOf<T>(
  keyword: Record<KeywordListField, T>,
): Record<KeywordListField, T> {
  const lists: Partial<Record<KeywordListField, T>> = {};
  for (const field of KEYWORD_LIST_FIELDS) lists[field] = keyword[field];
  return lists as Record<KeywordListField, T>;
}

import { IsBoolean, IsIn } from 'class-validator';
import { IsOmittable } from '../../common/validation/is-omittable.js';
import { propertyRules } from '../../common/validation/property-rules.js';
import type { KeywordMode } from '../matching/keyword-definition.js';
import type { KeywordListField } from '../matching/keyword-fields.js';
import { KEYWORD_MODES } from './keyword-rules.js';

/** The fields to change on a keyword; at least one. The text cannot change. */
export interface KeywordChange extends FilterListsGiven {
  mode?: KeywordMode;
  active?: boolean;
  trackPosts?: boolean;
  trackComments?: boolean;
  /** A query replaces the stored one and null clears it; checked by checkQuery. */
  query?: unknown;
}

/** A given filter list replaces the stored one; checked by the keyword rules (parseKeywordFilters). */
type FilterListsGiven = Partial<Record<KeywordListField, unknown>>;

/*
 * The rule of each field, for REST's DTO and GraphQL's input alike: a field may be left out, not
 * sent as null. The rule across fields (something to track) is KeywordsService.update's.
 */
export const IsKeywordMode = () => propertyRules(IsOmittable(), IsIn(KEYWORD_MODES));
export const IsKeywordFlag = () => propertyRules(IsOmittable(), IsBoolean());

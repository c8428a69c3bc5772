import { AppError } from '../../../common/errors/app-error.js';
import {
  KEYWORD_FIELD_NAMES,
  KEYWORD_FIELDS,
  type KeywordFieldName,
} from '../../matching/keyword-fields.js';
import { collapseWhitespace, TEXT_REQUIRED, type KeywordDraft } from '../keyword-rules.js';

/** The fields a POST /keywords item may carry; anything else is most likely a typo. */
export const KEYWORD_ITEM_FIELDS = [
  ...KEYWORD_FIELD_NAMES.map((name): string => KEYWORD_FIELDS[name].rest),
  'query',
  'backfill_hours',
];

/** One JSON item as a draft; an item that is not a keyword object is passed on as unreadable. */
export function keywordDraftOf(item: unknown): KeywordDraft {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return {
      text: typeof item === 'string' ? item : '',
      unreadable: 'each keyword must be an object with a text field',
    };
  }
  const fields = item as Record<string, unknown>;
  if (typeof fields.text !== 'string') return { text: '', unreadable: TEXT_REQUIRED };
  const unknownField = Object.keys(fields).find((name) => !KEYWORD_ITEM_FIELDS.includes(name));
  if (unknownField !== undefined) {
    return {
      text: collapseWhitespace(fields.text),
      unreadable: `unknown field ${unknownField}; allowed: ${KEYWORD_ITEM_FIELDS.join(', ')}`,
    };
  }
  const values = KEYWORD_FIELD_NAMES.map((name): [KeywordFieldName, unknown] => [
    name,
    fields[KEYWORD_FIELDS[name].rest],
  ]);
  return {
    ...Object.fromEntries(values),
    text: fields.text,
    query: fields.query,
    backfillHours: fields.backfill_hours,
  };
}

/**
 * The body of POST /keywords as drafts: { keywords: [...] }, a bare array, or a single { text }
 * object. The items themselves are checked by KeywordsService.create, one by one.
 */
export function keywordDraftsOf(body: unknown): KeywordDraft[] {
  let items: unknown;
  if (Array.isArray(body)) items = body;
  else if (body !== null && typeof body === 'object' && 'keywords' in body)
    items = (body as { keywords: unknown }).keywords;
  else if (body !== null && typeof body === 'object' && 'text' in body) items = [body];
  else {
    throw AppError.invalidBody(
      'body must be { keywords: [...] }, an array of keywords, or a single { text } object',
    );
  }
  if (!Array.isArray(items)) throw AppError.invalidBody('keywords must be an array');
  return items.map(keywordDraftOf);
}

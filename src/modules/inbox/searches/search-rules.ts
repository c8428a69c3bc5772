import { AppError } from '../../../common/errors/app-error.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import {
  checkKeywordDraft,
  collapseWhitespace,
  TEXT_REQUIRED,
} from '../../keywords/keyword-rules.js';

export const SEARCH_NAME_MAX_LENGTH = 100;
export const SEARCH_DESCRIPTION_MAX_LENGTH = 1000;
/** Keeps one search's share of the inbox matcher bounded. */
export const SEARCH_KEYWORDS_MAX = 50;

export interface SearchKeywordInput {
  text: string;
  normalizedText: string;
  mode: KeywordMode;
}

export interface NewSearch {
  name: string;
  description: string | null;
  keywords: SearchKeywordInput[];
  active: boolean;
}

export type SearchChange = Partial<NewSearch>;

const SEARCH_FIELDS = ['name', 'description', 'keywords', 'active'];
const KEYWORD_FIELDS = ['text', 'mode'];

type Fields = Record<string, unknown>;

function objectOf(value: unknown, what: string): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw AppError.invalidBody(`${what} must be an object`);
  }
  return value as Fields;
}

function rejectUnknown(fields: Fields, known: readonly string[], what: string): void {
  const unknown = Object.keys(fields).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw AppError.invalidBody(
      `${what} has an unknown field ${unknown}; allowed: ${known.join(', ')}`,
    );
  }
}

function parseName(value: unknown): string {
  const name = typeof value === 'string' ? collapseWhitespace(value) : '';
  const length = [...name].length;
  if (typeof value !== 'string' || length < 1 || length > SEARCH_NAME_MAX_LENGTH) {
    throw AppError.invalidBody(
      `name must be a string of 1 to ${SEARCH_NAME_MAX_LENGTH} characters`,
    );
  }
  return name;
}

/** Omitted, null or blank all mean "no description". */
function parseDescription(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || [...value.trim()].length > SEARCH_DESCRIPTION_MAX_LENGTH) {
    throw AppError.invalidBody(
      `description must be a string of at most ${SEARCH_DESCRIPTION_MAX_LENGTH} characters, or null`,
    );
  }
  return value.trim() === '' ? null : value.trim();
}

function parseActive(value: unknown): boolean {
  if (typeof value !== 'boolean') throw AppError.invalidBody('active must be a boolean');
  return value;
}

/** The same text rules as alert keywords (keyword-rules.ts); a bare string means an exact keyword. */
function parseKeyword(item: unknown, index: number): SearchKeywordInput {
  const where = `keywords[${index}]`;
  const fields = typeof item === 'string' ? { text: item } : objectOf(item, where);
  rejectUnknown(fields, KEYWORD_FIELDS, where);
  if (typeof fields.text !== 'string') throw AppError.invalidBody(`${where}: ${TEXT_REQUIRED}`);
  const parsed = checkKeywordDraft({ text: fields.text, mode: fields.mode });
  if (!parsed.ok) throw AppError.invalidBody(`${where}: ${parsed.message}`);
  const { text, normalizedText, mode } = parsed.keyword;
  return { text, normalizedText, mode };
}

function parseKeywords(value: unknown): SearchKeywordInput[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > SEARCH_KEYWORDS_MAX) {
    throw AppError.invalidBody(`keywords must be an array of 1 to ${SEARCH_KEYWORDS_MAX} keywords`);
  }
  const keywords = value.map(parseKeyword);
  const seen = new Set<string>();
  keywords.forEach((keyword, index) => {
    if (seen.has(keyword.normalizedText)) {
      throw AppError.invalidBody(`keywords[${index}] repeats the keyword "${keyword.text}"`);
    }
    seen.add(keyword.normalizedText);
  });
  return keywords;
}

/** POST /searches: name and keywords required; description and active optional. */
export function parseNewSearch(body: unknown): NewSearch {
  const fields = objectOf(body, 'body');
  rejectUnknown(fields, SEARCH_FIELDS, 'body');
  return {
    name: parseName(fields.name),
    description: parseDescription(fields.description),
    keywords: parseKeywords(fields.keywords),
    active: fields.active === undefined ? true : parseActive(fields.active),
  };
}

/** PATCH /searches/:id: any of the fields, at least one; keywords replace the whole list. */
export function parseSearchChange(body: unknown): SearchChange {
  const fields = objectOf(body, 'body');
  rejectUnknown(fields, SEARCH_FIELDS, 'body');
  const change: SearchChange = {};
  if (fields.name !== undefined) change.name = parseName(fields.name);
  if (fields.description !== undefined) change.description = parseDescription(fields.description);
  if (fields.keywords !== undefined) change.keywords = parseKeywords(fields.keywords);
  if (fields.active !== undefined) change.active = parseActive(fields.active);
  if (Object.keys(change).length === 0) {
    throw AppError.invalidBody(`Provide at least one of ${SEARCH_FIELDS.join(', ')}`);
  }
  return change;
}

import type { SchemaObject } from '@nestjs/swagger';
import { AppError } from '../../common/errors/app-error.js';
import type { KeywordFilters, KeywordMode } from '../matching/keyword-definition.js';
import {
  KEYWORD_FIELDS,
  KEYWORD_LIST_FIELDS,
  type KeywordFieldName,
  type KeywordList,
  type KeywordListField,
  type ListItemKind,
} from '../matching/keyword-fields.js';
import { foldCase } from '../matching/text/text-normalization.js';
import { tokenize } from '../matching/text/tokenizer.js';
import { checkQuery } from './keyword-query.js';

export const KEYWORD_MODES: readonly KeywordMode[] = ['exact', 'proximity', 'broad'];
export const KEYWORD_MIN_LENGTH = 2;
export const KEYWORD_MAX_LENGTH = 80;
const KEYWORD_MAX_WORDS = 6;
export const KEYWORDS_PER_REQUEST_MAX = 500;
const PHRASE_MIN_LENGTH = 1;
const PHRASES_MAX_ITEMS = 20;
const NAMES_MAX_ITEMS = 50;
/** Reddit's rules for names, once an optional r/ or u/ (or /r/, /u/) prefix is dropped. */
const SUBREDDIT_NAME = /^[A-Za-z0-9_]{2,21}$/;
const AUTHOR_NAME = /^[A-Za-z0-9_-]{3,20}$/;
/** A keyword sent as JSON whose text is missing or not a string (REST items, inbox searches). */
export const TEXT_REQUIRED = 'text is required and must be a string';

/**
 * A keyword to create, before the rules: GraphQL's input, or the values of a REST item as sent
 * (any JSON, hence unknown). The rules run per item in KeywordsService.create, so an invalid one
 * is rejected in its place and the others are still created.
 */
export interface KeywordDraft extends Partial<Record<KeywordFieldName, unknown>> {
  text: string;
  /** Not a field of KEYWORD_FIELDS: the matcher does not read it yet. */
  query?: unknown;
  /** Hours of the recent window to alert on when the keyword is created (decisions.md section 14). */
  backfillHours?: unknown;
  /** Why the transport could not read the item as a keyword at all; it is rejected with this. */
  unreadable?: string;
}

export interface KeywordInput {
  text: string;
  normalizedText: string;
  mode: KeywordMode;
  trackPosts: boolean;
  trackComments: boolean;
  filters: KeywordFilters;
  query: string | null;
  /** 0: alert on new items only. */
  backfillHours: number;
}

export type KeywordInputResult =
  { ok: true; keyword: KeywordInput } | { ok: false; text: string; message: string };

type Checked = { ok: true; value: string } | { ok: false; message: string };

/** Trim and collapse inner whitespace: how a keyword's text is stored and shown. */
export function collapseWhitespace(text: string): string {
  return text.trim().replace(/\s+/gu, ' ');
}

/** A keyword's identity within an account: "Acme  Corp" and "acme corp" are the same. */
export function keywordIdentity(text: string): string {
  return foldCase(collapseWhitespace(text));
}

export function isKeywordMode(value: unknown): value is KeywordMode {
  return typeof value === 'string' && (KEYWORD_MODES as readonly string[]).includes(value);
}

/** Length and words of a keyword text or a filter list phrase, folded and whitespace collapsed. */
function phraseProblem(name: string, normalizedText: string, minLength: number): string | null {
  const length = [...normalizedText].length;
  if (length < minLength || length > KEYWORD_MAX_LENGTH) {
    return `${name} must be ${minLength} to ${KEYWORD_MAX_LENGTH} characters`;
  }
  if (normalizedText.split(' ').length > KEYWORD_MAX_WORDS) {
    return `${name} must have at most ${KEYWORD_MAX_WORDS} words`;
  }
  return null;
}

export function trackingProblem(trackPosts: boolean, trackComments: boolean): string | null {
  return trackPosts || trackComments
    ? null
    : 'at least one of track_posts and track_comments must be true';
}

/**
 * A phrase of a filter list is found as an `exact` keyword is, through its tokens: one without a
 * letter or digit would have none.
 */
function checkPhrase(item: string, where: string): Checked {
  const phrase = collapseWhitespace(item);
  const normalized = foldCase(phrase);
  const problem = phraseProblem(where, normalized, PHRASE_MIN_LENGTH);
  if (problem) return { ok: false, message: problem };
  if (tokenize(normalized).tokens.length === 0) {
    return { ok: false, message: `${where} must contain a letter or digit` };
  }
  return { ok: true, value: phrase };
}

/** A name with or without its prefix ("r/", "/r/", any case), stored without it, any case kept. */
function nameItems(
  kind: ListItemKind,
  prefix: 'r' | 'u',
  pattern: RegExp,
  requirement: string,
): ListItemRule {
  const given = new RegExp(`^/?${prefix}/`, 'i');
  return {
    maxItems: NAMES_MAX_ITEMS,
    check: (item, where) => {
      const name = item.trim().replace(given, '');
      return pattern.test(name)
        ? { ok: true, value: name }
        : { ok: false, message: `${where} must be ${requirement}` };
    },
    identity: (name) => name.toLowerCase(),
    givenItem: {
      type: 'string',
      pattern: `^(/?[${prefix}${prefix.toUpperCase()}]/)?${pattern.source.replace(/^\^/, '')}`,
    },
    storedItem: { type: 'string', pattern: pattern.source },
    description: `Up to ${NAMES_MAX_ITEMS} ${kind} (${prefix}/ optional, any case)`,
  };
}

interface ListItemRule {
  maxItems: number;
  /** The stored form of one item, or what is wrong with it (`where` names it). */
  check(item: string, where: string): Checked;
  /** Items with the same identity are one item. */
  identity(value: string): string;
  /** The schema of one item as a request gives it, and as a keyword shows it. */
  givenItem: SchemaObject;
  storedItem: SchemaObject;
  /** The rule, as a request's schema describes the items of a list (its row's `given` ends it). */
  description: string;
}

/**
 * The rule of each kind of filter list item, for POST items and PATCH bodies; a list of
 * KEYWORD_FIELDS follows the rule of the kind its row names.
 */
const LIST_ITEMS: Record<ListItemKind, ListItemRule> = {
  phrases: {
    maxItems: PHRASES_MAX_ITEMS,
    check: checkPhrase,
    identity: foldCase,
    givenItem: { type: 'string', minLength: PHRASE_MIN_LENGTH, maxLength: KEYWORD_MAX_LENGTH },
    storedItem: { type: 'string' },
    description: `Up to ${PHRASES_MAX_ITEMS} phrases, each ${PHRASE_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters and at most ${KEYWORD_MAX_WORDS} words with a letter or digit`,
  },
  'subreddit names': nameItems(
    'subreddit names',
    'r',
    SUBREDDIT_NAME,
    'a subreddit name: 2 to 21 letters, digits or underscores, optionally after r/',
  ),
  'user names': nameItems(
    'user names',
    'u',
    AUTHOR_NAME,
    'a user name: 3 to 20 letters, digits, _ or -, optionally after u/',
  ),
};

const listOf = (field: KeywordListField): KeywordList => KEYWORD_FIELDS[field].list;

/** A filter list as a request gives it (replacing the stored list; [] clears it), as a schema. */
export function givenListSchema(field: KeywordListField): SchemaObject {
  const list = listOf(field);
  const rule = LIST_ITEMS[list.items];
  return {
    type: 'array',
    maxItems: rule.maxItems,
    items: rule.givenItem,
    description: list.given(rule.description),
  };
}

/** A filter list as a keyword shows it (stored forms, duplicates merged), as a schema. */
export function storedListSchema(field: KeywordListField): SchemaObject {
  return {
    type: 'array',
    items: LIST_ITEMS[listOf(field).items].storedItem,
    description: KEYWORD_FIELDS[field].description,
  };
}

type ListResult = { ok: true; values: string[] } | { ok: false; message: string };

/** A given list: at most maxItems items as sent, each checked, duplicates merged (first kept). */
function parseFilterList(field: KeywordListField, value: unknown): ListResult {
  const { items } = listOf(field);
  const rule = LIST_ITEMS[items];
  const name = KEYWORD_FIELDS[field].rest;
  if (!Array.isArray(value) || value.length > rule.maxItems) {
    return {
      ok: false,
      message: `${name} must be an array of at most ${rule.maxItems} ${items}`,
    };
  }
  const byIdentity = new Map<string, string>();
  for (const [index, item] of value.entries()) {
    const where = `${name}[${index}]`;
    if (typeof item !== 'string') return { ok: false, message: `${where} must be a string` };
    const checked = rule.check(item, where);
    if (!checked.ok) return checked;
    const identity = rule.identity(checked.value);
    if (!byIdentity.has(identity)) byIdentity.set(identity, checked.value);
  }
  return { ok: true, values: [...byIdentity.values()] };
}

export type KeywordFiltersResult =
  { ok: true; filters: Partial<KeywordFilters> } | { ok: false; message: string };

/**
 * The filter lists given in a POST item or a PATCH body (undefined: not given), each checked and
 * in its stored form: names without r/ or u/, phrases with whitespace collapsed. Messages name
 * the lists as REST does.
 */
export function parseKeywordFilters(
  given: Partial<Record<KeywordListField, unknown>>,
): KeywordFiltersResult {
  const filters: Partial<KeywordFilters> = {};
  for (const field of KEYWORD_LIST_FIELDS) {
    if (given[field] === undefined) continue;
    const list = parseFilterList(field, given[field]);
    if (!list.ok) return list;
    filters[field] = list.values;
  }
  return { ok: true, filters };
}

/** Every rule of a keyword to create, for both APIs; messages name REST's fields. */
/**
 * `recentItemsHours` (RECENT_ITEMS_HOURS) bounds `backfill_hours`; 0 when there is no window, so
 * only 0 is valid then.
 */
export function checkKeywordDraft(draft: KeywordDraft, recentItemsHours = 0): KeywordInputResult {
  if (draft.unreadable !== undefined) {
    return { ok: false, text: draft.text, message: draft.unreadable };
  }
  const text = collapseWhitespace(draft.text);
  const reject = (message: string): KeywordInputResult => ({ ok: false, text, message });
  const normalizedText = foldCase(text);
  const problem = phraseProblem('text', normalizedText, KEYWORD_MIN_LENGTH);
  if (problem) return reject(problem);
  const mode = draft.mode ?? 'exact';
  if (!isKeywordMode(mode)) return reject(`mode must be one of ${KEYWORD_MODES.join(', ')}`);
  const trackPosts = draft.trackPosts ?? true;
  if (typeof trackPosts !== 'boolean') return reject('track_posts must be a boolean');
  const trackComments = draft.trackComments ?? true;
  if (typeof trackComments !== 'boolean') return reject('track_comments must be a boolean');
  const tracking = trackingProblem(trackPosts, trackComments);
  if (tracking) return reject(tracking);
  const lists = KEYWORD_LIST_FIELDS.map((field) => [field, draft[field] ?? []] as const);
  const parsed = parseKeywordFilters(Object.fromEntries(lists));
  if (!parsed.ok) return reject(parsed.message);
  const filters = parsed.filters as KeywordFilters;
  const query = checkQuery(draft.query ?? null);
  if (!query.ok) return reject(query.message);
  const backfillHours = draft.backfillHours ?? 0;
  if (
    !Number.isSafeInteger(backfillHours) ||
    (backfillHours as number) < 0 ||
    (backfillHours as number) > recentItemsHours
  ) {
    return reject(`backfill_hours must be an integer from 0 to ${recentItemsHours}`);
  }
  return {
    ok: true,
    keyword: {
      text,
      normalizedText,
      mode,
      trackPosts,
      trackComments,
      filters,
      query: query.query,
      backfillHours: backfillHours as number,
    },
  };
}

/** How many keywords one request may create, whichever API it came through. */
export function checkKeywordCount(count: number): void {
  if (count < 1 || count > KEYWORDS_PER_REQUEST_MAX) {
    throw AppError.invalidBody(`keywords must hold 1 to ${KEYWORDS_PER_REQUEST_MAX} items`);
  }
}

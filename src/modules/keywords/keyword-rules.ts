import type { KeywordMode } from '../matching/keyword-definition.js';
import { foldCase } from '../matching/text-normalization.js';

export const KEYWORD_MODES: readonly KeywordMode[] = ['exact', 'proximity', 'broad'];
export const KEYWORD_MIN_LENGTH = 2;
export const KEYWORD_MAX_LENGTH = 80;
export const KEYWORD_MAX_WORDS = 6;
export const KEYWORDS_PER_REQUEST_MAX = 500;
/** The fields a POST /keywords item may carry; anything else is most likely a typo. */
export const KEYWORD_ITEM_FIELDS = ['text', 'mode', 'track_posts', 'track_comments'] as const;

export interface KeywordInput {
  text: string;
  normalizedText: string;
  mode: KeywordMode;
  trackPosts: boolean;
  trackComments: boolean;
}

export type KeywordInputResult =
  { ok: true; keyword: KeywordInput } | { ok: false; text: string; message: string };

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

function textProblem(normalizedText: string): string | null {
  const length = [...normalizedText].length;
  if (length < KEYWORD_MIN_LENGTH || length > KEYWORD_MAX_LENGTH) {
    return `text must be ${KEYWORD_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters`;
  }
  if (normalizedText.split(' ').length > KEYWORD_MAX_WORDS) {
    return `text must have at most ${KEYWORD_MAX_WORDS} words`;
  }
  return null;
}

export function trackingProblem(trackPosts: boolean, trackComments: boolean): string | null {
  return trackPosts || trackComments
    ? null
    : 'at least one of track_posts and track_comments must be true';
}

/** Validates one item of POST /keywords; every rule of a keyword lives here. */
export function parseKeywordInput(item: unknown): KeywordInputResult {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return {
      ok: false,
      text: typeof item === 'string' ? item : '',
      message: 'each keyword must be an object with a text field',
    };
  }
  const fields = item as Record<string, unknown>;
  const rawText = fields.text;
  if (typeof rawText !== 'string') {
    return { ok: false, text: '', message: 'text is required and must be a string' };
  }
  const text = collapseWhitespace(rawText);
  const reject = (message: string): KeywordInputResult => ({ ok: false, text, message });
  const unknownField = Object.keys(fields).find(
    (name) => !(KEYWORD_ITEM_FIELDS as readonly string[]).includes(name),
  );
  if (unknownField !== undefined) {
    return reject(`unknown field ${unknownField}; allowed: ${KEYWORD_ITEM_FIELDS.join(', ')}`);
  }
  const normalizedText = foldCase(text);
  const problem = textProblem(normalizedText);
  if (problem) return reject(problem);
  const mode = fields.mode ?? 'exact';
  if (!isKeywordMode(mode)) return reject(`mode must be one of ${KEYWORD_MODES.join(', ')}`);
  const trackPosts = fields.track_posts ?? true;
  if (typeof trackPosts !== 'boolean') return reject('track_posts must be a boolean');
  const trackComments = fields.track_comments ?? true;
  if (typeof trackComments !== 'boolean') return reject('track_comments must be a boolean');
  const tracking = trackingProblem(trackPosts, trackComments);
  if (tracking) return reject(tracking);
  return { ok: true, keyword: { text, normalizedText, mode, trackPosts, trackComments } };
}

/** The accepted body shapes: { keywords: [...] }, a bare array, or a single { text } object. */
export function keywordItemsOf(body: unknown): unknown[] | string {
  let items: unknown;
  if (Array.isArray(body)) items = body;
  else if (body !== null && typeof body === 'object' && 'keywords' in body)
    items = (body as { keywords: unknown }).keywords;
  else if (body !== null && typeof body === 'object' && 'text' in body) items = [body];
  else return 'body must be { keywords: [...] }, an array of keywords, or a single { text } object';
  if (!Array.isArray(items)) return 'keywords must be an array';
  if (items.length < 1 || items.length > KEYWORDS_PER_REQUEST_MAX) {
    return `keywords must hold 1 to ${KEYWORDS_PER_REQUEST_MAX} items`;
  }
  return items;
}

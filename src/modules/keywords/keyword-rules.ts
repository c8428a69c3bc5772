import { AppError } from '../../common/errors/app-error.js';
import type { KeywordMode } from '../matching/keyword-definition.js';
import { foldCase } from '../matching/text-normalization.js';

export const KEYWORD_MODES: readonly KeywordMode[] = ['exact', 'proximity', 'broad'];
export const KEYWORD_MIN_LENGTH = 2;
export const KEYWORD_MAX_LENGTH = 80;
export const KEYWORD_MAX_WORDS = 6;
export const KEYWORDS_PER_REQUEST_MAX = 500;
/** A keyword sent as JSON whose text is missing or not a string (REST items, inbox searches). */
export const TEXT_REQUIRED = 'text is required and must be a string';

/**
 * A keyword to create, before the rules: GraphQL's input, or the values of a REST item as sent
 * (any JSON, hence unknown). The rules run per item in KeywordsService.create, so an invalid one
 * is rejected in its place and the others are still created.
 */
export interface KeywordDraft {
  text: string;
  mode?: unknown;
  trackPosts?: unknown;
  trackComments?: unknown;
  /** Why the transport could not read the item as a keyword at all; it is rejected with this. */
  unreadable?: string;
}

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

/** Every rule of a keyword to create, for both APIs; messages name REST's fields. */
export function checkKeywordDraft(draft: KeywordDraft): KeywordInputResult {
  if (draft.unreadable !== undefined) {
    return { ok: false, text: draft.text, message: draft.unreadable };
  }
  const text = collapseWhitespace(draft.text);
  const reject = (message: string): KeywordInputResult => ({ ok: false, text, message });
  const normalizedText = foldCase(text);
  const problem = textProblem(normalizedText);
  if (problem) return reject(problem);
  const mode = draft.mode ?? 'exact';
  if (!isKeywordMode(mode)) return reject(`mode must be one of ${KEYWORD_MODES.join(', ')}`);
  const trackPosts = draft.trackPosts ?? true;
  if (typeof trackPosts !== 'boolean') return reject('track_posts must be a boolean');
  const trackComments = draft.trackComments ?? true;
  if (typeof trackComments !== 'boolean') return reject('track_comments must be a boolean');
  const tracking = trackingProblem(trackPosts, trackComments);
  if (tracking) return reject(tracking);
  return { ok: true, keyword: { text, normalizedText, mode, trackPosts, trackComments } };
}

/** How many keywords one request may create, whichever API it came through. */
export function checkKeywordCount(count: number): void {
  if (count < 1 || count > KEYWORDS_PER_REQUEST_MAX) {
    throw AppError.invalidBody(`keywords must hold 1 to ${KEYWORDS_PER_REQUEST_MAX} items`);
  }
}

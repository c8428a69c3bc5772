import type { SchemaObject } from '@nestjs/swagger';
import {
  AUTHOR_NAME,
  EXCLUDE_MAX_ITEMS,
  EXCLUDE_MIN_LENGTH,
  KEYWORD_MAX_LENGTH,
  KEYWORD_MAX_WORDS,
  KEYWORD_MIN_LENGTH,
  KEYWORD_MODES,
  NAMES_MAX_ITEMS,
  SUBREDDIT_NAME,
  type KeywordFilterField,
} from '../keyword-rules.js';

/* The schemas of the keyword fields several shapes share (keywords, their items, searches). */

export const KEYWORD_MODE: SchemaObject = {
  type: 'string',
  enum: [...KEYWORD_MODES],
  description:
    'exact (phrase), proximity (all words within n + 5 words) or broad (all stems anywhere).',
};

export const KEYWORD_TEXT: SchemaObject = {
  type: 'string',
  minLength: KEYWORD_MIN_LENGTH,
  maxLength: KEYWORD_MAX_LENGTH,
  description: `${KEYWORD_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters, at most 6 words, after trimming and collapsing whitespace.`,
};

/** A filter list as a keyword shows it: stored forms, duplicates merged. */
const storedList = (description: string, pattern?: RegExp): SchemaObject => ({
  type: 'array',
  items: pattern === undefined ? { type: 'string' } : { type: 'string', pattern: pattern.source },
  description,
});

export const STORED_FILTERS: Record<KeywordFilterField, SchemaObject> = {
  exclude: storedList(
    'Exclusion phrases: a match is dropped when the item contains one (as exact).',
  ),
  subreddits: storedList(
    'Subreddits without r/; when not empty, only items from these match.',
    SUBREDDIT_NAME,
  ),
  exclude_subreddits: storedList(
    'Subreddits without r/; items from these never match.',
    SUBREDDIT_NAME,
  ),
  exclude_authors: storedList('User names without u/; items by these never match.', AUTHOR_NAME),
};

/** A name as a request may give it: with its prefix ("r/", "/r/", any case) or without. */
const prefixed = (prefix: 'r' | 'u', name: RegExp): string =>
  `^(/?[${prefix}${prefix.toUpperCase()}]/)?${name.source.replace(/^\^/, '')}`;

const subredditList: SchemaObject = {
  type: 'array',
  maxItems: NAMES_MAX_ITEMS,
  items: { type: 'string', pattern: prefixed('r', SUBREDDIT_NAME) },
};

/** A filter list as a request gives it: replaces the stored list; [] clears it. */
export const GIVEN_FILTERS: Record<KeywordFilterField, SchemaObject> = {
  exclude: {
    type: 'array',
    maxItems: EXCLUDE_MAX_ITEMS,
    items: { type: 'string', minLength: EXCLUDE_MIN_LENGTH, maxLength: KEYWORD_MAX_LENGTH },
    description: `Up to ${EXCLUDE_MAX_ITEMS} phrases, each ${EXCLUDE_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters and at most ${KEYWORD_MAX_WORDS} words with a letter or digit; found as exact keywords are, in a post's title or selftext, a comment's body.`,
  },
  subreddits: {
    ...subredditList,
    description: `Up to ${NAMES_MAX_ITEMS} subreddit names (r/ optional, any case); when not empty, only items from these match.`,
  },
  exclude_subreddits: {
    ...subredditList,
    description: `Up to ${NAMES_MAX_ITEMS} subreddit names (r/ optional, any case) whose items never match.`,
  },
  exclude_authors: {
    type: 'array',
    maxItems: NAMES_MAX_ITEMS,
    items: { type: 'string', pattern: prefixed('u', AUTHOR_NAME) },
    description: `Up to ${NAMES_MAX_ITEMS} user names (u/ optional, any case) whose items never match.`,
  },
};

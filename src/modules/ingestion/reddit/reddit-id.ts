import type { RedditItem } from '../reddit-item.js';

export type ListingKind = 'posts' | 'comments';

/** Reddit ids are base 36; ten digits still fit a double exactly (36^10 < 2^53). */
const REDDIT_ID = /^[0-9a-z]{1,10}$/;
const KIND_PREFIX = /^t[1-6]_/;

export function parseRedditId(value: string): string | null {
  const id = value.replace(KIND_PREFIX, '');
  return REDDIT_ID.test(id) ? id : null;
}

export function idToNumber(id: string): number {
  return parseInt(id, 36);
}

export function numberToId(value: number): string {
  return value.toString(36);
}

export function itemNumber(item: RedditItem): number {
  return idToNumber(item.id);
}

function kindPrefix(kind: ListingKind): 't3' | 't1' {
  return kind === 'posts' ? 't3' : 't1';
}

export function itemKind(item: RedditItem): ListingKind {
  return item.type === 'post' ? 'posts' : 'comments';
}

export function fullnameOf(kind: ListingKind, id: string): string {
  return `${kindPrefix(kind)}_${id}`;
}

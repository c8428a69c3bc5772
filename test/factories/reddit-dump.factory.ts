/** Dump lines in the Pushshift / Arctic Shift layout, as the admin ingest command reads them. */
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';

let sequence = 0;

const nextId = (prefix: string) => `${prefix}${(++sequence).toString(36).padStart(5, '0')}`;

export interface DumpPost {
  id: string;
  title: string;
  selftext: string;
  subreddit: string;
  author: string;
  score: number;
  num_comments: number;
  created_utc: number | string;
  permalink: string;
  link_flair_text?: string;
  over_18?: boolean;
  is_self?: boolean;
  url?: string;
  domain?: string;
}

export interface DumpComment {
  id: string;
  body: string;
  link_id: string;
  parent_id: string;
  subreddit: string;
  author: string;
  score: number;
  created_utc: number | string;
  permalink?: string;
}

export function dumpPost(overrides: Partial<DumpPost> = {}): DumpPost {
  const id = overrides.id ?? nextId('p');
  const subreddit = overrides.subreddit ?? 'technology';
  return {
    id,
    title: 'A post about nothing in particular',
    selftext: '',
    subreddit,
    author: 'someone',
    score: 12,
    num_comments: 3,
    created_utc: 1763719200,
    permalink: `/r/${subreddit}/comments/${id}/a_post/`,
    ...overrides,
  };
}

export function dumpComment(
  post: Pick<DumpPost, 'id' | 'subreddit'>,
  overrides: Partial<DumpComment> = {},
): DumpComment {
  const id = overrides.id ?? nextId('c');
  return {
    id,
    body: 'A comment about nothing in particular',
    link_id: `t3_${post.id}`,
    parent_id: `t3_${post.id}`,
    subreddit: post.subreddit,
    author: 'commenter',
    score: 4,
    created_utc: '1763719260',
    permalink: `/r/${post.subreddit}/comments/${post.id}/a_post/${id}/`,
    ...overrides,
  };
}

export const toNdjson = (lines: unknown[]): string =>
  lines.map((line) => JSON.stringify(line)).join('\n') + '\n';

/** A dump line or Reddit listing child as the pipeline takes it, for tests that call it directly. */
export function normalizedItem(thing: object): RedditItem {
  const item = normalizeRedditThing(thing);
  if (item === null) throw new Error(`not a Reddit item: ${JSON.stringify(thing)}`);
  return item;
}

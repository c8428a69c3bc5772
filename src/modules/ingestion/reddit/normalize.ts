import { storableText } from '../../../common/text/storable-text.js';
import type { RedditComment, RedditItem, RedditPost } from '../reddit-item.js';
import { parseRedditId } from './reddit-id.js';

type RawThing = Record<string, unknown>;

/** Reddit escapes only these three; raw_json=1 (and this) undo exactly one level. */
const REDDIT_ESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>' };
const REDDIT_ESCAPE = /&(amp|lt|gt);/g;
const REMOVED_TEXT = new Set(['[deleted]', '[removed]']);

/**
 * Turns one Reddit thing into a RedditItem: an API listing child (`{ kind, data }`), its `data`
 * object, or a Pushshift / Arctic Shift dump line. Anything else yields null.
 */
export function normalizeRedditThing(raw: unknown): RedditItem | null {
  if (!isRawThing(raw)) return null;
  if (typeof raw.kind === 'string' && isRawThing(raw.data)) {
    return normalizeWrapped(raw.kind, raw.data);
  }
  switch (detectType(raw)) {
    case 'post':
      return toPost(raw);
    case 'comment':
      return toComment(raw);
    case null:
      return null;
  }
}

/** The posts and comments of a `{ kind: 'Listing', data: { children } }` body, in listing order. */
export function normalizeListing(json: unknown): RedditItem[] {
  const children = listingChildren(json);
  return children.map(normalizeRedditThing).filter((item) => item !== null);
}

function listingChildren(json: unknown): unknown[] {
  if (!isRawThing(json) || json.kind !== 'Listing' || !isRawThing(json.data)) return [];
  return Array.isArray(json.data.children) ? json.data.children : [];
}

function normalizeWrapped(kind: string, data: RawThing): RedditItem | null {
  if (kind === 't3' && detectType(data) === 'post') return toPost(data);
  if (kind === 't1' && detectType(data) === 'comment') return toComment(data);
  return null;
}

function detectType(data: RawThing): RedditItem['type'] | null {
  if (typeof data.name === 'string' && /^t\d_/.test(data.name)) {
    if (data.name.startsWith('t3_')) return 'post';
    if (data.name.startsWith('t1_')) return 'comment';
    return null;
  }
  if (typeof data.body === 'string' && typeof data.link_id === 'string') return 'comment';
  if (typeof data.title === 'string') return 'post';
  return null;
}

function toPost(data: RawThing): RedditPost | null {
  const id = readId(data);
  const subreddit = readSubreddit(data.subreddit);
  const createdUtc = readUnixSeconds(data.created_utc);
  if (id === null || subreddit === null || createdUtc === null) return null;
  return {
    type: 'post',
    id,
    subreddit,
    author: readText(data.author),
    title: readText(data.title),
    selftext: readBodyText(data.selftext),
    permalink: readPermalink(data.permalink) ?? `/r/${subreddit}/comments/${id}/`,
    createdUtc,
    score: readCount(data.score),
    numComments: readCount(data.num_comments),
    flair: readOptionalText(data.link_flair_text),
    ...linkOf(data),
    nsfw: data.over_18 === true,
  };
}

/**
 * Whether a post is a text post, and a link post's URL and domain. Reddit sends `is_self`; dumps
 * from before it existed tell by a `self.<subreddit>` domain.
 */
function linkOf(data: RawThing): Pick<RedditPost, 'url' | 'domain' | 'isSelf'> {
  const declaredDomain = typeof data.domain === 'string' ? data.domain.toLowerCase() : null;
  const isSelf =
    typeof data.is_self === 'boolean'
      ? data.is_self
      : (declaredDomain?.startsWith('self.') ?? true);
  if (isSelf) return { url: null, domain: null, isSelf };
  const url = readOptionalText(data.url);
  return { url, domain: declaredDomain || hostOf(url), isSelf };
}

function hostOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

function toComment(data: RawThing): RedditComment | null {
  const id = readId(data);
  const postId = typeof data.link_id === 'string' ? parseRedditId(data.link_id) : null;
  const subreddit = readSubreddit(data.subreddit);
  const createdUtc = readUnixSeconds(data.created_utc);
  if (id === null || postId === null || subreddit === null || createdUtc === null) return null;
  return {
    type: 'comment',
    id,
    postId,
    subreddit,
    author: readText(data.author),
    body: readBodyText(data.body),
    permalink: readPermalink(data.permalink) ?? `/r/${subreddit}/comments/${postId}/_/${id}/`,
    createdUtc,
    score: readCount(data.score),
    linkTitle: typeof data.link_title === 'string' ? readText(data.link_title) : null,
  };
}

function readId(data: RawThing): string | null {
  if (typeof data.id === 'string') return parseRedditId(data.id);
  if (typeof data.name === 'string') return parseRedditId(data.name);
  return null;
}

function readSubreddit(value: unknown): string | null {
  const name = typeof value === 'string' ? storableText(value) : '';
  return name !== '' ? name : null;
}

/** Dumps carry created_utc as an integer, a float or a numeric string depending on their era. */
function readUnixSeconds(value: unknown): number | null {
  const seconds = readNumber(value);
  return seconds === null ? null : Math.floor(seconds);
}

function readCount(value: unknown): number {
  const count = readNumber(value);
  return count === null ? 0 : Math.trunc(count);
}

function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Every text field goes through here (or readSubreddit / readPermalink): storable on both databases. */
function readText(value: unknown): string {
  return typeof value === 'string' ? storableText(unescapeReddit(value)) : '';
}

function readOptionalText(value: unknown): string | null {
  const text = readText(value);
  return text === '' ? null : text;
}

/** "[deleted]" / "[removed]" are placeholders, not what the author wrote: nothing to match. */
function readBodyText(value: unknown): string {
  const text = readText(value);
  return REMOVED_TEXT.has(text) ? '' : text;
}

function readPermalink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const link = storableText(value);
  if (link.startsWith('/')) return link;
  if (!/^https?:\/\//.test(link)) return null;
  try {
    return new URL(link).pathname;
  } catch {
    return null;
  }
}

/** Without raw_json=1 (and in most dumps) Reddit sends `&amp;`, `&lt;`, `&gt;`. */
function unescapeReddit(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REDDIT_ESCAPE, (match, name: string) => REDDIT_ESCAPES[name] ?? match);
}

function isRawThing(value: unknown): value is RawThing {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

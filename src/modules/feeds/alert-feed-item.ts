import type { Author, Category, Item } from 'feed';
import type { AlertEntity } from '../alerts/alert.entity.js';
import type { FeedFormat } from './feed-format.js';
import {
  escapeHtml,
  escapeXmlAttribute,
  excerpt,
  textToHtml,
  truncate,
  xmlSafe,
} from './feed-text.js';

const SUMMARY_MAX_CHARS = 300;
/** Reddit allows 40,000 characters; 50 items stay a few hundred kilobytes at most. */
const CONTENT_MAX_CHARS = 4000;
const REDDIT = 'https://www.reddit.com';

/** Only http(s) links reach a feed reader; anything else points at Reddit's front page. */
function safeLink(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : `${REDDIT}/`;
  } catch {
    return `${REDDIT}/`;
  }
}

function itemTitle(alert: AlertEntity): string {
  const prefix = `[${alert.keywordText}]`;
  return alert.event === 'comment'
    ? `${prefix} Comment on: ${alert.title}`
    : `${prefix} ${alert.title}`;
}

/** What matched: the comment body, or the post's own text. */
function matchedText(alert: AlertEntity): string {
  return alert.event === 'comment' ? (alert.comment ?? '') : alert.selftext;
}

function contentHtml(alert: AlertEntity): string {
  const source = `r/${alert.subreddit} · u/${alert.author}`;
  return `${textToHtml(truncate(matchedText(alert), CONTENT_MAX_CHARS))}<p>${escapeHtml(source)}</p>`;
}

function categoryNames(alert: AlertEntity): string[] {
  return [alert.keywordText, `r/${alert.subreddit}`];
}

function atomAuthor(alert: AlertEntity): Author {
  const name = xmlSafe(`u/${alert.author}`);
  if (alert.author === '[deleted]') return { name };
  return { name, link: `${REDDIT}/user/${encodeURIComponent(alert.author)}` };
}

/** One alert as a feed entry; the identifiers never change, so readers do not show it twice. */
export function toFeedItem(alert: AlertEntity, format: FeedFormat): Item {
  const summary = excerpt(matchedText(alert), SUMMARY_MAX_CHARS);
  const matchedAt = new Date(alert.matchedAt);
  const item: Item = {
    title: escapeHtml(itemTitle(alert)),
    link: safeLink(alert.url),
    date: matchedAt,
    published: matchedAt,
    description: summary === '' ? undefined : escapeHtml(summary),
    // Never empty: the library declares the dc namespace (for dc:creator) only when content is set.
    content: contentHtml(alert),
  };
  if (format === 'rss') {
    return {
      ...item,
      guid: alert.id,
      category: categoryNames(alert).map((name): Category => ({ name: xmlSafe(name) })),
      extensions: [{ name: 'dc:creator', objects: { _text: xmlSafe(`u/${alert.author}`) } }],
    };
  }
  return {
    ...item,
    // Atom ids are IRIs; inbox ids are UUIDs.
    id: `urn:uuid:${alert.id}`,
    category: categoryNames(alert).map((name): Category => {
      const value = escapeXmlAttribute(name);
      return { term: value, name: value };
    }),
    author: [atomAuthor(alert)],
  };
}

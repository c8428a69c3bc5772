import { Feed } from 'feed';
import type { AlertEntity } from '../alerts/alert.entity.js';
import { toFeedItem } from './alert-feed-item.js';
import type { FeedFormat } from './feed-format.js';
import { xmlSafe } from './feed-text.js';

export const FEED_GENERATOR = 'reddit-keyword-alerts';
const SERVICE_NAME = 'Reddit Keyword Alerts';

export interface AlertFeedDocument {
  format: FeedFormat;
  /** The keyword the feed is narrowed to, or null for all of the account's keywords. */
  keywordText: string | null;
  /** This feed's own URL: channel link, Atom id and rel="self". */
  selfUrl: string;
  updated: Date;
  /** Newest first. */
  alerts: readonly AlertEntity[];
}

function describe(keywordText: string | null): { title: string; description: string } {
  if (keywordText === null) {
    return {
      title: SERVICE_NAME,
      description: 'The newest Reddit posts and comments matching your keywords',
    };
  }
  return {
    title: `${SERVICE_NAME}: ${keywordText}`,
    description: `The newest Reddit posts and comments matching "${keywordText}"`,
  };
}

/** The RSS 2.0 or Atom 1.0 document of a list of alerts, built by the `feed` library. */
export function renderAlertFeed(document: AlertFeedDocument): string {
  const { title, description } = describe(document.keywordText);
  const feed = new Feed({
    id: document.selfUrl,
    title: xmlSafe(title),
    description: xmlSafe(description),
    link: document.selfUrl,
    feedLinks: { [document.format]: document.selfUrl },
    updated: document.updated,
    generator: FEED_GENERATOR,
    author: { name: SERVICE_NAME },
  });
  for (const alert of document.alerts) feed.addItem(toFeedItem(alert, document.format));
  return document.format === 'rss' ? feed.rss2() : feed.atom1();
}

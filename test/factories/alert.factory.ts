import { randomUUID } from 'node:crypto';
import { AlertEntity } from '../../src/modules/alerts/alert.entity.js';
import { KeywordDailyUsageEntity } from '../../src/modules/usage/keyword-daily-usage.entity.js';
import type { TestStorage } from '../utils/test-storage.js';

export type AlertOverrides = Partial<AlertEntity> & { accountId: string; keywordId: string };

/** Reddit ids are base 36; a per-process counter keeps every generated one unique. */
let redditSequence = Number.parseInt('1h00000', 36);

function nextRedditId(): string {
  redditSequence += 1;
  return redditSequence.toString(36);
}

function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'post'
  );
}

function permalinkUrl(
  subreddit: string,
  title: string,
  redditId: string,
  isComment: boolean,
): string {
  const base = `https://www.reddit.com/r/${subreddit}/comments`;
  return isComment
    ? `${base}/${nextRedditId()}/${slugOf(title)}/${redditId}/`
    : `${base}/${redditId}/${slugOf(title)}/`;
}

/**
 * Stores one alert as the matching pipeline would: a post by default, a comment (with its body
 * and upvotes) when event is 'comment'. Returns the stored entity, so tests can derive the
 * expected API body from it.
 */
export async function insertAlert(t: TestStorage, overrides: AlertOverrides): Promise<AlertEntity> {
  const event = overrides.event ?? 'post';
  const isComment = event === 'comment';
  const redditId = overrides.redditId ?? nextRedditId();
  const subreddit = overrides.subreddit ?? 'SaaS';
  const title = overrides.title ?? 'Looking for an alternative to Acme Corp';
  const matchedAt = overrides.matchedAt ?? t.clock.nowMs();
  const alert: AlertEntity = Object.assign(new AlertEntity(), {
    id: randomUUID(),
    keywordText: 'acme corp',
    event,
    redditId,
    title,
    subreddit,
    subredditKey: subreddit.toLowerCase(),
    author: 'throwaway_founder',
    selftext: 'We have used Acme Corp for two years and the pricing keeps going up. Ideas?',
    url: permalinkUrl(subreddit, title, redditId, isComment),
    upvotes: 42,
    replies: 17,
    createdUtc: Math.floor(matchedAt / 1000) - 90,
    comment: isComment ? 'We moved off Acme Corp last year and never looked back.' : null,
    commentUpvotes: isComment ? 5 : null,
    matchedAt,
    ...overrides,
  });
  await t.database.transaction((manager) => manager.insert(AlertEntity, alert));
  return alert;
}

/** Stores `count` alerts one millisecond apart, the last at `newestAt`; returns them newest first. */
export async function insertAlertSeries(
  t: TestStorage,
  count: number,
  overrides: AlertOverrides & { newestAt?: number },
): Promise<AlertEntity[]> {
  const { newestAt = t.clock.nowMs(), ...rest } = overrides;
  const alerts: AlertEntity[] = [];
  for (let i = 0; i < count; i += 1) {
    alerts.push(await insertAlert(t, { ...rest, matchedAt: newestAt - i }));
  }
  return alerts;
}

/** One keyword's counters for a UTC day ("YYYY-MM-DD"), as the daily cap keeps them. */
export async function insertUsage(
  t: TestStorage,
  keywordId: string,
  day: string,
  delivered: number,
  capped: number,
): Promise<KeywordDailyUsageEntity> {
  const usage = Object.assign(new KeywordDailyUsageEntity(), {
    keywordId,
    day,
    delivered,
    capped,
    dailyCap: 100,
    lastGranted: 0,
  });
  await t.database.transaction((manager) => manager.insert(KeywordDailyUsageEntity, usage));
  return usage;
}

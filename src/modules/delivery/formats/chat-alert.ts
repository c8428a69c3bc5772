import type { AlertEntity } from '../../alerts/alert.entity.js';

export interface ChatAlert {
  /** The kind of message: a sample sent by POST /webhooks/:id/test reads as a test. */
  kind: 'post' | 'comment' | 'test';
  keyword: string;
  subreddit: string;
  /** The post's title (a comment's post). */
  title: string;
  url: string;
  author: string;
  /** A comment's text; null for a post. */
  comment: string | null;
  matchedAt: number;
}

export function chatAlertOf(alert: AlertEntity, options: { test: boolean }): ChatAlert {
  return {
    kind: options.test ? 'test' : alert.event,
    keyword: alert.keywordText,
    subreddit: alert.subreddit,
    title: alert.title.trim() === '' ? '(untitled)' : alert.title,
    url: alert.url,
    author: alert.author,
    comment: alert.event === 'comment' ? (alert.comment ?? '') : null,
    matchedAt: alert.matchedAt,
  };
}

const HEADLINES: Record<ChatAlert['kind'], string> = {
  post: 'New post',
  comment: 'New comment',
  test: 'Test message',
};

export function headlineOf(alert: ChatAlert): string {
  return HEADLINES[alert.kind];
}

/** How long a comment's excerpt may be, escaped, on every platform: a glance, not the thread. */
export const EXCERPT_MAX_LENGTH = 500;

import { isoWholeSeconds, isoWithMillis } from '../../common/time/timestamps.js';
import type { AlertEntity, AlertEvent } from './alert.entity.js';

/** The alert as GET /alerts returns it; field order as documented in docs/api.md. */
export interface AlertResponse {
  event: AlertEvent;
  timestamp: string;
  inbox_id: string;
  id: string;
  title: string;
  subreddit: string;
  author: string;
  selftext: string;
  url: string;
  keyword: string;
  keyword_id: string;
  relevance_score: null;
  upvotes: number;
  replies: number;
  created_utc: number;
  comment?: string;
}

function alertFields(alert: AlertEntity) {
  return {
    inbox_id: alert.id,
    id: alert.redditId,
    title: alert.title,
    subreddit: alert.subreddit,
    author: alert.author,
    selftext: alert.selftext,
    url: alert.url,
    keyword: alert.keywordText,
    keyword_id: alert.keywordId,
    relevance_score: null,
    upvotes: alert.upvotes,
    replies: alert.replies,
    created_utc: alert.createdUtc,
  };
}

export function toAlertResponse(alert: AlertEntity): AlertResponse {
  const response: AlertResponse = {
    event: alert.event,
    timestamp: isoWithMillis(alert.matchedAt),
    ...alertFields(alert),
  };
  if (alert.event === 'comment') response.comment = alert.comment ?? '';
  return response;
}

/** The exact webhook body: whole-second timestamp, webhook_id and website, comment_upvotes on comments. */
export function toWebhookPayload(
  alert: AlertEntity,
  webhookId: string | null,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    event: alert.event,
    timestamp: isoWholeSeconds(alert.matchedAt),
    webhook_id: webhookId,
    website: null,
    ...alertFields(alert),
  };
  if (alert.event === 'comment') {
    payload.comment = alert.comment ?? '';
    payload.comment_upvotes = alert.commentUpvotes ?? 0;
  }
  return payload;
}

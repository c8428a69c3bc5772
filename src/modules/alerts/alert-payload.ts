import { isoWholeSeconds, isoWithMillis } from '../../common/time/timestamps.js';
import type { AlertEntity } from './alert.entity.js';
import type { AlertResponseDto } from './dto/alert.dto.js';

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

export function toAlertResponse(alert: AlertEntity): AlertResponseDto {
  const response: AlertResponseDto = {
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

/** The body of a test delivery: the alert's payload with event "test", and test: true last. */
export function toTestWebhookPayload(
  alert: AlertEntity,
  webhookId: string,
): Record<string, unknown> {
  return { ...toWebhookPayload(alert, webhookId), event: 'test', test: true };
}

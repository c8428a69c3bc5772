import { AlertEntity } from '../../alerts/alert.entity.js';
import { toTestWebhookPayload } from '../../alerts/alert-payload.js';

const SAMPLE_POST_ID = '1abc2de';

/** The sample post of POST /webhooks/:id/test, as an alert matched now. */
export function sampleAlert(nowMs: number): AlertEntity {
  return Object.assign(new AlertEntity(), {
    id: 'test',
    accountId: '',
    keywordId: 'test',
    keywordText: 'example',
    event: 'post' as const,
    redditId: SAMPLE_POST_ID,
    title: 'Example post: your webhook is set up',
    subreddit: 'test',
    subredditKey: 'test',
    author: 'example_user',
    selftext: 'This is a sample post sent by POST /api/v1/webhooks/:id/test.',
    url: `https://www.reddit.com/r/test/comments/${SAMPLE_POST_ID}/example_post/`,
    upvotes: 1,
    replies: 0,
    createdUtc: Math.floor(nowMs / 1000),
    comment: null,
    commentUpvotes: null,
    matchedAt: nowMs,
  });
}

/**
 * The JSON test delivery: a real payload's fields in the spec's order, event "test", and
 * test: true at the end.
 */
export function testPayload(webhookId: string, nowMs: number): Record<string, unknown> {
  return toTestWebhookPayload(sampleAlert(nowMs), webhookId);
}

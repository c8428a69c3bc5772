import type { OperationObject, ParameterObject, PathItemObject } from '@nestjs/swagger';
import { toWebhookPayload } from '../alerts/alert-payload.js';
import { AlertEntity } from '../alerts/alert.entity.js';
import { WEBHOOK_USER_AGENT, type WebhookEventName } from '../delivery/signed-webhook-request.js';
import { testPayload } from '../webhooks/tester/test-payload.js';
import { ref } from '../../common/api-docs/schema-helpers.js';
import {
  WebhookAlertCommentDto,
  WebhookAlertPostDto,
  WebhookTestDto,
} from '../alerts/dto/webhook-alert.dto.js';
import type { Type } from '@nestjs/common';

const EXAMPLE_WEBHOOK_ID = '01a20ca3-b947-75b7-9804-1d5e6c591099';
const EXAMPLE_MATCHED_AT = Date.UTC(2026, 10, 21, 10, 4, 5, 123);

const header = (name: string, description: string, example: string): ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** Every delivery's request headers (Content-Type is the request body's media type). */
const DELIVERY_HEADERS = (event: WebhookEventName): ParameterObject[] => [
  header('User-Agent', 'The delivery client and its version.', WEBHOOK_USER_AGENT),
  header('X-Webhook-ID', "The receiving webhook's id.", EXAMPLE_WEBHOOK_ID),
  header('X-Webhook-Event', 'post, comment or test.', event),
  header(
    'X-Webhook-Signature',
    '"sha256=" + lowercase hex HMAC-SHA256 of the raw request body, keyed with the webhook secret. Verify over the bytes received, in constant time.',
    'sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  ),
  header(
    'X-Webhook-Delivery',
    'Unique id of this delivery; the same on a resend (at-least-once), so receivers can de-duplicate.',
    '01a20ca3-c1d2-7e3f-8a9b-0c1d2e3f4a5b',
  ),
  header(
    'webhook-id',
    'Standard Webhooks: the delivery id (same as X-Webhook-Delivery).',
    '01a20ca3-c1d2-7e3f-8a9b-0c1d2e3f4a5b',
  ),
  header(
    'webhook-timestamp',
    'Standard Webhooks: Unix seconds when the request was signed; reject old ones to stop replays.',
    '1795255445',
  ),
  header(
    'webhook-signature',
    'Standard Webhooks: "v1," + base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" keyed with the secret\'s 32 bytes (its whsec_ form is whsec_ + their base64); for 24 hours after a rotation, two signatures separated by a space. Verify with the standardwebhooks libraries.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

function sampleAlert(event: 'post' | 'comment'): AlertEntity {
  return Object.assign(new AlertEntity(), {
    id: '01a20ca3-b9ce-7630-b4c2-5705be93844f',
    keywordId: '01a20ca3-b93f-743d-b1b7-533e0a643f6b',
    keywordText: 'acme corp',
    event,
    redditId: event === 'post' ? '1gx2abc' : 'lz9k3mq',
    title: 'Has anyone tried Acme Corp for price tracking?',
    subreddit: 'SaaS',
    author: 'example_user',
    selftext: 'Looking for a tool that tracks competitor prices.',
    url:
      event === 'post'
        ? 'https://www.reddit.com/r/SaaS/comments/1gx2abc/has_anyone_tried_acme_corp/'
        : 'https://www.reddit.com/r/SaaS/comments/1gx2abc/has_anyone_tried_acme_corp/lz9k3mq/',
    upvotes: 42,
    replies: 7,
    createdUtc: 1795255400,
    comment: event === 'comment' ? 'We switched to Acme Corp last year, no regrets.' : null,
    commentUpvotes: event === 'comment' ? 3 : null,
    matchedAt: EXAMPLE_MATCHED_AT,
  });
}

function deliveryOperation(
  event: WebhookEventName,
  summary: string,
  description: string,
  payloadType: Type<unknown>,
  example: Record<string, unknown>,
): PathItemObject {
  const operation: OperationObject = {
    summary,
    description: `${description}\n\nSent as \`POST\` with \`Content-Type: application/json\` to every active webhook. Fields arrive in the order shown.`,
    operationId: `webhook_${event}`,
    tags: ['Webhook events'],
    parameters: DELIVERY_HEADERS(event),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref(payloadType), example } },
    },
    responses: {
      '2XX': { description: 'Delivered: any 2xx within 10 seconds (WEBHOOK_TIMEOUT_MS).' },
      default: {
        description:
          'Anything else, a timeout or a redirect (never followed) is a failed delivery: recorded on the webhook (last_error, consecutive_failures); no automatic retry. The alert stays in GET /api/v1/alerts.',
      },
    },
  };
  return { post: operation };
}

/** The OpenAPI 3.1 `webhooks` section: what the service POSTs to receivers, with real example bodies. */
export function webhookEvents(): Record<string, PathItemObject> {
  return {
    post: deliveryOperation(
      'post',
      'A new post matched a keyword',
      'One request per match of a keyword with track_posts true; at most 100 per keyword per UTC day.',
      WebhookAlertPostDto,
      toWebhookPayload(sampleAlert('post'), EXAMPLE_WEBHOOK_ID),
    ),
    comment: deliveryOperation(
      'comment',
      'A new comment matched a keyword',
      "One request per match of a keyword with track_comments true. title, selftext, upvotes and replies are the parent post's.",
      WebhookAlertCommentDto,
      toWebhookPayload(sampleAlert('comment'), EXAMPLE_WEBHOOK_ID),
    ),
    test: deliveryOperation(
      'test',
      'POST /api/v1/webhooks/{id}/test was called',
      'A sample post payload with test: true, signed like a real delivery.',
      WebhookTestDto,
      testPayload(EXAMPLE_WEBHOOK_ID, EXAMPLE_MATCHED_AT - 123),
    ),
  };
}

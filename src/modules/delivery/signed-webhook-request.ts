import { createHmac } from 'node:crypto';
import type { WebhookRequest } from './webhook-sender.js';

export const WEBHOOK_USER_AGENT = 'Service-Webhook/1.0';

/** X-Webhook-Event: the alert's event, or test for POST /webhooks/:id/test. */
export type WebhookEventName = 'post' | 'comment' | 'test';

export interface WebhookMessage {
  url: string;
  secret: string;
  webhookId: string;
  /** Unique per delivery (the outbox row id), so receivers can de-duplicate. */
  deliveryId: string;
  event: WebhookEventName;
  payload: Record<string, unknown>;
}

/** "sha256=" + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the webhook secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The body is serialised once, here, and the signature is computed over exactly those bytes. */
export function signedWebhookRequest(message: WebhookMessage): WebhookRequest {
  const body = JSON.stringify(message.payload);
  return {
    url: message.url,
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      'X-Webhook-ID': message.webhookId,
      'X-Webhook-Event': message.event,
      'X-Webhook-Signature': signatureOf(message.secret, body),
      'X-Webhook-Delivery': message.deliveryId,
    },
  };
}

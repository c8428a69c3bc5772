import { createHmac } from 'node:crypto';
import type { WebhookRequest } from './webhook-sender.js';

export const WEBHOOK_USER_AGENT = 'Service-Webhook/1.0';

/** What a request is signed with: the current secret, and the replaced one during the overlap. */
export interface SigningSecrets {
  current: string;
  previous: string | null;
}

/** X-Webhook-Event: the alert's event, or test for POST /webhooks/:id/test. */
export type WebhookEventName = 'post' | 'comment' | 'test';

export interface WebhookMessage {
  url: string;
  secrets: SigningSecrets;
  webhookId: string;
  /** Unique per delivery (the outbox row id), so receivers can de-duplicate. */
  deliveryId: string;
  event: WebhookEventName;
  /** The body as the webhook's format writes it (webhookBody), serialised once. */
  payload: object;
  /** When the request is signed, as Unix seconds (webhook-timestamp). */
  sentAtSeconds: number;
}

/** "sha256=" + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the webhook secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * Standard Webhooks: "v1," + base64 HMAC-SHA256 of "id.timestamp.body", keyed with the secret's
 * 32 bytes; one signature per secret, space-separated, so a rotation never breaks a receiver.
 */
export function standardSignaturesOf(
  secrets: SigningSecrets,
  deliveryId: string,
  sentAtSeconds: number,
  body: string,
): string {
  const signed = `${deliveryId}.${sentAtSeconds}.${body}`;
  return [secrets.current, secrets.previous]
    .filter((secret) => secret !== null)
    .map(
      (secret) =>
        `v1,${createHmac('sha256', Buffer.from(secret, 'hex')).update(signed, 'utf8').digest('base64')}`,
    )
    .join(' ');
}

/**
 * The body is serialised once, here, and every signature is computed over exactly those bytes:
 * the spec's headers as they always were (signed with the current secret), then the Standard
 * Webhooks ones.
 */
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
      'X-Webhook-Signature': signatureOf(message.secrets.current, body),
      'X-Webhook-Delivery': message.deliveryId,
      'webhook-id': message.deliveryId,
      'webhook-timestamp': String(message.sentAtSeconds),
      'webhook-signature': standardSignaturesOf(
        message.secrets,
        message.deliveryId,
        message.sentAtSeconds,
        body,
      ),
    },
  };
}

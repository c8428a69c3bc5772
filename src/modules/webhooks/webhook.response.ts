import { isoWithMillis } from '../../common/time/timestamps.js';
import type { WebhookEntity } from './webhook.entity.js';

export interface WebhookResponse {
  id: string;
  name: string;
  url: string;
  active: boolean;
  last_delivery_at: string | null;
  total_deliveries: number;
  last_error: string | null;
  consecutive_failures: number;
  created_at: string;
}

/** The stored webhook as listed: the secret is never part of it. */
export function toWebhookResponse(webhook: WebhookEntity): WebhookResponse {
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    active: webhook.active,
    last_delivery_at:
      webhook.lastDeliveryAt === null ? null : isoWithMillis(webhook.lastDeliveryAt),
    total_deliveries: webhook.totalDeliveries,
    last_error: webhook.lastError,
    consecutive_failures: webhook.consecutiveFailures,
    created_at: isoWithMillis(webhook.createdAt),
  };
}

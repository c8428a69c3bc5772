import type { AlertEntity } from '../../alerts/alert.entity.js';
import { toTestWebhookPayload, toWebhookPayload } from '../../alerts/alert-payload.js';
import { chatAlertOf } from './chat-alert.js';
import { discordMessage } from './discord-message.js';
import { slackMessage } from './slack-message.js';
import type { WebhookFormat } from './webhook-format.js';

export interface WebhookBodyOptions {
  webhookId: string;
  /** The sample of POST /webhooks/:id/test rather than a real alert. */
  test: boolean;
}

/**
 * What a delivery posts, by the webhook's format: the spec's JSON (a test sample with event
 * "test" and test: true last), or a Slack or Discord message. The same alert always gives the
 * same body, so a redelivery sends the same bytes.
 */
export function webhookBody(
  format: WebhookFormat,
  alert: AlertEntity,
  { webhookId, test }: WebhookBodyOptions,
): object {
  switch (format) {
    case 'json':
      return test ? toTestWebhookPayload(alert, webhookId) : toWebhookPayload(alert, webhookId);
    case 'slack':
      return slackMessage(chatAlertOf(alert, { test }));
    case 'discord':
      return discordMessage(chatAlertOf(alert, { test }));
  }
}

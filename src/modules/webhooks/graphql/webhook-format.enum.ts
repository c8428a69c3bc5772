import { registerEnumType } from '@nestjs/graphql';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';

/** The values are REST's strings, so both APIs spell a format the same way. */
export const WebhookFormatEnum = {
  json: 'json',
  slack: 'slack',
  discord: 'discord',
} as const satisfies Record<WebhookFormat, WebhookFormat>;

registerEnumType(WebhookFormatEnum, {
  name: 'WebhookFormat',
  description: 'json (the signed alert body), slack or discord (a chat message).',
});

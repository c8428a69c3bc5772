import { registerEnumType } from '@nestjs/graphql';
import type { WebhookFormat } from '../../delivery/formats/webhook-format.js';
import type { RetryPolicy } from '../../delivery/retry-policy.js';

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

export const WebhookRetryPolicyEnum = {
  none: 'none',
  standard: 'standard',
} as const satisfies Record<RetryPolicy, RetryPolicy>;

registerEnumType(WebhookRetryPolicyEnum, {
  name: 'WebhookRetryPolicy',
  description:
    'none: one attempt per delivery. standard: failed deliveries are tried again about 5 s, 1 min, 10 min, 1 h and 6 h later, with the same delivery id.',
});

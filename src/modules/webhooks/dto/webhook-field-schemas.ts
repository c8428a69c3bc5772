import type { SchemaObject } from '@nestjs/swagger';
import { WEBHOOK_FORMATS } from '../../delivery/formats/webhook-format.js';
import { RETRY_POLICIES } from '../../delivery/retry-policy.js';

/** The format field's schema, in requests and in the Webhook shape alike. */
export const WEBHOOK_FORMAT: SchemaObject = {
  type: 'string',
  enum: [...WEBHOOK_FORMATS],
  description:
    'json (the signed alert body), slack (a Slack incoming-webhook message) or discord (a Discord webhook message). Every format carries the same signature headers.',
};

/** The retry_policy field's schema, in requests and in the Webhook shape alike. */
export const WEBHOOK_RETRY_POLICY: SchemaObject = {
  type: 'string',
  enum: [...RETRY_POLICIES],
  description:
    'none: one attempt per delivery, as the spec says. standard: a failed delivery is tried again about 5 s, 1 min, 10 min, 1 h and 6 h later (each ±20%; a 429 or 503 Retry-After of at most 6 h sets the wait instead), with the same delivery id. A 4xx other than 408, 409, 425 and 429 is final. Suggested for Slack and Discord.',
};

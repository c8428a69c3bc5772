import type { SchemaObject } from '@nestjs/swagger';
import { WEBHOOK_FORMATS } from '../../delivery/formats/webhook-format.js';

/** The format field's schema, in requests and in the Webhook shape alike. */
export const WEBHOOK_FORMAT: SchemaObject = {
  type: 'string',
  enum: [...WEBHOOK_FORMATS],
  description:
    'json (the signed alert body), slack (a Slack incoming-webhook message) or discord (a Discord webhook message). Every format carries the same signature headers.',
};

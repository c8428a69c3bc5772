import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { DeletedDto } from '../../../common/http/deleted.dto.js';
import { CreateWebhookDto, UpdateWebhookDto } from '../dto/webhook.dto.js';
import {
  WebhookCreatedDto,
  WebhookListDto,
  WebhookResponseDto,
  WebhookSecretDto,
} from '../dto/webhook-response.dto.js';
import { WebhookTestResultDto } from '../dto/webhook-test-result.dto.js';

export const WEBHOOKS_DOCS = {
  get: {
    summary: 'Get one webhook',
    description: 'The webhook as GET /webhooks lists it.',
    responses: { 200: { description: 'The webhook.', schema: wrapped(ref(WebhookResponseDto)) } },
    errors: ['not_found'],
  },
  rotateSecret: {
    summary: "Rotate a webhook's signing secret",
    description:
      'Returns a new secret, shown only here. For 24 hours webhook-signature carries a signature with the new and one with the replaced secret; X-Webhook-Signature uses the new one at once. A second rotation within 24 hours drops the oldest secret.',
    responses: { 200: { description: 'The new secret.', schema: ref(WebhookSecretDto) } },
    errors: ['not_found'],
  },
  list: {
    summary: 'List webhooks',
    description: 'Secrets are never returned.',
    responses: { 200: { description: 'The webhooks.', schema: ref(WebhookListDto) } },
  },
  create: {
    summary: 'Register a webhook',
    description:
      'Every active webhook receives every alert (see the webhooks section). The signing secret is returned only here.',
    body: { schema: ref(CreateWebhookDto) },
    responses: {
      201: { description: 'Created, with its secret.', schema: ref(WebhookCreatedDto) },
    },
    errors: ['invalid_body'],
  },
  update: {
    summary: 'Rename, pause or resume a webhook',
    body: { schema: ref(UpdateWebhookDto) },
    responses: {
      200: { description: 'The updated webhook.', schema: wrapped(ref(WebhookResponseDto)) },
    },
    errors: ['not_found', 'invalid_body'],
  },
  remove: {
    summary: 'Delete a webhook',
    description: 'Deliveries stop immediately.',
    responses: { 200: { description: 'Deleted.', schema: ref(DeletedDto) } },
    errors: ['not_found'],
  },
  test: {
    summary: 'Send a test delivery',
    description:
      "Sends the test event (a sample post with test: true) to the webhook's URL, signed with its secret, and reports the outcome. Updates last_delivery_at and last_error like a real delivery. 10 per minute per key.",
    responses: {
      200: { description: 'The outcome (not wrapped in data).', schema: ref(WebhookTestResultDto) },
    },
    errors: ['not_found'],
  },
} satisfies Record<string, RouteDoc>;

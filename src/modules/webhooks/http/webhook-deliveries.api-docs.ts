import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { AFTER_PARAMETER } from '../../../common/api-docs/cursor-parameter.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import {
  DeliveryAttemptListDto,
  DeliveryPageDto,
  RedeliveryDto,
  RedeliveryRequestDto,
} from '../dto/delivery.dto.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/http/page-query.js';
import { DELIVERY_LOG_STATUSES, REDELIVERY_MAX } from '../delivery-log/delivery-log.query.js';

export const WEBHOOK_DELIVERIES_DOCS = {
  list: {
    summary: "List a webhook's deliveries",
    description:
      'The delivery log, newest first: one entry per alert sent (or to be sent) to this webhook, with the outcome of its last attempt.',
    query: [
      {
        name: 'status',
        description: 'Only deliveries in this state (pending includes one being attempted).',
        schema: { type: 'string', enum: [...DELIVERY_LOG_STATUSES] },
      },
      {
        name: 'since',
        description:
          'ISO 8601 timestamp; only deliveries created after it (exclusive). URL-encode a + offset as %2B.',
        schema: { type: 'string', format: 'date-time' },
      },
      AFTER_PARAMETER,
      {
        name: 'limit',
        description: 'Page size.',
        schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
      },
    ],
    responses: { 200: { description: 'One page of deliveries.', schema: ref(DeliveryPageDto) } },
    errors: ['not_found', 'invalid_body'],
  },
  attempts: {
    summary: "List a delivery's attempts",
    description:
      'Every attempt of one delivery, the first first, each with its number and what made it (automatic, retry or redelivery). Attempts made before the attempt log existed are not listed, except the latest.',
    responses: { 200: { description: 'The attempts.', schema: ref(DeliveryAttemptListDto) } },
    errors: ['not_found'],
  },
  redeliver: {
    summary: 'Redeliver one delivery',
    description:
      "Puts the delivery back into the outbox: it is sent again with the same X-Webhook-Delivery id and the same body bytes (new webhook-timestamp and signatures). A delivery still waiting is left as it is (queued: 0). The webhook must be active. Each delivery queued counts against the account's redelivery budget (REDELIVERY_ROWS_PER_HOUR, default 10,000 per clock hour): past it, 429 rate_limited with Retry-After and nothing queued.",
    responses: { 202: { description: 'Queued.', schema: ref(RedeliveryDto) } },
    errors: ['not_found', 'invalid_body'],
  },
  redeliverFailed: {
    summary: 'Redeliver the failed deliveries since a moment',
    description: `Puts the oldest failed deliveries created after since back into the outbox, at most ${REDELIVERY_MAX} per call (repeat for more). The webhook must be active. The deliveries queued count against the account's redelivery budget (REDELIVERY_ROWS_PER_HOUR, default 10,000 per clock hour): a call that would pass it queues nothing and answers 429 rate_limited with Retry-After.`,
    body: { schema: ref(RedeliveryRequestDto) },
    responses: { 202: { description: 'Queued.', schema: ref(RedeliveryDto) } },
    errors: ['not_found', 'invalid_body'],
  },
} satisfies Record<string, RouteDoc>;

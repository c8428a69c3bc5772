import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { AFTER_PARAMETER } from '../../../common/api-docs/cursor-parameter.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { AlertPageDto, AlertResponseDto } from '../dto/alert.dto.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/http/page-query.js';

export const ALERTS_DOCS = {
  list: {
    summary: 'List alerts',
    description:
      "The caller's alerts of the last history_days days, newest first, in the webhook payload's shape. To poll, keep the newest timestamp seen and pass it as since.",
    query: [
      {
        name: 'since',
        description:
          'ISO 8601 timestamp; only alerts created after it (exclusive). URL-encode a + offset as %2B.',
        schema: { type: 'string', format: 'date-time' },
        example: '2026-11-21T10:00:00Z',
      },
      { name: 'keyword_id', description: 'Only this keyword.', schema: { type: 'string' } },
      {
        name: 'type',
        description: 'post or comment.',
        schema: { type: 'string', enum: ['post', 'comment'] },
      },
      {
        name: 'subreddit',
        description: 'Only this subreddit, case-insensitive; a leading r/ is allowed.',
        schema: { type: 'string' },
      },
      AFTER_PARAMETER,
      {
        name: 'limit',
        description: 'Page size.',
        schema: {
          type: 'integer',
          minimum: 1,
          maximum: PAGE_SIZE_MAX,
          default: PAGE_SIZE_DEFAULT,
        },
      },
    ],
    responses: { 200: { description: 'One page of alerts.', schema: ref(AlertPageDto) } },
    errors: ['invalid_body'],
  },
  get: {
    summary: 'Get one alert',
    description: "id is the alert's inbox_id.",
    responses: { 200: { description: 'The alert.', schema: wrapped(ref(AlertResponseDto)) } },
    errors: ['not_found'],
  },
} satisfies Record<string, RouteDoc>;

import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { KeywordPreviewDto, KeywordPreviewRequestDto } from './preview.dto.js';

export const PREVIEW_DOCS = {
  preview: {
    summary: 'Preview a keyword',
    description:
      'What the keyword would have matched in the recent window (RECENT_ITEMS_HOURS, default 24): counts per hour and per subreddit, up to 25 samples with their highlights, and how often the daily cap would have been passed. Stores nothing. A read, with a budget of its own as well: PREVIEW_RATE_PER_MINUTE (default 10) per key or user. An item POST /keywords would reject answers 422 invalid_body with the message it would give in rejected[]; so does any preview while the window is off (RECENT_ITEMS_HOURS=0).',
    body: { schema: ref(KeywordPreviewRequestDto) },
    responses: { 200: { description: 'The preview.', schema: wrapped(ref(KeywordPreviewDto)) } },
    errors: ['invalid_body'],
  },
} satisfies Record<string, RouteDoc>;

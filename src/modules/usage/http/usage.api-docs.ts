import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { UsageResponseDto } from '../dto/usage.dto.js';

export const USAGE_DOCS = {
  report: {
    summary: "Today's usage",
    description:
      'Plan limits, and per keyword how many matches were delivered and held back by the daily cap today (UTC).',
    responses: {
      200: { description: 'The usage report.', schema: wrapped(ref(UsageResponseDto)) },
    },
  },
} satisfies Record<string, RouteDoc>;

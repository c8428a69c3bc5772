import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerOptions } from '@nestjs/throttler';
import {
  OPERATOR_READ_RATE_LIMIT_PER_MINUTE,
  WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE,
  WRITE_RATE_LIMIT_PER_MINUTE,
} from '../../config/plans.js';
import { requestOf } from '../../common/http/request-of.js';
import { isReadRequest } from './request-kind.js';
import { PREVIEW_BUDGET, WEBHOOK_TEST_BUDGET } from './rate-limit.decorators.js';

export const READ_THROTTLER = 'read';
const MINUTE_MS = 60_000;

const marked = (context: ExecutionContext, key: string): boolean =>
  Reflect.getMetadata(key, context.getHandler()) === true;

/**
 * The request budgets (docs/api.md, Rate limits), each per API key (or signed-in user) across
 * all routes; `previewPerMinute` is PREVIEW_RATE_PER_MINUTE.
 */
export const throttlersFor = (previewPerMinute: number): ThrottlerOptions[] => [
  {
    name: READ_THROTTLER,
    ttl: MINUTE_MS,
    limit: (context) => {
      const { caller, operator } = requestOf(context);
      if (operator) return OPERATOR_READ_RATE_LIMIT_PER_MINUTE;
      return caller?.limits.rateLimitPerMinute ?? 0;
    },
    skipIf: (context) => !isReadRequest(context),
  },
  {
    name: 'write',
    ttl: MINUTE_MS,
    limit: WRITE_RATE_LIMIT_PER_MINUTE,
    skipIf: (context) => isReadRequest(context),
  },
  {
    name: 'webhook-test',
    ttl: MINUTE_MS,
    limit: WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE,
    skipIf: (context) => !marked(context, WEBHOOK_TEST_BUDGET),
  },
  {
    name: 'preview',
    ttl: MINUTE_MS,
    limit: previewPerMinute,
    skipIf: (context) => !marked(context, PREVIEW_BUDGET),
  },
];

import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerOptions } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config.js';
import {
  WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE,
  WRITE_RATE_LIMIT_PER_MINUTE,
} from '../../config/plans.js';
import { requestOf } from '../../common/http/request-of.js';
import { sessionUserOf } from '../auth/caller.js';
import { isReadRequest } from './request-kind.js';
import { PREVIEW_BUDGET, WEBHOOK_TEST_BUDGET } from './rate-limit.decorators.js';

export const READ_THROTTLER = 'read';
const MINUTE_MS = 60_000;

const marked = (context: ExecutionContext, key: string): boolean =>
  Reflect.getMetadata(key, context.getHandler()) === true;

export type RequestBudgets = Pick<AppConfig, 'previewRatePerMinute' | 'dashboardRatePerMinute'>;

/**
 * The request budgets (docs/api.md, Rate limits), each per API key, or per signed-in user or
 * operator, across all routes. A dashboard session's reads count against
 * DASHBOARD_RATE_PER_MINUTE, never the plan's per-key limit (docs/dashboard.md, The session
 * budget and polling).
 */
export const throttlersFor = (budgets: RequestBudgets): ThrottlerOptions[] => [
  {
    name: READ_THROTTLER,
    ttl: MINUTE_MS,
    limit: (context) => {
      const request = requestOf(context);
      if (sessionUserOf(request) !== null) return budgets.dashboardRatePerMinute;
      return request.caller?.limits.rateLimitPerMinute ?? 0;
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
    limit: budgets.previewRatePerMinute,
    skipIf: (context) => !marked(context, PREVIEW_BUDGET),
  },
];

import { applyDecorators, SetMetadata } from '@nestjs/common';

export const WEBHOOK_TEST_BUDGET = 'rate-limit:webhook-test';
export const PREVIEW_BUDGET = 'rate-limit:preview';
/** A route that changes nothing counts as a read whatever its method (POST /keywords/preview). */
export const READ_ROUTE = 'rate-limit:read-route';

/** Counts the route against the separate test-delivery budget as well. */
export const WebhookTestBudget = () => SetMetadata(WEBHOOK_TEST_BUDGET, true);

/** A keyword preview: a read, counted against the separate preview budget as well. */
export const PreviewBudget = () =>
  applyDecorators(SetMetadata(READ_ROUTE, true), SetMetadata(PREVIEW_BUDGET, true));

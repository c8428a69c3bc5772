import { SetMetadata } from '@nestjs/common';

export const WEBHOOK_TEST_BUDGET = 'rate-limit:webhook-test';

/** Counts the route against the separate test-delivery budget as well. */
export const WebhookTestBudget = () => SetMetadata(WEBHOOK_TEST_BUDGET, true);

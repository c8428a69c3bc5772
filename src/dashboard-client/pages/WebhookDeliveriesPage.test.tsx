import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookDeliveriesQuery } from '../gql/graphql';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { WebhookDeliveriesPage } from './WebhookDeliveriesPage';

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['edges'][number]['node'];

const waiting: Delivery = {
  id: 'd1',
  alertId: 'a1',
  event: 'post',
  status: 'pending',
  attempts: 2,
  responseStatus: 503,
  durationMs: 4,
  error: 'HTTP 503 Service Unavailable',
  createdAt: '2026-11-29T09:00:00.000+00:00',
  lastAttemptAt: '2026-11-29T09:00:05.000+00:00',
  nextAttemptAt: '2026-11-29T09:01:05.000+00:00',
};

const attempts = [
  {
    attempt: 1,
    trigger: 'automatic',
    attemptedAt: '2026-11-29T09:00:00.000+00:00',
    responseStatus: 503,
    error: 'HTTP 503 Service Unavailable',
    nextAttemptAt: '2026-11-29T09:00:05.000+00:00',
  },
  {
    attempt: 2,
    trigger: 'retry',
    attemptedAt: '2026-11-29T09:00:05.000+00:00',
    responseStatus: 503,
    error: 'HTTP 503 Service Unavailable',
    nextAttemptAt: '2026-11-29T09:01:05.000+00:00',
  },
];

describe('the delivery log', () => {
  it('shows when a waiting retry is due, and lists the attempts only once they are opened', async () => {
    const server = fakeGraphql({
      WebhookHeading: () => ({ webhook: { id: 'w1', name: 'Team hooks', url: 'https://x.test' } }),
      WebhookDeliveries: () => ({
        webhookDeliveries: {
          edges: [{ node: waiting }],
          pageInfo: { endCursor: null, hasNextPage: false },
        },
      }),
      DeliveryAttempts: () => ({ webhookDeliveryAttempts: attempts }),
    });
    const { user } = renderPage(<WebhookDeliveriesPage webhookId="w1" />);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText(/retry at/)).toBeTruthy();
    expect(within(row).getByText('pending')).toBeTruthy();
    expect(server.sent('DeliveryAttempts')).toEqual([]);

    await user.click(within(row).getByText('attempts: show each'));
    const list = await within(row).findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first.textContent).toContain('(automatic): HTTP 503 Service Unavailable; retry at');
    expect(second.textContent).toContain('(retry)');
    expect(server.sent('DeliveryAttempts')).toEqual([{ webhookId: 'w1', deliveryId: 'd1' }]);
  });
});

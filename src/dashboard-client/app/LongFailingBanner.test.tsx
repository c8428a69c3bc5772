import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../components/format';
import type { LongFailingWebhooksQuery, WebhooksQuery } from '../gql/graphql';
import { WebhooksPage } from '../pages/WebhooksPage';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { LongFailingBanner } from './LongFailingBanner';

type LongFailing = LongFailingWebhooksQuery['longFailingWebhooks'][number];

const orders: LongFailing = {
  id: 'w1',
  name: 'Orders hook',
  failingSince: '2026-11-18T09:30:00.000+00:00',
  lastError: 'HTTP 503 Service Unavailable',
};
const chat: LongFailing = {
  id: 'w2',
  name: 'Team chat',
  failingSince: '2026-11-17T08:00:00.000+00:00',
  lastError: null,
};

const banner = () => screen.findByRole('region', { name: 'Failing webhooks' });

describe('the failing webhooks banner', () => {
  it('names each webhook failing for 3 days, links to its page, and says since when and why', async () => {
    fakeGraphql({ LongFailingWebhooks: () => ({ longFailingWebhooks: [chat, orders] }) });
    renderPage(<LongFailingBanner />);

    const shown = await banner();
    expect(within(shown).getByText('2 webhooks have failed for 3 days or more.')).toBeTruthy();
    const items = within(shown).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Team chat: failing since ${formatInstant(chat.failingSince)}`,
      `Orders hook: failing since ${formatInstant(orders.failingSince)}, last error “HTTP 503 Service Unavailable”`,
    ]);
    expect(
      within(shown)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/webhooks/w2', '/webhooks/w1']);
  });

  it('speaks of one webhook in the singular', async () => {
    fakeGraphql({ LongFailingWebhooks: () => ({ longFailingWebhooks: [orders] }) });
    renderPage(<LongFailingBanner />);

    expect(
      within(await banner()).getByText('A webhook has failed for 3 days or more.'),
    ).toBeTruthy();
  });

  it('shows nothing while no webhook has failed for 3 days', async () => {
    const server = fakeGraphql({ LongFailingWebhooks: () => ({ longFailingWebhooks: [] }) });
    const { container } = renderPage(<LongFailingBanner />);

    await waitFor(() => expect(server.sent('LongFailingWebhooks')).toHaveLength(1));
    expect(container.innerHTML).toBe('');
  });

  it('goes away once the webhook is paused on the Webhooks page', async () => {
    let active = true;
    const webhook: WebhooksQuery['webhooks']['nodes'][number] = {
      id: orders.id,
      name: orders.name,
      url: 'https://orders.example.com/hooks',
      format: 'json',
      retryPolicy: 'none',
      active,
      createdAt: '2026-11-01T09:00:00.000+00:00',
      lastDeliveryAt: '2026-11-21T09:00:00.000+00:00',
      lastError: orders.lastError,
      consecutiveFailures: 412,
      totalDeliveries: 90,
      successRate24h: 0,
    };
    const server = fakeGraphql({
      LongFailingWebhooks: () => ({ longFailingWebhooks: active ? [orders] : [] }),
      Webhooks: () => ({ webhooks: { nodes: [{ ...webhook, active }] } }),
      UpdateWebhook: ({ input }) => {
        active = (input as { active: boolean }).active;
        return { updateWebhook: { id: webhook.id, active } };
      },
    });
    const { user } = renderPage(
      <>
        <LongFailingBanner />
        <WebhooksPage />
      </>,
    );
    await banner();

    await user.click(await screen.findByRole('button', { name: 'Pause' }));

    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Failing webhooks' })).toBeNull(),
    );
    expect(server.sent('UpdateWebhook')).toEqual([{ id: 'w1', input: { active: false } }]);
    expect(server.sent('LongFailingWebhooks')).toHaveLength(2);
  });
});

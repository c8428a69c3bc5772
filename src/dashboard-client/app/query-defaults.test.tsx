import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListedApiKey } from '../components/ApiKeyTable';
import { ApiKeysPage } from '../pages/ApiKeysPage';
import { fakeGraphql, Refusal } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { QUERY_DEFAULTS } from './query-defaults';

const key: ListedApiKey = {
  id: 'key-1',
  prefix: 'rka_live_ab',
  createdAt: '2025-03-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  scope: 'write',
  expiresAt: null,
};

const rateLimited = (seconds: number) =>
  new Refusal('Rate limit of 600 requests per minute exceeded', 'rate_limited', seconds);

describe('a query the server refuses for the rate limit', () => {
  it('is asked again once Retry-After has passed, without an error shown', async () => {
    const askedAt: number[] = [];
    const server = fakeGraphql({
      ApiKeys: () => {
        askedAt.push(Date.now());
        if (askedAt.length === 1) throw rateLimited(1);
        return { apiKeys: [key] };
      },
    });
    renderPage(<ApiKeysPage />, QUERY_DEFAULTS);

    await screen.findByRole('row', { name: /^rka_live_ab…/ }, { timeout: 3000 });
    expect(server.sent('ApiKeys')).toHaveLength(2);
    expect(askedAt[1] - askedAt[0]).toBeGreaterThanOrEqual(1000);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in words how long to wait once it is still refused after three more tries', async () => {
    const server = fakeGraphql({
      ApiKeys: () => {
        throw rateLimited(0);
      },
    });
    renderPage(<ApiKeysPage />, QUERY_DEFAULTS);

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toBe('That was a lot at once: please try again in 1 second.');
    expect(server.sent('ApiKeys')).toHaveLength(4);
  });
});

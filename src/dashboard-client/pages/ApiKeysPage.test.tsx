import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListedApiKey } from '../components/ApiKeyTable';
import { answerConfirms } from '../testing/confirm';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { ApiKeysPage } from './ApiKeysPage';

const activeKey: ListedApiKey = {
  id: 'key-1',
  prefix: 'rka_live_ab',
  createdAt: '2025-03-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('the API keys page', () => {
  it('shows a new key once, in full, and lists it', async () => {
    let listed: ListedApiKey[] = [];
    const server = fakeGraphql({
      ApiKeys: () => ({ apiKeys: listed }),
      CreateApiKey: () => {
        listed = [activeKey];
        return {
          createApiKey: {
            key: 'rka_live_ab_the_whole_secret',
            apiKey: { id: 'key-1', prefix: 'rka_live_ab' },
          },
        };
      },
    });
    const { user } = renderPage(<ApiKeysPage />);
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByRole('region', { name: 'Your new API key' });
    expect(within(secret).getByText('rka_live_ab_the_whole_secret')).toBeTruthy();
    await screen.findByRole('row', { name: /^rka_live_ab…/ });
    expect(server.sent('CreateApiKey')).toEqual([{}]);
  });

  it('revokes the confirmed key and shows it revoked', async () => {
    let listed: ListedApiKey[] = [activeKey];
    const server = fakeGraphql({
      ApiKeys: () => ({ apiKeys: listed }),
      RevokeApiKey: ({ id }) => {
        listed = [{ ...activeKey, revokedAt: '2025-03-02T09:00:00Z' }];
        return { revokeApiKey: { id, revokedAt: '2025-03-02T09:00:00Z' } };
      },
    });
    answerConfirms(true);
    const { user } = renderPage(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke rka_live_ab' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke rka_live_ab' })).toBeNull(),
    );
    expect(server.sent('RevokeApiKey')).toEqual([{ id: 'key-1' }]);
    expect(screen.getByRole('row', { name: /^rka_live_ab…/ }).textContent).toContain('Revoked');
  });
});

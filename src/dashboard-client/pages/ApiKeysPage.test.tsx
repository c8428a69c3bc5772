import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListedApiKey } from '../components/ApiKeyTable';
import { answerConfirms } from '../testing/confirm';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { ApiKeysPage, endOfLocalDay } from './ApiKeysPage';

const activeKey: ListedApiKey = {
  id: 'key-1',
  prefix: 'rka_live_ab',
  createdAt: '2025-03-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  scope: 'write',
  expiresAt: null,
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
    expect(server.sent('CreateApiKey')).toEqual([{ scope: 'write', expiresAt: null }]);
  });

  it('creates a read-only key expiring after the chosen day, and lists its scope and expiry', async () => {
    const readKey: ListedApiKey = {
      ...activeKey,
      scope: 'read',
      expiresAt: endOfLocalDay('2999-06-30'),
    };
    let listed: ListedApiKey[] = [];
    const server = fakeGraphql({
      ApiKeys: () => ({ apiKeys: listed }),
      CreateApiKey: () => {
        listed = [readKey];
        return {
          createApiKey: { key: 'rka_live_ab_read', apiKey: { id: 'key-1', prefix: 'rka_live_ab' } },
        };
      },
    });
    const { user } = renderPage(<ApiKeysPage />);
    await user.selectOptions(screen.getByLabelText('Scope'), 'Read only');
    await user.type(screen.getByLabelText('Expires on (optional)'), '2999-06-30');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const row = await screen.findByRole('row', { name: /^rka_live_ab…/ });
    expect(server.sent('CreateApiKey')).toEqual([
      { scope: 'read', expiresAt: new Date(2999, 6, 1).toISOString() },
    ]);
    expect(row.textContent).toContain('Read only');
    expect(row.textContent).toContain('2999');
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

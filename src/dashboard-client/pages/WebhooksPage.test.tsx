import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhooksQuery } from '../gql/graphql';
import { answerConfirms } from '../testing/confirm';
import { fakeGraphql, Refusal } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { WebhooksPage } from './WebhooksPage';

type Webhook = WebhooksQuery['webhooks']['nodes'][number];

const hook: Webhook = {
  id: 'w1',
  name: 'Team hooks',
  url: 'https://example.com/hooks',
  format: 'json',
  retryPolicy: 'none',
  active: true,
  createdAt: '2025-03-01T09:00:00Z',
  lastDeliveryAt: null,
  lastError: null,
  consecutiveFailures: 0,
  totalDeliveries: 0,
  successRate24h: null,
};

const created = {
  createWebhook: { secret: 'whsec_new', webhook: { id: 'w1', name: 'Team hooks' } },
};

const addForm = () => screen.getByRole('form', { name: 'Add a webhook' });

describe('the webhook form', () => {
  it('sends the URL, the trimmed name, the format and its suggested retries, then shows the signing secret once and clears itself', async () => {
    const server = fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [] } }),
      CreateWebhook: () => created,
    });
    const { user } = renderPage(<WebhooksPage />);
    const form = addForm();
    await user.type(within(form).getByLabelText('URL'), 'https://example.com/hooks');
    await user.type(within(form).getByLabelText('Name'), '  Team hooks ');
    await user.selectOptions(within(form).getByLabelText('Format'), 'Slack message');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByRole('region', { name: 'Signing secret of the new webhook' });
    expect(within(secret).getByText('whsec_new')).toBeTruthy();
    expect(within(secret).getByText(/createHmac\('sha256', 'whsec_new'\)/)).toBeTruthy();
    expect(server.sent('CreateWebhook')).toEqual([
      {
        input: {
          url: 'https://example.com/hooks',
          name: 'Team hooks',
          format: 'slack',
          retryPolicy: 'standard',
        },
      },
    ]);
    expect(within(form).getByLabelText<HTMLInputElement>('URL').value).toBe('');
    expect(within(form).getByLabelText<HTMLSelectElement>('Format').value).toBe('json');
    expect(within(form).getByLabelText<HTMLSelectElement>('Retries').value).toBe('none');
    await waitFor(() => expect(server.sent('Webhooks')).toHaveLength(2));
  });

  it('leaves a blank name out, for the server to name the webhook after its host', async () => {
    const server = fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [] } }),
      CreateWebhook: () => created,
    });
    const { user } = renderPage(<WebhooksPage />);
    await user.type(within(addForm()).getByLabelText('URL'), 'https://example.com/hooks');
    await user.type(within(addForm()).getByLabelText('Name'), '   ');
    await user.click(within(addForm()).getByRole('button', { name: 'Add webhook' }));

    await waitFor(() =>
      expect(server.sent('CreateWebhook')).toEqual([
        { input: { url: 'https://example.com/hooks', format: 'json', retryPolicy: 'none' } },
      ]),
    );
  });

  it('suggests retries for Slack and Discord until the person chooses, then keeps the choice', async () => {
    const server = fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [] } }),
      CreateWebhook: () => created,
    });
    const { user } = renderPage(<WebhooksPage />);
    const form = addForm();
    const retries = within(form).getByLabelText<HTMLSelectElement>('Retries');
    expect(retries.value).toBe('none');
    expect(retries.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(retries.getAttribute('aria-describedby')!)!.textContent,
    ).toContain('Suggested for Slack and Discord');

    await user.selectOptions(within(form).getByLabelText('Format'), 'Discord message');
    expect(retries.value).toBe('standard');
    await user.selectOptions(within(form).getByLabelText('Format'), 'JSON (signed alert body)');
    expect(retries.value).toBe('none');

    await user.selectOptions(retries, 'Retry failures: 5 s, 1 min, 10 min, 1 h, 6 h later');
    await user.selectOptions(within(form).getByLabelText('Format'), 'Slack message');
    await user.selectOptions(within(form).getByLabelText('Format'), 'JSON (signed alert body)');
    expect(retries.value).toBe('standard');
    await user.type(within(form).getByLabelText('URL'), 'https://example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(server.sent('CreateWebhook')).toEqual([
        { input: { url: 'https://example.com/hooks', format: 'json', retryPolicy: 'standard' } },
      ]),
    );
  });

  it('sends nothing without a URL, or with one that is not a URL', async () => {
    const server = fakeGraphql({ Webhooks: () => ({ webhooks: { nodes: [] } }) });
    const { user } = renderPage(<WebhooksPage />);
    const url = within(addForm()).getByLabelText<HTMLInputElement>('URL');
    const add = within(addForm()).getByRole('button', { name: 'Add webhook' });

    await user.click(add);
    expect(url.validity.valueMissing).toBe(true);
    await user.type(url, 'example.com/hooks');
    await user.click(add);
    expect(url.validity.typeMismatch).toBe(true);

    expect(server.sent('CreateWebhook')).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [] } }),
      CreateWebhook: () => {
        throw new Refusal('url: a webhook must be an https:// URL', 'validation_failed');
      },
    });
    const { user } = renderPage(<WebhooksPage />);
    await user.type(within(addForm()).getByLabelText('URL'), 'http://example.com/hooks');
    await user.click(within(addForm()).getByRole('button', { name: 'Add webhook' }));

    expect((await within(addForm()).findByRole('alert')).textContent).toBe(
      'url: a webhook must be an https:// URL',
    );
    expect(within(addForm()).getByLabelText<HTMLInputElement>('URL').value).toBe(
      'http://example.com/hooks',
    );
    expect(screen.queryByRole('region', { name: /Signing secret/ })).toBeNull();
  });
});

describe('a webhook of the list', () => {
  it('shows its retries and turns them on and off', async () => {
    let retryPolicy: 'none' | 'standard' = 'none';
    const server = fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [{ ...hook, retryPolicy }] } }),
      UpdateWebhook: ({ input }) => {
        retryPolicy = (input as { retryPolicy: 'none' | 'standard' }).retryPolicy;
        return { updateWebhook: { id: 'w1', active: true, retryPolicy } };
      },
    });
    const { user } = renderPage(<WebhooksPage />);
    const turnOn = await screen.findByRole('button', { name: 'Turn retries on' });
    const card = () => screen.getByRole('article');
    expect(within(card()).getByText('None: one attempt per alert')).toBeTruthy();
    await user.click(turnOn);

    expect(await screen.findByRole('button', { name: 'Turn retries off' })).toBeTruthy();
    expect(
      within(card()).getByText('Retry failures: 5 s, 1 min, 10 min, 1 h, 6 h later'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn retries off' }));
    await screen.findByRole('button', { name: 'Turn retries on' });
    expect(server.sent('UpdateWebhook')).toEqual([
      { id: 'w1', input: { retryPolicy: 'standard' } },
      { id: 'w1', input: { retryPolicy: 'none' } },
    ]);
  });

  it('rotates its secret only once the user confirms, and shows the new one', async () => {
    const server = fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [hook] } }),
      RotateWebhookSecret: () => ({ rotateWebhookSecret: { secret: 'whsec_rotated' } }),
    });
    const confirm = answerConfirms(false, true);
    const { user } = renderPage(<WebhooksPage />);
    const rotate = await screen.findByRole('button', { name: 'Rotate secret' });

    await user.click(rotate);
    expect(confirm).toHaveBeenLastCalledWith(
      'Rotate the signing secret? The old one stops working.',
    );
    expect(server.sent('RotateWebhookSecret')).toEqual([]);
    await user.click(rotate);

    const secret = await screen.findByRole('region', { name: 'New signing secret of Team hooks' });
    expect(within(secret).getByText('whsec_rotated')).toBeTruthy();
    expect(server.sent('RotateWebhookSecret')).toEqual([{ id: 'w1' }]);
  });

  it('is deleted only once the user confirms', async () => {
    const server = fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [hook] } }),
      DeleteWebhook: ({ id }) => ({ deleteWebhook: { id, deleted: true } }),
    });
    const confirm = answerConfirms(false, true);
    const { user } = renderPage(<WebhooksPage />);
    const remove = await screen.findByRole('button', { name: 'Delete' });

    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith('Delete the webhook “Team hooks”?');
    expect(server.sent('DeleteWebhook')).toEqual([]);
    await user.click(remove);
    await waitFor(() => expect(server.sent('DeleteWebhook')).toEqual([{ id: 'w1' }]));
  });

  it('says how a test delivery went', async () => {
    fakeGraphql({
      Webhooks: () => ({ webhooks: { nodes: [hook] } }),
      TestWebhook: () => ({ testWebhook: { ok: false, status: 500, error: null } }),
    });
    const { user } = renderPage(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'Test' }));

    await waitFor(() =>
      expect(within(screen.getByRole('article')).getByRole('status').textContent).toBe(
        'Test failed: the endpoint answered 500.',
      ),
    );
  });
});

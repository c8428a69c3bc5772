import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, signIn } from '../utils/browser.js';
import { freePort } from '../utils/ports.js';
import { startUntil, waitFor } from '../utils/processes.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

/** The README's five-minute path, command for command, against the real server and CLI. */
describe('the quickstart', () => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });

  it('gets a first alert to the API, a verifying receiver, the feed and the dashboard, offline', async () => {
    const env = {
      DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'quickstart-')), 'alerts.sqlite')}`,
      PORT: String(await freePort()),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
    };
    const base = `http://127.0.0.1:${env.PORT}`;
    const server = startUntil('node', ['dist/src/main.js'], env, /"msg":"listening"/);
    children.push(server.child);
    await server.started;

    const account = await runAdmin(['create-account', '--plan', 'starter'], env);
    const { api_key: key, account_id: accountId } = parseJsonLine(account.stdout) as {
      api_key: string;
      account_id: string;
    };
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });

    expect((await post('/api/v1/keywords', { text: 'postgres backup' })).status).toBe(201);
    const receiverPort = String(await freePort());
    const hook = await post('/api/v1/webhooks', { url: `http://127.0.0.1:${receiverPort}/` });
    const { secret } = (await hook.json()) as { secret: string };
    const receiver = startUntil(
      'node',
      ['examples/receiver.mjs', secret, receiverPort],
      {},
      /listening/,
    );
    children.push(receiver.child);
    await receiver.started;

    const ingest = await runAdmin(['ingest', 'examples/sample.ndjson'], env);
    expect(parseJsonLine(ingest.stdout)).toMatchObject({ posts: 2, comments: 2, alerts: 2 });

    await waitFor(
      () => (receiver.output().match(/^verified /gm) ?? []).length === 2,
      20_000,
      'two verified deliveries',
    );
    expect(receiver.output()).toContain(
      'verified post How do you test your postgres backup restores?',
    );
    expect(receiver.output()).toContain(
      'verified comment How do you test your postgres backup restores?',
    );
    expect(receiver.output()).not.toContain('BAD SIGNATURE');

    const alerts = (await (await fetch(`${base}/api/v1/alerts`, { headers: auth })).json()) as {
      data: { event: string }[];
    };
    expect(alerts.data.map((alert) => alert.event).sort()).toEqual(['comment', 'post']);
    const feed = (await (await post('/api/v1/feeds/token', {})).json()) as { rss_url: string };
    const rss = await (await fetch(feed.rss_url)).text();
    expect(rss).toContain('[postgres backup] How do you test your postgres backup restores?');

    const tried = (await (await post('/api/v1/keywords/preview', { text: 'homelab' })).json()) as {
      data: { matches: number; samples: { id: string }[] };
    };
    expect(tried.data).toMatchObject({ matches: 1, samples: [{ id: 'qs0002' }] });

    const user = await runAdmin(['create-user', accountId, '--email', 'you@example.com'], env);
    const { password } = parseJsonLine(user.stdout) as { password: string };
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, base, 'you@example.com', password);
      const alertTitles = page.getByRole('heading', {
        name: 'How do you test your postgres backup restores?',
      });
      await alertTitles.nth(1).waitFor();
      expect(await alertTitles.count()).toBe(2);

      // 7. A keyword tried on the recent window before it is saved, in the form and over the API.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Keywords' })
        .click();
      const form = page.getByRole('form', { name: 'Add keywords' });
      await form.getByLabel('Keywords', { exact: true }).pressSequentially('homelab');
      const preview = form.getByRole('region', { name: 'Preview of “homelab”' });
      await preview
        .locator('.preview-count')
        .filter({ hasText: /^1 match in the last 24 hours/ })
        .waitFor();
      expect(await preview.locator('mark').allTextContents()).toEqual(['homelab']);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SESSION_IDLE_MS } from '../../src/modules/users/session-policy.js';
import { WebhookEntity } from '../../src/modules/webhooks/webhook.entity.js';
import { startChatReceiver } from '../utils/chat-receivers.js';
import { createTestApp, bearer, type TestApp } from '../utils/create-test-app.js';
import {
  foreignRequests,
  launchBrowser,
  listenOnLoopback,
  observedPage,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  submitSignIn,
  type ObservedPage,
} from '../utils/browser.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import {
  answerWith,
  hasValidSignature,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const THREE_DAYS_MS = 3 * 86_400_000;

const NAVIGATION = [
  'Alerts',
  'Keywords',
  'Webhooks',
  'Usage',
  'API keys',
  'Feeds',
  'Email',
  'Team',
  'Audit log',
  'Account',
];

type Product = 'alerts' | 'app';

interface DashboardUser {
  accountId: string;
  apiKey: string;
  email: string;
  password: string;
}

/** A page another site serves on another port of the same host: a form and a fetch at /graphql. */
function startForeignSite(target: string): Promise<Server> {
  const mutation = JSON.stringify({ query: 'mutation { createApiKey { key } }' });
  const html = `<!doctype html><html><body>
<form id="f" method="POST" action="${target}/graphql" enctype="text/plain">
<input type="hidden" name='${mutation.slice(0, -1)},"x":"' value='"}'></form>
<script>
fetch(${JSON.stringify(`${target}/graphql`)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
  headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(mutation)} })
  .finally(() => document.getElementById('f').submit());
</script></body></html>`;
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html),
  );
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('the signed-in dashboard in Chromium', () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let env: Record<string, string>;
  const opened: ObservedPage[] = [];

  /**
   * The tests' users, made in beforeAll all at once (each is a whole operator command process)
   * and handed out by newUser; one test more makes its own when they run out.
   */
  const PREMADE: Product[] = [...Array<Product>(14).fill('alerts'), 'app'];
  const premade: Record<Product, DashboardUser[]> = { alerts: [], app: [] };

  async function newUser(product: Product = 'alerts'): Promise<DashboardUser> {
    return premade[product].shift() ?? makeUser(product);
  }

  /** A new account with a dashboard user, made by the operator command as an operator would. */
  async function makeUser(product: Product): Promise<DashboardUser> {
    const { accountId, apiKey } = await t.account('starter', product);
    const email = `user-${accountId}@example.com`;
    const created = await runAdmin(['create-user', accountId, '--email', email], env);
    expect(created.stderr).toBe('');
    const { password } = parseJsonLine(created.stdout) as { password: string };
    return { accountId, apiKey, email, password };
  }

  async function signedIn(user: DashboardUser): Promise<ObservedPage> {
    const observed = await observedPage(browser);
    opened.push(observed);
    await signIn(observed.page, origin, user.email, user.password);
    return observed;
  }

  const navigate = async (page: Page, link: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: link }).waitFor();
  };

  beforeAll(async () => {
    // The operator command runs in real time, so the app's clock starts at the real now.
    t = await createTestApp('sqlite', { WEBHOOK_ALLOW_PRIVATE: 'true' }, { now: new Date() });
    env = { DATABASE_URL: t.databaseUrl };
    origin = await listenOnLoopback(t);
    const [launched, users] = await Promise.all([
      launchBrowser(),
      Promise.all(PREMADE.map((product) => makeUser(product))),
    ]);
    browser = launched;
    users.forEach((user, i) => premade[PREMADE[i]].push(user));
  }, 120_000);
  afterEach(async () => {
    for (const observed of opened.splice(0)) await observed.close();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in, shows the navigation by its names, and signs out', async () => {
    const user = await newUser();
    const { page } = await signedIn(user);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(NAVIGATION);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto(`${origin}/dashboard/keywords`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/login');
  });

  it('refuses a wrong password and an unknown email with the same words', async () => {
    const user = await newUser();
    const observed = await observedPage(browser);
    opened.push(observed);
    const { page } = observed;
    const messages: string[] = [];
    for (const [email, password] of [
      [user.email, 'not-the-password'],
      ['nobody@example.com', user.password],
    ]) {
      await submitSignIn(page, origin, email, password);
      messages.push(await page.getByRole('alert').innerText());
      expect(new URL(page.url()).pathname).toBe('/dashboard/login');
    }
    expect(messages).toEqual(['Email or password is wrong', 'Email or password is wrong']);
    await screenshot(page, 'login-failed');
  });

  it('sends an expired session back to the sign-in page', async () => {
    const { page } = await signedIn(await newUser());
    t.clock.advance(SESSION_IDLE_MS + 60_000);
    try {
      // The open Alerts page asks for new alerts every 2 s: its next request finds the session
      // gone and leaves for the sign-in page, whatever the user does meanwhile.
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/dashboard/login');
    } finally {
      t.clock.advance(-(SESSION_IDLE_MS + 60_000));
    }
  });

  it('does nothing for a form or a fetch from another port of the same host', async () => {
    const user = await newUser();
    const { page } = await signedIn(user);
    await navigate(page, 'API keys');
    const rowsBefore = await page.getByRole('row').count();
    const foreign = await startForeignSite(origin);
    try {
      const { port } = foreign.address() as AddressInfo;
      const attack = await page.context().newPage();
      const refused = attack.waitForResponse((res) => res.url() === `${origin}/graphql`);
      await attack.goto(`http://127.0.0.1:${port}/`);
      await refused;
      await attack.waitForLoadState('networkidle');
    } finally {
      foreign.close();
    }
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBe(rowsBefore);
  });

  it('creates a key that works on /api/v1, and revokes it at once', async () => {
    const { page } = await signedIn(await newUser());
    await navigate(page, 'API keys');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.locator('.once-secret code').innerText();
    await t.http.get('/api/v1/keywords').set(bearer(key)).expect(200);
    await screenshot(page, 'api-keys');
    page.once('dialog', (dialog) => void dialog.accept());
    const row = page.getByRole('row').filter({ hasText: key.slice(0, 8) });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText(/^Revoked/).waitFor();
    await t.http.get('/api/v1/keywords').set(bearer(key)).expect(401);
  });

  it('adds keywords from a pasted list, with the plan limit and today’s matches', async () => {
    const { page } = await signedIn(await newUser());
    await navigate(page, 'Keywords');
    await page.getByLabel('Keywords', { exact: true }).fill('postgres backup\nsqlite wal\n');
    await page.getByRole('button', { name: 'Add keywords' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2' }).waitFor();
    await page.getByRole('rowheader', { name: 'sqlite wal' }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual([
      'postgres backup',
      'sqlite wal',
    ]);
    expect(await page.getByText('2 of 25').count()).toBe(1);
    await screenshot(page, 'keywords');

    const row = page.getByRole('row').filter({ hasText: 'sqlite wal' });
    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByRole('button', { name: 'Resume' }).waitFor();
    await page.getByText('1 of 25').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Mode').selectOption('broad');
    await row.getByLabel('Not in subreddits').fill('sqlite, r/databases');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('cell', { name: 'broad', exact: true }).waitFor();
    await row.getByText('not r/sqlite · not r/databases').waitFor();
  });

  describe('with a webhook receiver', () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(() => receiver.close());

    it('adds a webhook, shows its secret once, and tests it against the receiver', async () => {
      const { page } = await signedIn(await newUser());
      await navigate(page, 'Webhooks');
      await page.getByLabel('URL').fill(receiver.url);
      await page.getByLabel('Name').fill('Receiver');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = await page.locator('.once-secret code').innerText();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await page.getByRole('button', { name: 'Test' }).click();
      await page.getByRole('status').filter({ hasText: 'Test delivered' }).waitFor();
      const [delivery] = receiver.requests;
      expect(await hasValidSignature(delivery, secret)).toBe(true);
      await screenshot(page, 'webhooks');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByRole('heading', { name: 'New signing secret of Receiver' }).waitFor();
      const rotated = await page.locator('.once-secret code').innerText();
      expect(rotated).toMatch(/^[0-9a-f]{64}$/);
      expect(rotated).not.toBe(secret);

      await page.getByRole('link', { name: 'Delivery log of Receiver' }).click();
      await page.getByRole('heading', { level: 1, name: 'Deliveries of Receiver' }).waitFor();
      await page.getByLabel('Status').selectOption('failed');
      await page.getByText('No deliveries with status failed.').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('shows a webhook failing for 3 days on every page, linked to its log, until it is paused', async () => {
      const user = await newUser();
      const broken = await startWebhookReceiver(answerWith(500));
      try {
        const created = await t.http
          .post('/api/v1/webhooks')
          .set(bearer(user.apiKey))
          .send({ url: broken.url, name: 'Broken hook' })
          .expect(201);
        const id = (created.body as { data: { id: string } }).data.id;
        await t.http.post(`/api/v1/webhooks/${id}/test`).set(bearer(user.apiKey)).expect(200);
        // The streak that attempt began, as if it had begun 3 days ago: this file's clock is real
        // time for the admin command, so it is not moved (the e2e tests move it).
        await t.database.transaction((manager) =>
          manager.update(WebhookEntity, { id }, { failingSince: t.clock.nowMs() - THREE_DAYS_MS }),
        );
        const { page } = await signedIn(user);
        const banner = page.getByRole('region', { name: 'Failing webhooks' });
        await banner.getByText('A webhook has failed for 3 days or more.').waitFor();
        await navigate(page, 'Keywords');
        await banner.getByText(/Broken hook: failing since .*, last error “HTTP 500/).waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'failing-webhook-banner');

        await banner.getByRole('link', { name: 'Broken hook' }).click();
        await page.getByRole('heading', { level: 1, name: 'Deliveries of Broken hook' }).waitFor();
        await navigate(page, 'Webhooks');
        await page.getByRole('button', { name: 'Pause' }).click();
        await banner.waitFor({ state: 'detached' });
      } finally {
        await broken.close();
      }
    });

    it('adds a Slack webhook with the Format chooser and its suggested retries, lists them, and tests it', async () => {
      const slack = await startChatReceiver('slack');
      try {
        const { page } = await signedIn(await newUser());
        await navigate(page, 'Webhooks');
        await page.getByLabel('URL').fill(slack.url);
        await page.getByLabel('Name').fill('Team channel');
        await page.getByLabel('Format').selectOption('slack');
        // Chat platforms answer 429 when busy: the form suggests retries for them.
        expect(await page.getByLabel('Retries').inputValue()).toBe('standard');
        await page.getByRole('button', { name: 'Add webhook' }).click();
        const card = page.getByRole('article', { name: 'Team channel' });
        await card.getByText('Slack message').waitFor();
        await card.getByText('Retry failures: 5 s, 1 min, 10 min, 1 h, 6 h later').waitFor();
        await card.getByRole('button', { name: 'Test' }).click();
        await card.getByRole('status').filter({ hasText: 'Test delivered' }).waitFor();
        expect(slack.problems()).toEqual([]);
        expect(slack.messages()).toEqual([expect.objectContaining({ blocks: expect.any(Array) })]);
        expect(await page.getByLabel('Format').inputValue()).toBe('json');
        expect(await page.getByLabel('Retries').inputValue()).toBe('none');
        await screenshot(page, 'webhooks-formats');
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      } finally {
        await slack.close();
      }
    });
  });

  it('shows a new alert on the open Alerts page within 5 s of admin ingest, then in the usage chart', async () => {
    const user = await newUser();
    await t.http
      .post('/api/v1/keywords')
      .set(bearer(user.apiKey))
      .send({ text: 'postgres backup' })
      .expect(201);
    const { page } = await signedIn(user);
    await page.getByText('No alerts yet').waitFor();
    const ingest = await runAdmin(['ingest', 'examples/sample.ndjson'], env);
    const ingested = Date.now();
    expect(parseJsonLine(ingest.stdout)).toMatchObject({ posts: 2, comments: 2 });
    await page
      .getByRole('heading', { name: 'How do you test your postgres backup restores?' })
      .first()
      .waitFor({ timeout: 5000 });
    process.stdout.write(
      `dashboard live alert: on the page ${Date.now() - ingested} ms after admin ingest\n`,
    );
    await page
      .getByRole('listitem')
      .filter({ hasText: 'comment' })
      .first()
      .waitFor({ timeout: 5000 });
    await screenshot(page, 'alerts');
    await navigate(page, 'Usage');
    const chart = page.getByRole('img', { name: /Matches per day over 30 days/ });
    await chart.locator('canvas').waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/: 2 delivered, 0 capped$/);
    expect(await page.locator('details table tbody tr').count()).toBe(30);
    await screenshot(page, 'usage');
  });

  it('shows a canceled account the 402 state, at once and at the next sign-in', async () => {
    const user = await newUser();
    const { page } = await signedIn(user);
    const canceled = await runAdmin(['set-plan', user.accountId, '--status', 'canceled'], env);
    expect(canceled.code).toBe(0);
    // The Alerts page polls every 2 s: its next poll or the click, whichever asks first, meets
    // the 402; when the poll does, the link is gone before the click lands.
    void page
      .getByRole('link', { name: 'API keys' })
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: 'Subscription required' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/canceled');
    await screenshot(page, 'canceled');
    await submitSignIn(page, origin, user.email, user.password);
    await page.getByRole('heading', { level: 1, name: 'Subscription required' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Two admin processes and two sign-ins: on a loaded 2-core machine it has passed 30 s.
  }, 60_000);

  it('gives App accounts the Inbox in place of the Alerts', async () => {
    const { page } = await signedIn(await newUser('app'));
    expect(new URL(page.url()).pathname).toBe('/dashboard/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Inbox',
      ...NAVIGATION.slice(1),
    ]);
    await page.getByText('Nothing in the inbox yet.').waitFor();
    await page.getByLabel('Unread only').check();
    await page.getByText('Nothing in the inbox for these filters.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('issues feed URLs once that serve the feed, and rotates them', async () => {
    const { page } = await signedIn(await newUser());
    await navigate(page, 'Feeds');
    await page.getByText('No feed token yet.').waitFor();
    await page.getByRole('button', { name: 'Create feed URLs' }).click();
    const first = new URL(await page.getByLabel('RSS URL').inputValue());
    const feed = await t.http.get(first.pathname).expect(200);
    expect(feed.text).toContain('<rss');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Rotate token' }).click();
    await page.getByText(/^Feed token .+ issued/).waitFor();
    await page
      .getByLabel('RSS URL')
      .and(page.locator(`:not([value="${first.href}"])`))
      .waitFor();
    const second = new URL(await page.getByLabel('RSS URL').inputValue());
    await t.http.get(second.pathname).expect(200);
    await t.http.get(first.pathname).expect(404);
  });

  it('changes the password, which the next sign-in needs', async () => {
    const user = await newUser();
    const { page } = await signedIn(user);
    await navigate(page, 'Account');
    const newPassword = 'a much longer new password';
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await submitSignIn(page, origin, user.email, user.password);
    await page.getByRole('alert').filter({ hasText: 'Email or password is wrong' }).waitFor();
    await signIn(page, origin, user.email, newPassword);
  });

  it('passes axe on every page, shows no error, and loads nothing from another host', async () => {
    const observed = await signedIn(await newUser());
    const { page } = observed;
    const findings: Record<string, unknown> = {};
    for (const link of NAVIGATION) {
      await navigate(page, link);
      await page.waitForLoadState('networkidle');
      findings[link] = {
        violations: await seriousAccessibilityViolations(page),
        errors: await page.getByRole('alert').allInnerTexts(),
      };
    }
    expect(findings).toEqual(
      Object.fromEntries(NAVIGATION.map((link) => [link, { violations: [], errors: [] }])),
    );
    expect(foreignRequests(observed.requests, origin)).toEqual([]);
    expect(await observed.cspViolations()).toEqual([]);
  });
});

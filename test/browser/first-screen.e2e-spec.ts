import type { Page } from 'playwright-core';
import { UsersService } from '../../src/modules/users/users.service.js';
import { insertAlert } from '../factories/alert.factory.js';
import { createKeywords } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer } from '../utils/create-test-app.js';
import {
  browserSuite,
  screenshot,
  seriousAccessibilityViolations,
  submitSignIn,
} from '../utils/browser.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

const PHONE = { width: 390, height: 844 };

/** The page's width as laid out: wider than the screen means a control is cut off or scrolls away. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The navigation's links after the Alerts page, in order. */
const LATER_LINKS = [
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

describe('the first screen and the phone layout in Chromium', () => {
  const suite = browserSuite({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  /** A new account with one user, made by the service the admin command calls. */
  async function newUser(product: 'alerts' | 'app' = 'alerts') {
    const { accountId, apiKey } = await suite.t.account('starter', product);
    const email = `first-${accountId}@example.com`;
    const { password } = await suite.t.app.get(UsersService).createUser(accountId, email);
    return { accountId, apiKey, email, password };
  }

  const followNavigation = async (page: Page, link: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: link }).waitFor();
  };

  it('leads a new account from its first screen to a test alert arriving at its webhook', async () => {
    const user = await newUser();
    const { page } = await suite.signedIn(user.email, user.password);
    const checklist = page.getByRole('region', { name: 'Getting started' });
    const step = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
    await checklist.waitFor();
    await page.getByText('No alerts yet').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'getting-started');

    await checklist.getByLabel('Keyword to watch').fill('self-hosted crm');
    await checklist.getByRole('button', { name: 'Add keyword' }).click();
    await step('1. Add a keyword').getByText('Done').waitFor();
    const listed = await suite.t.http.get('/api/v1/keywords').set(bearer(user.apiKey)).expect(200);
    expect(listed.body.data).toMatchObject([{ text: 'self-hosted crm', mode: 'exact' }]);
    // The Alerts filter offers the new keyword without a reload.
    await page
      .getByLabel('Keyword', { exact: true })
      .locator('option', { hasText: 'self-hosted crm' })
      .waitFor({ state: 'attached' });

    await checklist.getByRole('link', { name: 'Slack channel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect(await page.getByLabel('Format').inputValue()).toBe('slack');
    expect(await page.getByLabel('Retries').inputValue()).toBe('standard');
    await page.goBack();
    await checklist.getByRole('link', { name: 'Your own endpoint (signed JSON)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect(await page.getByLabel('Format').inputValue()).toBe('json');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Name').fill('My receiver');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('article', { name: 'My receiver' }).waitFor();

    await followNavigation(page, 'Alerts');
    await step('2. Connect where alerts go').getByText('Done').waitFor();
    expect(await step('3. See a test alert arrive').getByText('Done').count()).toBe(0);
    await checklist.getByRole('button', { name: 'Send a test to My receiver' }).click();
    await checklist
      .getByRole('status')
      .filter({ hasText: 'Test delivered: the endpoint answered 200.' })
      .waitFor();
    const [arrived] = await receiver.received(1);
    expect(arrived.headers['x-webhook-event']).toBe('test');
    await step('3. See a test alert arrive').getByText('Done').waitFor();
    await checklist.getByRole('status').filter({ hasText: 'All set' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'getting-started-done');

    await page.reload();
    await page.getByText('No alerts yet').waitFor();
    expect(await checklist.count()).toBe(0);
  });

  it('works at 390×844 on every page: the menu, its links, no page wider than the screen, axe', async () => {
    const user = await newUser();
    const [keyword] = await createKeywords(suite.t, user.apiKey, [
      { text: 'postgres backup', query: 'postgres AND (backup OR restore) -author:AutoModerator' },
      'sqlite wal',
    ]);
    await insertAlert(suite.t, {
      accountId: user.accountId,
      keywordId: keyword.id,
      keywordText: keyword.text,
      title: 'How do you test your postgres backup restores before you need them in production?',
    });
    const hook = await createWebhook(suite.t, user.apiKey, `${receiver.url}/a/rather/long/path`, {
      name: 'Team receiver',
    });
    await suite.t.http.post(`/api/v1/webhooks/${hook.id}/test`).set(bearer(user.apiKey));
    const app = await newUser('app');
    const operator = `ops-${user.accountId}@example.com`;
    const { password } = await suite.t.app.get(UsersService).createOperator(operator);

    const widths: Record<string, number> = {};
    const violations: Record<string, unknown[]> = {};
    const check = async (page: Page, name: string) => {
      await page.waitForLoadState('networkidle');
      widths[name] = await pageWidth(page);
      violations[name] = await seriousAccessibilityViolations(page);
    };
    const menu = (page: Page) => page.getByRole('button', { name: 'Menu' });
    /** Opens the menu, follows a link by its exact name, and finds the menu folded again. */
    const viaMenu = async (page: Page, link: string, heading = link) => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.isVisible()).toBe(false);
      expect(await menu(page).getAttribute('aria-expanded')).toBe('false');
      await menu(page).click();
      expect(await menu(page).getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await nav.waitFor({ state: 'hidden' });
    };

    /** A phone's first load: laid out at 390 px from the start. */
    const signedIn = async (email: string, secret: string) => {
      const { page } = await suite.newPage();
      await page.setViewportSize(PHONE);
      await submitSignIn(page, suite.origin, email, secret);
      await menu(page).waitFor();
      return page;
    };

    const page = await signedIn(user.email, user.password);
    await page.getByRole('heading', { name: /^How do you test your postgres/ }).waitFor();
    await check(page, 'Alerts');
    await screenshot(page, 'phone-alerts');
    await menu(page).click();
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(),
    ).toEqual(['Alerts', ...LATER_LINKS]);
    await screenshot(page, 'phone-menu');
    await menu(page).click();
    for (const link of LATER_LINKS) {
      await viaMenu(page, link);
      if (link === 'Keywords') await page.getByRole('rowheader', { name: /^sqlite wal/ }).waitFor();
      if (link === 'Usage')
        await page
          .getByRole('img', { name: /Matches per day/ })
          .locator('canvas')
          .waitFor();
      await check(page, link);
      if (['Keywords', 'Webhooks', 'Usage'].includes(link)) {
        await screenshot(page, `phone-${link.toLowerCase()}`);
      }
    }
    await viaMenu(page, 'Webhooks');
    await page.getByRole('link', { name: 'Delivery log of Team receiver' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deliveries of Team receiver' }).waitFor();
    await check(page, 'Delivery log');

    const inbox = await signedIn(app.email, app.password);
    await inbox.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await check(inbox, 'Inbox');

    const ops = await signedIn(operator, password);
    await ops.getByRole('heading', { level: 1, name: 'Ingestion' }).waitFor();
    await check(ops, 'Ingestion');
    for (const link of ['Delivery', 'Accounts']) {
      await viaMenu(ops, link);
      await check(ops, link);
    }
    await ops.getByRole('link', { name: user.accountId, exact: true }).click();
    await ops.getByRole('heading', { level: 1, name: `Account ${user.accountId}` }).waitFor();
    await check(ops, 'Account in the console');
    await screenshot(ops, 'phone-ops-account');

    const pages = Object.keys(widths);
    expect(pages).toHaveLength(16);
    expect(Object.entries(widths).filter(([, width]) => width > PHONE.width)).toEqual([]);
    expect(violations).toEqual(Object.fromEntries(pages.map((name) => [name, []])));
  }, 90_000);
});

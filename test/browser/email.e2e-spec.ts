import { createKeywords } from '../factories/keyword.factory.js';
import {
  mailingBrowserSuite,
  observedPage,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  type ObservedPage,
} from '../utils/browser.js';
import { linkPath } from '../utils/email-scenario.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

describe('the Email page in Chromium', () => {
  const suite = mailingBrowserSuite();
  let observed: ObservedPage | undefined;

  afterEach(() => observed?.close());

  it('subscribes an address, shows it pending, then active once its owner confirms', async () => {
    const { t, origin, browser, receiver } = suite;
    const { accountId, apiKey } = await t.account();
    await createKeywords(t, apiKey, ['sprockets', 'gaskets']);
    const email = `user-${accountId}@example.com`;
    const created = await runAdmin(['create-user', accountId, '--email', email], {
      DATABASE_URL: t.databaseUrl,
    });
    const { password } = parseJsonLine(created.stdout) as { password: string };
    observed = await observedPage(browser);
    const { page } = observed;
    await signIn(page, origin, email, password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Email' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Email' }).waitFor();
    await page.getByText('No email subscriptions yet').waitFor();

    await page.getByLabel('Email address').fill('team@example.org');
    await page.getByLabel('Frequency').selectOption('instant');
    await page.getByLabel('sprockets').check();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'team@example.org' });
    await card.getByText('Waiting for the address to confirm').waitFor();
    await card.getByText('sprockets').waitFor();

    const [confirmation] = await receiver.waitForMails(1);
    await page.goto(`${origin}${linkPath(confirmation, 'confirm', origin)}`);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();

    await page.goto(`${origin}/dashboard/email`);
    await card.getByText('Active').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'email');
  });
});

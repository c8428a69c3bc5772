import { UsersService } from '../../src/modules/users/users.service.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { createKeywords } from '../factories/keyword.factory.js';
import { insertWebhook } from '../factories/webhook.factory.js';
import { browserSuite, screenshot, seriousAccessibilityViolations } from '../utils/browser.js';

describe('the console’s Accounts page in Chromium', () => {
  const suite = browserSuite();

  /** An account with a little of everything the page shows. */
  async function seedAccount(name: string) {
    const { account, apiKey } = await suite.t.app
      .get(AccountsService)
      .createAccount({ plan: 'starter', product: 'alerts', name });
    await createKeywords(suite.t, apiKey, ['espresso machine', { text: 'grinder', mode: 'broad' }]);
    await insertWebhook(suite.t, { accountId: account.id, name: 'Orders' });
    await insertWebhook(suite.t, {
      accountId: account.id,
      name: 'Slack',
      url: 'https://hooks.slack.example/services/T0/B0/secret-path',
      consecutiveFailures: 4,
      lastError: 'HTTP 500 from hooks.slack.example',
    });
    await suite.t.app
      .get(UsersService)
      .createUser(account.id, `owner@${name.toLowerCase().replace(/\W/g, '')}.example`);
    return account;
  }

  it('searches, opens an account, changes its plan and shows the audit entry', async () => {
    await seedAccount('Northwind Coffee');
    await seedAccount('Contoso Tea');
    const staff = await suite.t.app.get(UsersService).createOperator('console@example.com');
    const { page } = await suite.signedIn('console@example.com', staff.password);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('link', { name: 'Contoso Tea' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'accounts', 'ops');

    await page.getByLabel('Search accounts').fill('owner@northwind');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Contoso Tea' }).waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Northwind Coffee/ });
    expect(await row.innerText()).toMatch(/starter\s+active\s+2 of 25\s+0\s+0\s+2\s+1 failing/);
    await row.getByRole('link', { name: 'Northwind Coffee' }).click();

    await page.getByRole('heading', { level: 1, name: 'Account Northwind Coffee' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/ops\/accounts\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('cell', { name: 'hooks.slack.example', exact: true }).count()).toBe(
      1,
    );
    expect(await page.content()).not.toContain('secret-path');
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('pro');
    await page.getByRole('button', { name: 'Change plan' }).click();
    const entry = page.getByRole('row', { name: /change_account/ });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('console@example.com');
    expect(await entry.innerText()).toContain('plan: starter');
    expect(await entry.innerText()).toContain('plan: pro');
    expect(await page.locator('dl.facts').innerText()).toContain('pro (active)');

    await page.getByLabel('Email').fill('second@northwind.example');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('region', { name: 'Password of second@northwind.example' }).waitFor();
    await page.getByRole('row', { name: /add_user/ }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /^Revoke alr_/ }).click();
    await page.getByRole('row', { name: /revoke_api_key/ }).waitFor();

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'account', 'ops');
  });
});

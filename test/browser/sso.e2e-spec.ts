import { UsersService } from '../../src/modules/users/users.service.js';
import { browserSuite, screenshot, seriousAccessibilityViolations } from '../utils/browser.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '../utils/openid-provider.js';

describe('single sign-on in Chromium', () => {
  const suite = browserSuite({ SSO_ALLOW_HTTP: 'true' });
  let provider: TestOpenIdProvider;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    provider = await startOpenIdProvider(`${suite.origin}/dashboard/sso/callback`);
    const { accountId } = await suite.t.account();
    const { user, password } = await suite.t.app
      .get(UsersService)
      .createUser(accountId, 'admin@acme.test');
    admin = { email: user.email, password };
  });
  afterAll(() => provider?.close());

  it('an admin sets the provider up on the Account page; the secret is never shown again', async () => {
    const { page } = await suite.signedIn(admin.email, admin.password);
    await page.getByRole('link', { name: 'Account' }).click();
    const section = page.getByRole('region', { name: 'Single sign-on (SSO)' });
    await expect(
      section.getByText(`${suite.origin}/dashboard/sso/callback`).isVisible(),
    ).resolves.toBe(true);
    await section.getByLabel('Issuer URL').fill(provider.issuer);
    await section.getByLabel('Client ID').fill(provider.client.clientId);
    await section.getByLabel('Client secret').fill(provider.client.clientSecret);
    await section.getByLabel('Allowed email domains').fill('acme.test, Acme.example');
    await section.getByRole('button', { name: 'Save SSO settings' }).click();
    await section.getByText('SSO settings saved.').waitFor();
    await expect(section.getByLabel('Allowed email domains').inputValue()).resolves.toBe(
      'acme.example, acme.test',
    );
    await expect(section.getByLabel('Client secret').inputValue()).resolves.toBe('');
    await section
      .getByText('A secret is stored (sealed, never shown). Leave empty to keep it.')
      .waitFor();
    expect(await page.content()).not.toContain(provider.client.clientSecret);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'sso-settings');

    await section.getByLabel('Issuer URL').fill('https://sso.invalid');
    await section.getByRole('button', { name: 'Save SSO settings' }).click();
    await section.getByRole('alert').waitFor();
    await expect(section.getByRole('alert').textContent()).resolves.toContain(
      "The issuer's discovery document (https://sso.invalid/.well-known/openid-configuration) did not check out",
    );
  });

  it('a new user of an allowed domain signs in through the provider’s own page, created just in time', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.origin}/dashboard/login`);
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await page.getByLabel('Email').fill('dana@acme.test');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'sso-sign-in');
    await page.getByRole('button', { name: 'Continue' }).click();

    // oidc-provider's own sign-in page, on its own origin.
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('dana@acme.test');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();

    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(new URL(page.url()).origin).toBe(suite.origin);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText('dana@acme.test').first().waitFor();
    const user = await suite.t.app.get(UsersService).findByEmail('dana@acme.test');
    expect(user?.accountId).toBeDefined();
  });

  it('an email of another domain is refused by the provider’s answer and said on the sign-in page', async () => {
    provider.claims.set('eve', { email: 'eve@elsewhere.test', email_verified: true });
    const { page } = await suite.newPage();
    await page.goto(`${suite.origin}/dashboard/login/sso`);
    await page.getByLabel('Email').fill('eve@acme.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('eve');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${suite.origin}/dashboard/login?sso_error=domain`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      "Your email's domain is not allowed to sign in to this account with SSO.",
    );
    await screenshot(page, 'sso-refused');
  });

  it('says so when SSO is not set up for the email, without leaving the page', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.origin}/dashboard/login/sso`);
    await page.getByLabel('Email').fill('someone@nowhere.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Single sign-on is not set up for this email address',
    );
  });
});

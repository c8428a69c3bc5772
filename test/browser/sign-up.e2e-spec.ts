import {
  foreignRequests,
  mailingBrowserSuite,
  observedPage,
  screenshot,
  seriousAccessibilityViolations,
  type ObservedPage,
} from '../utils/browser.js';

describe('signing up in Chromium', () => {
  const suite = mailingBrowserSuite({ SIGNUP: 'open' });
  let observed: ObservedPage | undefined;

  afterEach(() => observed?.close());

  it('signs up from the sign-in page, follows the mailed link and lands signed in on the dashboard', async () => {
    const { origin, browser, receiver } = suite;
    observed = await observedPage(browser);
    const { page } = observed;
    await page.goto(`${origin}/dashboard/login`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    expect(page.url()).toBe(`${origin}/dashboard/signup`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Email').fill('newcomer@example.org');
    await page.getByLabel('Password').fill('correct horse battery');
    await screenshot(page, 'signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    await page.getByText('It works once, for 24 hours', { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'signup-sent');

    const [mail] = await receiver.waitForMails(1);
    expect(mail.to).toEqual(['newcomer@example.org']);
    const link = new RegExp(`${origin}/dashboard/signup/verify#mail_[A-Za-z0-9_-]{43}`).exec(
      mail.parsed.text ?? '',
    );
    expect(link).not.toBeNull();
    await page.goto(link![0]);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create my account' }).click();

    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(page.url()).toBe(`${origin}/dashboard`);
    await page.getByText('newcomer@example.org').first().waitFor();
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText('starter').first().waitFor();
    expect(await observed.cspViolations()).toEqual([]);
    expect(foreignRequests(observed.requests, origin)).toEqual([]);
  });
});

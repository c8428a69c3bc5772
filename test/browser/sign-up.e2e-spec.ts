import type { Browser } from 'playwright-core';
import { freePort } from '../../bench/free-port.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  foreignRequests,
  launchBrowser,
  observedPage,
  screenshot,
  seriousAccessibilityViolations,
  type ObservedPage,
} from '../utils/browser.js';
import { startSmtpReceiver, type SmtpReceiver } from '../utils/smtp-receiver.js';

describe('signing up in Chromium', () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let observed: ObservedPage | undefined;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    // The mailed link points at PUBLIC_BASE_URL: here the loopback origin the browser uses.
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp(
      'sqlite',
      { SMTP_URL: receiver.url, PUBLIC_BASE_URL: origin, SIGNUP: 'open' },
      { now: new Date() },
    );
    await t.app.listen(port, '127.0.0.1');
    browser = await launchBrowser();
  });
  afterEach(() => observed?.close());
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  it('signs up from the sign-in page, follows the mailed link and lands signed in on the dashboard', async () => {
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

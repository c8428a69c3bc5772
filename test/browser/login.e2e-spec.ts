import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  foreignRequests,
  launchBrowser,
  listenOnLoopback,
  observedPage,
  screenshot,
  seriousAccessibilityViolations,
  type ObservedPage,
} from '../utils/browser.js';

describe('the dashboard sign-in page in Chromium', () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let observed: ObservedPage;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    origin = await listenOnLoopback(t);
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    observed = await observedPage(browser);
  });
  afterEach(() => observed.close());
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the labelled Email and Password fields and the Sign in button, under a strict CSP', async () => {
    const { page } = observed;
    const response = await page.goto(`${origin}/dashboard/login`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByLabel('Email').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Password').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await page.title()).toBe('Sign in · Alerts dashboard');
    expect(await observed.cspViolations()).toEqual([]);
    await screenshot(page, 'login');
  });

  it('loads nothing from another host', async () => {
    await observed.page.goto(`${origin}/dashboard/login`, { waitUntil: 'networkidle' });
    expect(observed.requests.length).toBeGreaterThan(2);
    expect(foreignRequests(observed.requests, origin)).toEqual([]);
  });

  it('has no critical or serious accessibility violation (axe-core)', async () => {
    await observed.page.goto(`${origin}/dashboard/login`);
    await observed.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousAccessibilityViolations(observed.page)).toEqual([]);
  });

  it('is usable by keyboard alone, with a visible focus', async () => {
    const { page } = observed;
    await page.goto(`${origin}/dashboard/login`);
    await page.getByLabel('Email').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'password',
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in');
  });
});

import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import {
  foreignRequests,
  launchBrowser,
  observedPage,
  screenshot,
  seriousAccessibilityViolations,
} from '../utils/browser.js';
import { freePort } from '../utils/ports.js';
import { startUntil } from '../utils/processes.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

const SETUP_LINK =
  /"level":40,[^\n]*"msg":"First start: [^\n]*: (http:\/\/localhost:\d+\/dashboard\/setup\?token=setup_[\w-]{43})"/;

/**
 * The README's quickstart in a browser: `npm start`'s process on a fresh data directory, the
 * setup link read from its output, then everything a newcomer does in the browser up to a first
 * alert on the Alerts page.
 */
describe('the first start in Chromium, from a fresh data directory to a first alert', () => {
  let server: ChildProcess | undefined;
  let output = () => '';
  let browser: Browser | undefined;
  const env = {
    DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'first-start-')), 'alerts.sqlite')}`,
    PORT: '',
    LOG_LEVEL: 'info',
  };

  /** Starts the service as `npm start` does (after its build) and reads the setup link it logs. */
  async function start(): Promise<string> {
    const started = startUntil('node', ['dist/src/main.js'], env, SETUP_LINK);
    server = started.child;
    output = started.output;
    await started.started;
    expect(started.output().indexOf('"msg":"listening"')).toBeLessThan(
      started.output().search(SETUP_LINK),
    );
    return SETUP_LINK.exec(started.output())![1];
  }

  async function stop(): Promise<void> {
    if (server === undefined || server.exitCode !== null) return;
    server.kill('SIGTERM');
    await once(server, 'exit');
  }

  afterAll(async () => {
    await browser?.close();
    await stop();
  });

  it('sets the service up through the logged link, then signs the user in and shows an alert', async () => {
    env.PORT = String(await freePort());
    const origin = `http://localhost:${env.PORT}`;
    const firstLink = await start();
    await stop();
    const secondLink = await start();
    expect(secondLink).not.toBe(firstLink);

    const began = Date.now();
    browser = await launchBrowser();
    const observed = await observedPage(browser);
    const { page } = observed;
    // The first start's link still works after the restart.
    await page.goto(firstLink);
    await page.getByRole('form', { name: 'Set up the service' }).waitFor();
    expect(await page.title()).toBe('Set up the service · Alerts dashboard');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Operator email').fill('ops@example.com');
    await page.getByLabel('Operator password').fill('operator password 1');
    await page.getByLabel('Account name').fill('Acme');
    await page.getByLabel('User email').fill('you@example.com');
    await page.getByLabel('User password').fill('user password 12');
    await screenshot(page, 'setup');
    await page.getByRole('button', { name: 'Set up' }).click();

    await page.getByRole('heading', { name: 'The service is set up' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'setup-done');
    await page.getByRole('button', { name: 'Continue as you@example.com' }).click();
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await navigation.waitFor();

    await navigation.getByRole('link', { name: 'Keywords' }).click();
    await page.getByLabel('Keywords', { exact: true }).fill('postgres backup');
    await page.getByRole('button', { name: 'Add keywords' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1' }).waitFor();
    await navigation.getByRole('link', { name: 'Alerts' }).click();
    const ingest = await runAdmin(['ingest', 'examples/sample.ndjson'], env);
    expect(parseJsonLine(ingest.stdout)).toMatchObject({ alerts: 2 });
    await page
      .getByRole('heading', { name: 'How do you test your postgres backup restores?' })
      .first()
      .waitFor({ timeout: 5000 });
    process.stdout.write(
      `first start: setup link to a first alert in the browser, ${Date.now() - began} ms (test wall time, browser launch included)\n`,
    );
    expect(foreignRequests(observed.requests, origin)).toEqual([]);
    expect(await observed.cspViolations()).toEqual([]);

    const used = await observedPage(browser);
    await used.page.goto(secondLink);
    await used.page
      .getByRole('alert')
      .filter({ hasText: 'The service is already set up' })
      .waitFor();
    // The setup link is the one line with its token; the request log redacts it, passwords never appear.
    const log = output();
    expect(log.split(secondLink.split('=')[1])).toHaveLength(2);
    expect(log).toContain('/dashboard/setup?token=[REDACTED]');
    expect(log).not.toContain('password 1');
  }, 90_000);
});

/// <reference lib="dom" />
// page.evaluate and init scripts run in the page: they are typed with the DOM.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { freePort } from './ports.js';
import { createTestApp, type TestApp } from './create-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.js';

const require = createRequire(import.meta.url);

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH names another build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, and nothing of its own on the network: without the background-networking flags
 * Chromium calls Google's services at every start, which a closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Where the browser tests leave their screenshots, which docs/dashboard.md shows. */
const IMAGES_DIR = join(process.cwd(), 'docs', 'images');

/**
 * Chromium driven by playwright-core, each launch on a fresh temporary user-data-dir (Playwright
 * makes one per launch and deletes it on close). A missing browser fails the test, saying how
 * to install one: browser tests never skip.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: the browser tests need Debian's Chromium. Install it with ` +
        '`apt-get update && apt-get install -y chromium` (.ci/run does when it is missing), ' +
        'or set CHROMIUM_PATH to another Chromium build.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** The test app listening on a loopback port, as a browser needs it; returns its origin. */
export async function listenOnLoopback(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A page of a new browser context (cookies of its own), with what it did on the network. */
export interface ObservedPage {
  page: Page;
  /** The URL of every request the page made, in order. */
  requests: string[];
  /** Every response, for the sizes and headers of what a load fetched. */
  responses: Response[];
  /** Content-Security-Policy violations the page reported. */
  cspViolations(): Promise<string[]>;
  close(): Promise<void>;
}

export async function observedPage(browser: Browser): Promise<ObservedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const responses: Response[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => responses.push(response));
  // Init scripts run through the DevTools protocol, so the page's CSP does not stop them.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    page,
    requests,
    responses,
    cspViolations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    close: () => context.close(),
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = () => readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's critical and serious violations on the page as it is now (WCAG 2 A and AA rules
 * and best practices). axe is evaluated through the DevTools protocol: the page's CSP, which
 * allows no inline script, stays on.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[] }>;
      }>;
    }
    const results = await axe.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => ['critical', 'serious'].includes(violation.impact ?? ''));
}

/**
 * A full-page screenshot into docs/images/<folder>/<name>.png: the dashboard's for
 * docs/dashboard.md, the operator console's (folder 'ops') for docs/operations.md.
 */
export async function screenshot(page: Page, name: string, folder = 'dashboard'): Promise<void> {
  const directory = join(IMAGES_DIR, folder);
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

export const foreignRequests = (requests: string[], origin: string): string[] =>
  requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'));

/** Fills in and sends the sign-in form at /dashboard/login, as a person would. */
export async function submitSignIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/dashboard/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signIn(page: Page, origin: string, email: string, password: string) {
  await submitSignIn(page, origin, email, password);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** A browser suite's app, its origin, the admin command's environment, and pages to sign in on. */
export interface BrowserSuite {
  t: TestApp;
  origin: string;
  /** For runAdmin: the app's database. */
  env: Record<string, string>;
  browser: Browser;
  /** A new page (cookies of its own) signed in as this person; closed after the test. */
  signedIn(email: string, password: string): Promise<ObservedPage>;
  /** A new page, not signed in; closed after the test. */
  newPage(): Promise<ObservedPage>;
}

/**
 * Registers the hooks of a browser suite: an app on SQLite listening on loopback, with its clock
 * at the real now (the admin command runs in real time), and Chromium. Read the fields in tests.
 */
export function browserSuite(appEnv: Record<string, string> = {}): BrowserSuite {
  const opened: ObservedPage[] = [];
  const suite = {
    async newPage() {
      const observed = await observedPage(suite.browser);
      opened.push(observed);
      return observed;
    },
    async signedIn(email: string, password: string) {
      const observed = await suite.newPage();
      await signIn(observed.page, suite.origin, email, password);
      return observed;
    },
  } as BrowserSuite;
  beforeAll(async () => {
    suite.t = await createTestApp('sqlite', appEnv, { now: new Date() });
    suite.env = { DATABASE_URL: suite.t.databaseUrl };
    suite.origin = await listenOnLoopback(suite.t);
    suite.browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const observed of opened.splice(0)) await observed.close();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.t?.close();
  });
  return suite;
}

/** A browser suite whose app mails: to a real SMTP receiver, with links to the origin it listens on. */
export interface MailingBrowserSuite {
  receiver: SmtpReceiver;
  t: TestApp;
  origin: string;
  browser: Browser;
}

/**
 * Registers the hooks of a mailing browser suite: a real SMTP receiver, an app on SQLite (clock at
 * the real now) with SMTP_URL and PUBLIC_BASE_URL set to the loopback origin it then listens on,
 * so the links in its mails open in the browser, and Chromium. Read the fields in tests.
 */
export function mailingBrowserSuite(appEnv: Record<string, string> = {}): MailingBrowserSuite {
  const suite = {} as MailingBrowserSuite;
  beforeAll(async () => {
    suite.receiver = await startSmtpReceiver();
    const port = await freePort();
    suite.origin = `http://127.0.0.1:${port}`;
    suite.t = await createTestApp(
      'sqlite',
      { SMTP_URL: suite.receiver.url, PUBLIC_BASE_URL: suite.origin, ...appEnv },
      { now: new Date() },
    );
    await suite.t.app.listen(port, '127.0.0.1');
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.t?.close();
    await suite.receiver?.close();
  });
  return suite;
}

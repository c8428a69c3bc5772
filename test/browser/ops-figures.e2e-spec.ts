import { DeliveryWorker } from '../../src/modules/delivery/delivery.worker.js';
import { RedditPollingWorker } from '../../src/modules/ingestion/polling/reddit-polling.worker.js';
import { FigureSamplingService } from '../../src/modules/ops/figures/figure-sampling.service.js';
import { minuteStart } from '../../src/modules/ops/figures/sampled-figures.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { FakeRedditServer, INSTANT } from '../fixtures/reddit/fake-reddit-server.js';
import {
  browserSuite,
  foreignRequests,
  screenshot,
  seriousAccessibilityViolations,
} from '../utils/browser.js';
import { redditEnv } from '../utils/polling-app.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import {
  answerWith,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

/** Simulated minutes of polling and delivery before the pages are read. */
const MINUTES = 40;

describe('the console’s Ingestion and Delivery pages in Chromium', () => {
  let reddit: FakeRedditServer;
  let healthy: WebhookReceiver;
  let broken: WebhookReceiver;
  const appEnv: Record<string, string> = { WEBHOOK_ALLOW_PRIVATE: 'true' };
  let failingAccountId: string;

  beforeAll(async () => {
    reddit = await FakeRedditServer.start({ realism: INSTANT });
    Object.assign(appEnv, redditEnv(reddit));
    healthy = await startWebhookReceiver(answerWith(200));
    broken = await startWebhookReceiver(answerWith(503));
  });
  const suite = browserSuite(appEnv);
  afterAll(async () => {
    await reddit.close();
    await healthy.close();
    await broken.close();
  });

  /**
   * What an instance with background jobs does, minute after minute on the app's clock: posts
   * appear on Reddit (one a minute matching, within the plan's daily cap), the poller reads them
   * 5 s later, the worker delivers, the minute is sampled.
   */
  beforeAll(async () => {
    const { t } = suite;
    reddit.useClock(() => t.clock.nowMs());
    const { accountId, apiKey } = await t.account('pro');
    failingAccountId = accountId;
    await createKeyword(t, apiKey, 'console probe');
    await createWebhook(t, apiKey, healthy.url);
    await createWebhook(t, apiKey, broken.url);
    t.clock.set(new Date(minuteStart(t.clock.nowMs()) - MINUTES * 60_000));
    for (let minute = 0; minute < MINUTES; minute += 1) {
      const start = t.clock.nowMs();
      for (let post = 0; post < 2 + (minute % 7); post += 1) {
        reddit.addPost({ title: post === 0 ? `console probe ${minute}` : `other ${minute}` });
      }
      t.clock.advance(5_000);
      await t.app.get(RedditPollingWorker).pollOnce();
      await t.app.get(DeliveryWorker).runOnce();
      await t.app.get(FigureSamplingService).sampleMinute(start);
      t.clock.set(new Date(start + 60_000));
    }
  });

  async function newOperator() {
    const email = `ops-${Date.now()}@example.com`;
    const created = await runAdmin(['create-operator', '--email', email], suite.env);
    const { password } = parseJsonLine(created.stdout) as { password: string };
    return suite.signedIn(email, password);
  }

  it('shows the poller, its credential, coverage and lag, and the last 24 hours', async () => {
    const { page, requests } = await newOperator();
    await page.getByRole('heading', { level: 1, name: 'Ingestion' }).waitFor();
    const poller = page.getByRole('region', { name: 'Poller' });
    await poller.getByText('On', { exact: true }).waitFor();
    expect(await poller.innerText()).toContain('holds the poll lease');
    const credentials = page.getByRole('region', { name: 'Reddit credentials' });
    expect(await credentials.getByRole('row').nth(1).innerText()).toMatch(
      /#1 clie…\s+\d+\s+100\s+0/,
    );
    const coverage = page.getByRole('region', { name: 'Coverage and lag, last hour' });
    expect(await coverage.innerText()).toMatch(/Coverage\s+100\.00 %/);
    expect(await coverage.innerText()).toMatch(/p50\s+5\.0 s/);
    await page
      .getByRole('img', {
        name: /Items and alerts per second, a point per minute over 24 hours; 40 minutes had any/,
      })
      .waitFor();
    await page.getByText('The same numbers as a table').click();
    expect(
      await page
        .getByRole('table', { name: /Minutes with items or alerts/ })
        .getByRole('row')
        .count(),
    ).toBe(MINUTES + 1);
    await page.getByText('The same numbers as a table').click();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'ingestion', 'ops');
    expect(foreignRequests(requests, suite.origin)).toEqual([]);
  });

  it('shows the outbox, the attempts of the last 24 hours and the failing webhook, linked to its account', async () => {
    const { page } = await newOperator();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Delivery' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
    const outbox = page.getByRole('region', { name: 'Outbox' });
    expect(await outbox.innerText()).toMatch(/Deliveries waiting or in flight\s+0/);
    await page
      .getByRole('img', {
        name: /Delivery attempts per minute over 24 hours, succeeded and failed; 40 minutes had any/,
      })
      .waitFor();
    const failing = page.getByRole('region', { name: 'Webhooks failing now' });
    const link = failing.getByRole('link', { name: failingAccountId });
    expect(await link.getAttribute('href')).toBe(`/dashboard/ops/accounts/${failingAccountId}`);
    expect(await failing.getByRole('row').nth(1).innerText()).toContain(new URL(broken.url).host);
    expect(await failing.getByRole('row').nth(1).innerText()).toContain('HTTP 503');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'delivery', 'ops');
  });
});

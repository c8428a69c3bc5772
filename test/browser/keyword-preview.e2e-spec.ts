import { BackfillWorker } from '../../src/modules/backfill/backfill.worker.js';
import { bearer } from '../utils/create-test-app.js';
import { browserSuite, screenshot, seriousAccessibilityViolations } from '../utils/browser.js';
import { ingest, postItem } from '../utils/delivery-scenario.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

const HOUR = 3_600_000;

describe("the keyword form's live preview and backfill in Chromium", () => {
  const suite = browserSuite();

  /**
   * Four hours of posts through the real pipeline: 110 about widgets in r/gadgets, 5 in r/deals
   * (one an hour or so), and some about nothing.
   */
  async function ingestWindow() {
    for (let hour = 0; hour < 4; hour++) {
      const created = Math.floor(suite.t.clock.now().getTime() / 1000);
      const gadgets = Array.from({ length: hour === 3 ? 26 : 28 }, (_, i) =>
        postItem({
          id: `wg${hour}${i}`,
          subreddit: 'gadgets',
          title: `Is the Widget ${hour}-${i} worth it?`,
          created_utc: created,
        }),
      );
      const deals = Array.from({ length: hour === 3 ? 2 : 1 }, (_, i) =>
        postItem({
          id: `wd${hour}${i}`,
          subreddit: 'deals',
          title: `Deal ${hour}-${i}: 20% off`,
          selftext: `Our <b>widget</b> bundle, hour ${hour}`,
          created_utc: created,
        }),
      );
      const others = [
        postItem({
          id: `wn${hour}`,
          subreddit: 'deals',
          title: 'Nothing to see',
          created_utc: created,
        }),
      ];
      await ingest(suite.t, [...gadgets, ...deals, ...others]);
      if (hour < 3) suite.t.clock.advance(HOUR);
    }
  }

  it('previews a rule as it is typed, warns of the daily cap, and backfills the saved rule', async () => {
    await ingestWindow();
    const { accountId, apiKey } = await suite.t.account('starter', 'alerts');
    const email = `preview-${accountId}@example.com`;
    const created = await runAdmin(['create-user', accountId, '--email', email], suite.env);
    expect(created.stderr).toBe('');
    const { password } = parseJsonLine(created.stdout) as { password: string };
    const { page } = await suite.signedIn(email, password);
    const previews: string[] = [];
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (body.includes('query PreviewKeyword')) previews.push(body);
    });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Keywords' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Keywords' }).waitFor();
    const form = page.getByRole('form', { name: 'Add keywords' });
    await form.getByLabel('Keywords', { exact: true }).pressSequentially('widget');

    // The noisy rule: 115 matches in the window, past the starter plan's cap of 100 a day.
    const preview = form.getByRole('region', { name: 'Preview of “widget”' });
    const count = preview.locator('.preview-count');
    await count.filter({ hasText: /^115 matches in the last 24 hours/ }).waitFor();
    await preview.getByText('Past the daily cap').waitFor();
    const chart = preview.getByRole('img', { name: /^Matches per hour/ });
    expect(await chart.getAttribute('aria-label')).toMatch(/: (0, )+29, 29, 29, 28$/);
    expect(await chart.locator('rect').count()).toBe(25);
    expect(await preview.getByRole('listitem').filter({ hasText: 'r/gadgets: 110' }).count()).toBe(
      1,
    );
    // Newest first: the last hour's; the matched word marked where it matched.
    expect(await preview.locator('.sample-title').first().textContent()).toMatch(/ 3-\d/);
    const widgetSample = preview.locator('.preview-sample').filter({ hasText: 'Is the Widget' });
    expect(await widgetSample.first().locator('mark').allTextContents()).toEqual(['Widget']);
    expect(previews).toHaveLength(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'keyword-preview');

    // Narrowed to r/deals: 5 matches, under the cap; the HTML in the text stays text.
    await form.getByLabel('Only in subreddits').pressSequentially('deals');
    await count.filter({ hasText: /^5 matches in the last 24 hours/ }).waitFor();
    expect(await preview.getByText('Past the daily cap').count()).toBe(0);
    const dealSample = preview.locator('.preview-sample').first();
    expect(await dealSample.locator('.excerpt').textContent()).toBe(
      'Our <b>widget</b> bundle, hour 3',
    );
    expect(await dealSample.locator('.excerpt mark').allTextContents()).toEqual(['widget']);
    expect(await dealSample.locator('b').count()).toBe(0);
    expect(previews).toHaveLength(2);

    await form.getByLabel('Also alert on matches from the last 24 hours').check();
    await form.getByRole('button', { name: 'Add keywords' }).click();
    await form.getByRole('status').filter({ hasText: 'Added 1' }).waitFor();
    const listed = await suite.t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    expect(listed.body.data).toMatchObject([{ text: 'widget', subreddits: ['deals'] }]);

    expect(await suite.t.app.get(BackfillWorker).runOnce()).toMatchObject({ alerts: 5 });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await page.getByRole('heading', { name: 'Deal 3-1: 20% off' }).waitFor({ timeout: 5000 });
    expect(await page.getByRole('heading', { name: /^Deal / }).count()).toBe(5);
    expect(await page.getByRole('heading', { name: /Widget/ }).count()).toBe(0);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer } from '../utils/create-test-app.js';
import { browserSuite, screenshot, seriousAccessibilityViolations } from '../utils/browser.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

describe("the keyword form's query field in Chromium", () => {
  const suite = browserSuite();

  async function newUser() {
    const { accountId, apiKey } = await suite.t.account('starter', 'alerts');
    const email = `query-${accountId}@example.com`;
    const created = await runAdmin(['create-user', accountId, '--email', email], suite.env);
    expect(created.stderr).toBe('');
    const { password } = parseJsonLine(created.stdout) as { password: string };
    return { apiKey, ...(await suite.signedIn(email, password)) };
  }

  /** A dump file of posts, as `admin ingest` reads it. */
  function dumpFile(posts: { id: string; title: string; author: string }[]): string {
    const path = join(mkdtempSync(join(tmpdir(), 'query-alerts-')), 'posts.ndjson');
    const created = Math.floor(Date.now() / 1000);
    const lines = posts.map((post) =>
      JSON.stringify({
        ...post,
        selftext: '',
        subreddit: 'smallbusiness',
        score: 1,
        num_comments: 0,
        created_utc: created,
        permalink: `/r/smallbusiness/comments/${post.id}/post/`,
      }),
    );
    writeFileSync(path, lines.join('\n') + '\n');
    return path;
  }

  it('marks an error as it is typed, saves the query once fixed, lists it, and shows its alert', async () => {
    const { page, apiKey } = await newUser();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Keywords' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Keywords' }).waitFor();
    const form = page.getByRole('form', { name: 'Add keywords' });
    const query = form.getByRole('textbox', { name: 'Query', exact: true });

    await form.getByLabel('Keywords', { exact: true }).fill('acme');
    await query.pressSequentially('"acme crm" OR');
    const problem = form.getByText('query: expected a term after OR at character 14');
    await problem.waitFor();
    expect(await query.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('.query-mirror mark.q-error').count()).toBe(1);
    expect(await form.locator('.query-mirror .q-phrase').textContent()).toBe('"acme crm"');
    await form.getByRole('button', { name: 'How to write a query' }).click();
    await form.getByRole('region', { name: 'How to write a query' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'keyword-query-error');

    await form.getByRole('button', { name: 'Add keywords' }).click();
    expect(await form.getByRole('status').count()).toBe(0);
    await query.pressSequentially(' acmecrm -author:AutoModerator');
    await problem.waitFor({ state: 'detached' });
    expect(await query.getAttribute('aria-invalid')).toBe('false');
    expect(await form.locator('.query-mirror mark').count()).toBe(0);
    await form.getByRole('button', { name: 'Add keywords' }).click();
    await form.getByRole('status').filter({ hasText: 'Added 1' }).waitFor();

    const saved = '"acme crm" OR acmecrm -author:AutoModerator';
    const rowHeader = page.getByRole('rowheader', { name: /^acme/ });
    await rowHeader.locator('code').filter({ hasText: saved }).waitFor();
    await screenshot(page, 'keyword-query-saved');
    const listed = await suite.t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    expect(listed.body.data).toMatchObject([{ text: 'acme', query: saved }]);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await page.getByText('No alerts yet').waitFor();
    const ingest = await runAdmin(
      [
        'ingest',
        dumpFile([
          { id: 'qb0001', title: 'Moving our team to Acme CRM next month', author: 'founder' },
          { id: 'qb0002', title: 'AcmeCRM weekly deals thread', author: 'AutoModerator' },
        ]),
      ],
      suite.env,
    );
    expect(parseJsonLine(ingest.stdout)).toMatchObject({ posts: 2, alerts: 1 });
    await page
      .getByRole('heading', { name: 'Moving our team to Acme CRM next month' })
      .waitFor({ timeout: 5000 });
    expect(await page.getByRole('heading', { name: 'AcmeCRM weekly deals thread' }).count()).toBe(
      0,
    );
    await screenshot(page, 'keyword-query-alert');
  });
});

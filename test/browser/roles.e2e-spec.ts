import type { Page } from 'playwright-core';
import { createKeywords } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer } from '../utils/create-test-app.js';
import { browserSuite, screenshot, seriousAccessibilityViolations } from '../utils/browser.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

interface Person {
  email: string;
  password: string;
}

/** What a forced request from the signed-in page gets: the session's cookie and CSRF token. */
interface Answer {
  data: unknown;
  errors?: { message: string; extensions: { code: string; status: number } }[];
}

const NOTE = /^Your role is viewer: .* needs /;

describe('roles in the dashboard, in Chromium', () => {
  const suite = browserSuite({ WEBHOOK_ALLOW_PRIVATE: 'true' });

  async function person(accountId: string, role: string): Promise<Person> {
    const email = `${role}-${accountId}@example.com`;
    const created = await runAdmin(
      ['create-user', accountId, '--email', email, '--role', role],
      suite.env,
    );
    expect(created.stderr).toBe('');
    const { password } = parseJsonLine(created.stdout) as { password: string };
    return { email, password };
  }

  const navigate = async (page: Page, link: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: link }).waitFor();
  };

  const buttonCount = (page: Page, name: string | RegExp) =>
    page.getByRole('main').getByRole('button', { name }).count();

  /** Sends a mutation from the page as its own client would: cookie, and the viewer's CSRF token. */
  function forced(page: Page, query: string): Promise<Answer> {
    return page.evaluate(async (mutation) => {
      const post = async (body: object, csrf?: string) => {
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (csrf !== undefined) headers['X-CSRF-Token'] = csrf;
        const res = await fetch('/graphql', {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        return (await res.json()) as { data: { viewer: { csrfToken: string } } };
      };
      const { data } = await post({ query: '{ viewer { csrfToken } }' });
      return post({ query: mutation }, data.viewer.csrfToken);
    }, query);
  }

  it('shows a viewer every page with nothing to change, says why, and the server refuses a forced change', async () => {
    const { t, origin } = suite;
    const { accountId, apiKey } = await t.account('pro');
    const viewer = await person(accountId, 'viewer');
    const { page } = await suite.signedIn(viewer.email, viewer.password);

    await page.getByRole('heading', { name: 'Getting started' }).waitFor();
    expect(await page.getByRole('note').textContent()).toMatch(NOTE);
    expect(await buttonCount(page, 'Add keyword')).toBe(0);

    await createKeywords(t, apiKey, ['sprockets']);
    await createWebhook(t, apiKey, `${origin}/nowhere`);
    await t.http.post('/api/v1/feeds/token').set(bearer(apiKey));

    await navigate(page, 'Keywords');
    await page.getByRole('rowheader', { name: 'sprockets' }).waitFor();
    expect(await page.getByRole('note').textContent()).toMatch(
      /needs a member, admin or owner\. Ask an admin or owner/,
    );
    for (const name of ['Add keywords', 'Pause', 'Edit', 'Delete']) {
      expect(await buttonCount(page, name)).toBe(0);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'viewer-keywords');

    await navigate(page, 'Webhooks');
    await page.getByRole('link', { name: /Delivery log/ }).waitFor();
    expect(await page.getByRole('note').textContent()).toMatch(NOTE);
    for (const name of ['Add webhook', 'Test', 'Pause', 'Rotate secret', 'Delete']) {
      expect(await buttonCount(page, name)).toBe(0);
    }

    await navigate(page, 'Email');
    expect(await page.getByRole('note').textContent()).toMatch(NOTE);
    expect(await buttonCount(page, 'Subscribe')).toBe(0);

    await navigate(page, 'Feeds');
    expect(await page.getByRole('note').textContent()).toMatch(NOTE);
    expect(await buttonCount(page, /feed URLs|Rotate token/)).toBe(0);

    await navigate(page, 'API keys');
    await page.getByRole('rowheader').first().waitFor();
    expect(await page.getByRole('note').textContent()).toMatch(/needs an admin or owner/);
    expect(await buttonCount(page, /Create key|Revoke/)).toBe(0);

    await navigate(page, 'Team');
    await page.getByRole('rowheader', { name: `${viewer.email} (you)` }).waitFor();
    expect(await page.getByRole('note').textContent()).toMatch(/needs an admin or owner/);
    expect(await page.getByRole('main').getByRole('combobox').count()).toBe(0);
    expect(await buttonCount(page, /Remove/)).toBe(0);
    await screenshot(page, 'viewer-team');

    const refused = await forced(
      page,
      'mutation { createKeywords(keywords: [{ text: "forced" }]) { created { id } } }',
    );
    expect(refused.errors?.map((error) => error.extensions)).toEqual([
      { code: 'forbidden', status: 403 },
    ]);
    expect(refused.errors?.[0].message).toMatch(/needs the member role.*your role .* is viewer$/);
    const keywords = await t.http.get('/api/v1/keywords').set(bearer(apiKey));
    expect((keywords.body as { count: number }).count).toBe(1);
  }, 90_000);

  it("lets an owner change a viewer's role on the Team page, which the viewer's next click follows", async () => {
    const { t } = suite;
    const { accountId } = await t.account('pro');
    const owner = await person(accountId, 'owner');
    const viewer = await person(accountId, 'viewer');
    const asViewer = (await suite.signedIn(viewer.email, viewer.password)).page;
    const { page } = await suite.signedIn(owner.email, owner.password);

    await navigate(page, 'Team');
    const role = page.getByRole('combobox', { name: `Role of ${viewer.email}` });
    await role.waitFor();
    expect(await page.getByRole('combobox', { name: `Role of ${owner.email}` }).count()).toBe(0);
    await page.getByText('The last owner: make another user owner first.').waitFor();
    await Promise.all([
      page.waitForResponse((res) => res.request().postData()?.includes('ChangeUserRole') === true),
      role.selectOption('member'),
    ]);
    await page.waitForFunction(
      (email) =>
        (document.querySelector(`select[aria-label="Role of ${email}"]`) as HTMLSelectElement)
          ?.value === 'member',
      viewer.email,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'team');

    await asViewer.reload();
    await navigate(asViewer, 'Keywords');
    await asViewer.getByRole('button', { name: 'Add keywords' }).waitFor();
    expect(await asViewer.getByRole('note').count()).toBe(0);
  }, 90_000);
});

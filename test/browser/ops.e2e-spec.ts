import {
  browserSuite,
  foreignRequests,
  screenshot,
  seriousAccessibilityViolations,
} from '../utils/browser.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

/** decisions section 10: scripts find the console's pages by these link names. */
const CONSOLE_NAVIGATION = ['Ingestion', 'Delivery', 'Accounts'];

describe('the operator console in Chromium', () => {
  const suite = browserSuite();
  let made = 0;

  /** Made by the admin command, as the team that runs the service makes its operators. */
  async function newOperator() {
    const email = `ops-${Date.now()}-${(made += 1)}@example.com`;
    const created = await runAdmin(['create-operator', '--email', email], suite.env);
    expect(created.stderr).toBe('');
    const { password } = parseJsonLine(created.stdout) as { password: string };
    return suite.signedIn(email, password);
  }

  it('lands an operator on /dashboard/ops, with the console’s three pages by their names', async () => {
    const { page, requests } = await newOperator();

    expect(new URL(page.url()).pathname).toBe('/dashboard/ops');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(CONSOLE_NAVIGATION);
    for (const name of CONSOLE_NAVIGATION) {
      await nav.getByRole('link', { name }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    expect(foreignRequests(requests, suite.origin)).toEqual([]);
  });

  it("sends an operator away from an account's pages, and shows a user the console is not theirs", async () => {
    const operator = await newOperator();
    await operator.page.goto(`${suite.origin}/dashboard/keywords`);
    await operator.page.getByRole('heading', { level: 1, name: 'Ingestion' }).waitFor();
    expect(new URL(operator.page.url()).pathname).toBe('/dashboard/ops');

    const { accountId } = await suite.t.account();
    const email = `member-${accountId}@example.com`;
    const created = await runAdmin(['create-user', accountId, '--email', email], suite.env);
    const { password } = parseJsonLine(created.stdout) as { password: string };
    const { page } = await suite.signedIn(email, password);
    await page.goto(`${suite.origin}/dashboard/ops/accounts`);
    await page.getByRole('heading', { level: 1, name: 'Operators only' }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain(
      'The operator console is for the operators of the service.',
    );
    await screenshot(page, 'operators-only', 'ops');
  });
});

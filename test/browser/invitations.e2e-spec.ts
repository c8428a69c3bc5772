import { browserSuite, screenshot, seriousAccessibilityViolations } from '../utils/browser.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';

describe('invitations in Chromium', () => {
  const suite = browserSuite();

  it('an admin invites a viewer, who opens the link, chooses a password and lands signed in as a viewer', async () => {
    const { t, origin } = suite;
    const { accountId } = await t.account('pro');
    const adminEmail = `admin-${accountId}@example.com`;
    const created = await runAdmin(
      ['create-user', accountId, '--email', adminEmail, '--role', 'admin'],
      suite.env,
    );
    const { password } = parseJsonLine(created.stdout) as { password: string };
    const admin = await suite.signedIn(adminEmail, password);
    const page = admin.page;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Team' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Invitations' }).waitFor();
    const roles = await page
      .getByLabel('Role', { exact: true })
      .locator('option')
      .allTextContents();
    expect(roles).toEqual(['viewer', 'member', 'admin']);
    const form = page.getByRole('form', { name: 'Invite' });
    await form.getByLabel('Email').fill('invited.viewer@example.com');
    await form.getByLabel('Role', { exact: true }).selectOption('viewer');
    await form.getByRole('button', { name: 'Invite' }).click();
    const shown = page.getByRole('region', {
      name: 'Invitation link for invited.viewer@example.com',
    });
    const link = (await shown.locator('code').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${origin}/dashboard/invite#mail_[A-Za-z0-9_-]{43}$`));
    await page.getByRole('rowheader', { name: 'invited.viewer@example.com' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'team-invitations');

    const invitee = await suite.newPage();
    await invitee.page.goto(link);
    await invitee.page.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor();
    await invitee.page.getByText('invited.viewer@example.com').first().waitFor();
    expect(await invitee.page.getByRole('button', { name: 'Sign in with SSO' }).count()).toBe(0);
    await invitee.page.getByLabel('Password').fill('a long enough password');
    expect(await seriousAccessibilityViolations(invitee.page)).toEqual([]);
    await screenshot(invitee.page, 'invite');
    await invitee.page.getByRole('button', { name: 'Join with this password' }).click();
    await invitee.page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await invitee.page.getByRole('note').first().textContent()).toMatch(
      /^Your role is viewer/,
    );
    await invitee.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Keywords' })
      .click();
    await invitee.page.getByRole('heading', { level: 1, name: 'Keywords' }).waitFor();
    expect(
      await invitee.page.getByRole('main').getByRole('button', { name: 'Add keywords' }).count(),
    ).toBe(0);

    await invitee.page.goto(link);
    await invitee.page
      .getByRole('alert')
      .getByText('This invitation was already accepted')
      .waitFor();

    await page.reload();
    await page.getByText('No pending invitations.').waitFor();
    await page.getByRole('rowheader', { name: 'invited.viewer@example.com' }).waitFor();
  });
});

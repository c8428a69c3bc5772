import request, { type Response } from 'supertest';
import type { AccountRole } from '../../src/modules/auth/account-roles.js';
import { INVITATION_LIFETIME_MS } from '../../src/modules/invitations/invitation-mails.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { TestApps, type TestApp } from '../utils/create-test-app.js';
import { EMAIL_BASE_URL } from '../utils/email-scenario.js';
import { errorsOf, expectGraphqlError } from '../utils/graphql.js';
import { graphqlAs, signInAs, type DashboardSession } from '../utils/operator-session.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../utils/smtp-receiver.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const PASSWORD = 'a long enough password';
const TOKEN = 'mail_[A-Za-z0-9_-]{43}';
const INVITE = (email: string, role: AccountRole) =>
  `mutation { inviteUser(email: ${JSON.stringify(email)}, role: ${role}) {
    link invitation { id email role invitedBy createdAt expiresAt } } }`;
const REVOKE = (id: string) => `mutation { revokeInvitation(id: "${id}") { deleted id } }`;
const PENDING = '{ invitations { id email role invitedBy createdAt expiresAt } }';
const LINK = `query($token: String!) {
  invitationLink(token: $token) { email role invitedBy expiresAt ssoAvailable } }`;
const ACCEPT = `mutation($input: AcceptInvitationInput!) {
  acceptInvitation(input: $input) { csrfToken role user { email } account { id } } }`;

function tokenIn(text: string, base: string): string {
  const found = new RegExp(`${base}/dashboard/invite#(${TOKEN})`).exec(text);
  if (found === null) throw new Error(`no invitation link in: ${text}`);
  return found[1];
}

const anonymous = (app: TestApp, query: string, variables = {}) =>
  request(app.app.getHttpServer()).post('/graphql').send({ query, variables });

function expectDone(res: Response): void {
  expect(errorsOf(res)).toEqual([]);
  expect(res.status).toBe(200);
}

describe.each(testDatabaseKinds())('invitations on %s', (kind) => {
  let receiver: SmtpReceiver;
  let apps: TestApps;
  /** With SMTP_URL. */
  let t: TestApp;
  /** The same database without SMTP_URL. */
  let unmailed: TestApp;
  let accountId: string;
  let people = 0;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    apps = new TestApps(kind, { PUBLIC_BASE_URL: EMAIL_BASE_URL });
    t = await apps.start({ SMTP_URL: receiver.url });
    unmailed = await apps.start({ SMTP_URL: '' }, { databaseUrl: t.databaseUrl });
  });
  afterAll(async () => {
    await apps?.closeAll();
    await receiver?.close();
  });
  beforeEach(async () => {
    ({ accountId } = await t.account('pro'));
  });

  async function person(role: AccountRole, app = t): Promise<DashboardSession> {
    const email = `inviter.${++people}.${kind}@example.com`;
    const { password } = await app.app.get(UsersService).createUser(accountId, email, role);
    return signInAs(app, email, password);
  }

  async function inviteMailed(admin: DashboardSession, email: string, role: AccountRole) {
    const before = receiver.mails.length;
    const res = await graphqlAs(t, admin, INVITE(email, role));
    expectDone(res);
    const [mail] = (await receiver.waitForMails(before + 1)).slice(before);
    return { res, mail };
  }

  async function inviteUnmailed(admin: DashboardSession, email: string, role: AccountRole) {
    const res = await graphqlAs(unmailed, admin, INVITE(email, role));
    expectDone(res);
    const answer = res.body.data.inviteUser as { link: string; invitation: { id: string } };
    return { token: tokenIn(answer.link, EMAIL_BASE_URL), id: answer.invitation.id };
  }

  const accept = (token: string, password = PASSWORD, app = t) =>
    anonymous(app, ACCEPT, { input: { token, password } });

  it('mails a link; the invitee chooses a password and is signed in with the invited role', async () => {
    const admin = await person('admin');
    const email = `Invited.${kind}@Example.com`;
    const { res, mail } = await inviteMailed(admin, email, 'viewer');
    const { invitation, link } = res.body.data.inviteUser;
    expect(link).toBeNull();
    expect(invitation).toMatchObject({
      email,
      role: 'viewer',
      invitedBy: expect.stringMatching(/^inviter\./),
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(
      INVITATION_LIFETIME_MS,
    );
    expect((mail as ReceivedMail).parsed.subject).toBe(
      `${invitation.invitedBy} invited you to Reddit keyword alerts`,
    );
    const token = tokenIn(mail.parsed.text ?? '', EMAIL_BASE_URL);
    const stored = JSON.stringify(await t.database.manager.query('SELECT * FROM invitations'));
    expect(stored).not.toContain(token);

    expect((await graphqlAs(t, admin, PENDING)).body.data.invitations).toEqual([invitation]);
    const shown = await anonymous(t, LINK, { token });
    expect(shown.body).toEqual({
      data: {
        invitationLink: {
          email,
          role: 'viewer',
          invitedBy: invitation.invitedBy,
          expiresAt: invitation.expiresAt,
          ssoAvailable: false,
        },
      },
    });

    const short = await accept(token, 'short');
    expectGraphqlError(short, 'invalid_body', 422);
    expect(errorsOf(short)[0].message).toBe('The password must be at least 12 characters');

    const accepted = await accept(token);
    expectDone(accepted);
    expect(accepted.body.data.acceptInvitation).toMatchObject({
      role: 'viewer',
      user: { email },
      account: { id: accountId },
    });
    const cookie = ([] as string[])
      .concat(accepted.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('alerts_session='));
    const session = {
      cookie: cookie!.split(';')[0],
      csrfToken: accepted.body.data.acceptInvitation.csrfToken as string,
    };
    const me = await graphqlAs(t, session, '{ viewer { role account { id } } }');
    expect(me.body).toEqual({ data: { viewer: { role: 'viewer', account: { id: accountId } } } });
    expectGraphqlError(
      await graphqlAs(t, session, 'mutation { rotateFeedToken { enabled } }'),
      'forbidden',
      403,
      403,
    );
    await signInAs(t, email.toLowerCase(), PASSWORD);
    expect((await graphqlAs(t, admin, PENDING)).body.data.invitations).toEqual([]);
  });

  it('answers with the link without SMTP_URL, and mails nothing', async () => {
    const admin = await person('owner', unmailed);
    const before = receiver.mails.length;
    const { token } = await inviteUnmailed(admin, `nomail.${kind}@example.com`, 'member');
    expect(receiver.mails.length).toBe(before);
    const accepted = await accept(token, PASSWORD, unmailed);
    expectDone(accepted);
    expect(accepted.body.data.acceptInvitation.role).toBe('member');
  });

  it('lets a link work once', async () => {
    const admin = await person('admin', unmailed);
    const { token } = await inviteUnmailed(admin, `once.${kind}@example.com`, 'member');
    const [first, second] = await Promise.all([accept(token), accept(token)]);
    expect([first, second].filter((res) => errorsOf(res).length === 0)).toHaveLength(1);
    const again = await accept(token);
    expectGraphqlError(again, 'not_found', 404);
    expect(errorsOf(again)[0].message).toBe(
      'This invitation was already accepted: sign in instead',
    );
    expectGraphqlError(await anonymous(t, LINK, { token }), 'not_found', 404);
  });

  it('refuses a revoked invitation, and a revoked one is no longer pending', async () => {
    const admin = await person('admin', unmailed);
    const { token, id } = await inviteUnmailed(admin, `revoked.${kind}@example.com`, 'member');
    expect((await graphqlAs(t, admin, REVOKE(id))).body).toEqual({
      data: { revokeInvitation: { deleted: true, id } },
    });
    expectGraphqlError(await graphqlAs(t, admin, REVOKE(id)), 'not_found', 404);
    expect((await graphqlAs(t, admin, PENDING)).body.data.invitations).toEqual([]);
    const res = await accept(token);
    expectGraphqlError(res, 'not_found', 404);
    expect(errorsOf(res)[0].message).toBe(
      'This invitation was revoked: ask an admin of the account for a new one',
    );
    expect(await t.app.get(UsersService).findByEmail(`revoked.${kind}@example.com`)).toBeNull();
  });

  it('refuses an invitation after its 7 days', async () => {
    const admin = await person('admin', unmailed);
    const { token } = await inviteUnmailed(admin, `late.${kind}@example.com`, 'member');
    t.clock.advance(INVITATION_LIFETIME_MS);
    try {
      const res = await accept(token);
      expectGraphqlError(res, 'not_found', 404);
      expect(errorsOf(res)[0].message).toBe(
        'This invitation has expired (an invitation works for 7 days): ask an admin of the account for a new one',
      );
    } finally {
      t.clock.advance(-INVITATION_LIFETIME_MS);
    }
  });

  it('refuses an unknown link, saying so', async () => {
    const res = await accept(`mail_${'A'.repeat(43)}`);
    expectGraphqlError(res, 'not_found', 404);
    expect(errorsOf(res)[0].message).toMatch(/^This invitation link is not valid/);
  });

  it('keeps the role rules: a member cannot invite, an admin cannot invite an owner, an owner can', async () => {
    const member = await person('member', unmailed);
    const admin = await person('admin', unmailed);
    const owner = await person('owner', unmailed);
    const refused = await graphqlAs(unmailed, member, INVITE(`m.${kind}@example.com`, 'viewer'));
    expectGraphqlError(refused, 'forbidden', 403, 403);
    expect(errorsOf(refused)[0].message).toMatch(/needs the admin role/);
    const noOwner = await graphqlAs(unmailed, admin, INVITE(`o.${kind}@example.com`, 'owner'));
    expectGraphqlError(noOwner, 'forbidden', 403, 403);
    expect(errorsOf(noOwner)[0].message).toBe(
      'This needs the owner role: only an owner may invite an owner; your role in this account is admin',
    );
    expectDone(await graphqlAs(unmailed, admin, INVITE(`a.${kind}@example.com`, 'admin')));
    const { token } = await inviteUnmailed(owner, `o.${kind}@example.com`, 'owner');
    expect((await accept(token)).body.data.acceptInvitation.role).toBe('owner');
    expect((await graphqlAs(t, member, PENDING)).body.data.invitations).toHaveLength(1);
  });

  it('refuses an address that is a user or has a pending invitation, saying which', async () => {
    const admin = await person('admin', unmailed);
    const user = await graphqlAs(
      unmailed,
      admin,
      INVITE(`inviter.${people}.${kind}@example.com`, 'member'),
    );
    expectGraphqlError(user, 'invalid_body', 422);
    expect(errorsOf(user)[0].message).toBe(
      `inviter.${people}.${kind}@example.com is already a user`,
    );
    await inviteUnmailed(admin, `twice.${kind}@example.com`, 'member');
    const twice = await graphqlAs(unmailed, admin, INVITE(`Twice.${kind}@example.com`, 'viewer'));
    expectGraphqlError(twice, 'invalid_body', 422);
    expect(errorsOf(twice)[0].message).toBe(
      `Twice.${kind}@example.com has a pending invitation already: revoke it first to invite again`,
    );
    const bad = await graphqlAs(unmailed, admin, INVITE('not an email', 'member'));
    expectGraphqlError(bad, 'invalid_body', 422);
  });
});

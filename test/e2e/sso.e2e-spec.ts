import { AccountAuditEntryEntity } from '../../src/modules/account-audit/account-audit-entry.entity.js';
import request, { type Response } from 'supertest';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { sessionCallerFor } from '../../src/modules/auth/caller.js';
import { InvitationsService } from '../../src/modules/invitations/invitations.service.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { listenOnLoopback } from '../utils/browser.js';
import { capturedLogger, type CapturedLogs } from '../utils/captured-logs.js';
import { errorsOf, postGraphql, runGraphql } from '../utils/graphql.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '../utils/openid-provider.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const SSO_FIELDS = 'issuer clientId clientSecretSet allowedDomains ssoRequired updatedAt';
const SET_SSO = `mutation($input: SsoSettingsInput!) { setSsoSettings(input: $input) { ${SSO_FIELDS} } }`;
const GET_SSO = `{ ssoSettings { ${SSO_FIELDS} } }`;
const REMOVE_SSO = 'mutation { removeSsoSettings }';
const START = `mutation($email: String!) { startSsoSignIn(input: { email: $email }) { authorizationUrl } }`;
const SIGN_IN = `mutation($email: String!, $password: String!) {
  signIn(input: { email: $email, password: $password }) { user { email } } }`;
const VIEWER = '{ viewer { user { id email } account { id } } }';

interface Started {
  authorizationUrl: string;
  /** The alerts_sso cookie the start set, as the browser sends it back. */
  browserCookie: string;
}

interface CallbackAnswer {
  location: string;
  /** The session cookie set, if any. */
  sessionCookie: string | null;
}

const cookieOf = (res: Response, name: string): string | null => {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const found = (header ?? []).find((cookie) => cookie.startsWith(`${name}=`));
  return found === undefined ? null : found.split(';')[0];
};

describe.each(testDatabaseKinds())('single sign-on with OpenID Connect on %s', (kind) => {
  let t: TestApp;
  let provider: TestOpenIdProvider;
  let apiKey: string;
  let accountId: string;
  let logs: CapturedLogs;

  const settingsInput = (overrides: Record<string, unknown> = {}) => ({
    issuer: provider.issuer,
    clientId: provider.client.clientId,
    clientSecret: provider.client.clientSecret,
    allowedDomains: ['Acme.test'],
    ssoRequired: false,
    ...overrides,
  });

  /** A request with no cookie jar: each carries the cookies a test gives it, no others. */
  const fresh = () => request(t.app.getHttpServer());
  const publicGraphql = (query: string, variables: Record<string, unknown>) =>
    fresh().post('/graphql').send({ query, variables });

  async function start(email: string): Promise<Started> {
    const res = await publicGraphql(START, { email });
    expect(errorsOf(res)).toEqual([]);
    const browserCookie = cookieOf(res, 'alerts_sso');
    expect(browserCookie).not.toBeNull();
    const { authorizationUrl } = (
      res.body as { data: { startSsoSignIn: { authorizationUrl: string } } }
    ).data.startSsoSignIn;
    return { authorizationUrl, browserCookie: browserCookie! };
  }

  /** Every code, state and cookie a test sent: none may reach the log. */
  const exchanged: string[] = [];

  async function callback(url: URL, browserCookie: string | null): Promise<CallbackAnswer> {
    for (const name of ['code', 'state']) {
      const value = url.searchParams.get(name);
      if (value !== null) exchanged.push(value);
    }
    if (browserCookie !== null) exchanged.push(browserCookie.split('=')[1]);
    const req = fresh().get(`${url.pathname}${url.search}`);
    if (browserCookie !== null) req.set('Cookie', browserCookie);
    const res = await req;
    expect(res.status).toBe(303);
    const sessionCookie = cookieOf(res, 'alerts_session');
    if (sessionCookie !== null) exchanged.push(sessionCookie.split('=')[1]);
    return { location: res.headers.location, sessionCookie };
  }

  async function viewerOf(sessionCookie: string) {
    const res = await fresh().post('/graphql').set('Cookie', sessionCookie).send({ query: VIEWER });
    expect(errorsOf(res)).toEqual([]);
    return (res.body as { data: { viewer: { user: { id: string; email: string } } } }).data.viewer;
  }

  beforeAll(async () => {
    logs = capturedLogger();
    t = await createTestApp(
      kind,
      { SSO_ALLOW_HTTP: 'true', LOG_LEVEL: 'info' },
      { now: new Date(), logger: logs.logger },
    );
    const origin = await listenOnLoopback(t);
    provider = await startOpenIdProvider(`${origin}/dashboard/sso/callback`);
    ({ apiKey, accountId } = await t.account());
    await runGraphql(t, apiKey, SET_SSO, { input: settingsInput() });
  });
  afterEach(() => {
    provider.tamper = null;
    provider.claims.clear();
  });
  afterAll(async () => {
    // What every test logged: no client secret, code, state, cookie or token.
    const logged = logs.text();
    expect(logged).toContain('SSO sign-in refused');
    for (const secret of [provider.client.clientSecret, ...exchanged]) {
      expect(logged).not.toContain(secret);
    }
    await provider?.close();
    await t?.close();
  });

  describe('the settings', () => {
    it('are shown without the secret, the domains lower-cased, the issuer as discovered', async () => {
      const { ssoSettings } = await runGraphql<{ ssoSettings: Record<string, unknown> }>(
        t,
        apiKey,
        GET_SSO,
      );
      expect(ssoSettings).toMatchObject({
        issuer: provider.issuer,
        clientId: provider.client.clientId,
        clientSecretSet: true,
        allowedDomains: ['acme.test'],
        ssoRequired: false,
      });
      expect(JSON.stringify(ssoSettings)).not.toContain(provider.client.clientSecret);
    });

    it('store the client secret sealed, never in the clear', async () => {
      const rows = await t.database.query<Record<string, unknown>>(
        t.database.manager,
        'SELECT * FROM sso_settings WHERE account_id = :accountId',
        { accountId },
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(provider.client.clientSecret);
      expect(String(rows[0].client_secret)).toMatch(/^v1:[0-9a-f]{12}:/);
    });

    it('keep the stored secret when none is given', async () => {
      await runGraphql(t, apiKey, SET_SSO, { input: settingsInput({ clientSecret: null }) });
      const { authorizationUrl } = await start('keeper@acme.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'keeper@acme.test'),
        (await start('keeper@acme.test')).browserCookie,
      );
      // The first start's cookie was replaced by the second's: that sign-in is refused…
      expect(answer.location).toBe('/dashboard/login?sso_error=state');
      // …and one through with its own cookie works on the secret kept.
      const second = await start('keeper@acme.test');
      const done = await callback(
        await provider.signInAs(second.authorizationUrl, 'keeper@acme.test'),
        second.browserCookie,
      );
      expect(done.location).toBe('/dashboard/');
    });

    it.each([
      [
        { issuer: 'http://sso.example.com' },
        'SSO_ALLOW_HTTP accepts http issuers on a loopback host only',
      ],
      [{ issuer: 'not a url' }, 'The issuer must be a URL'],
      [{ allowedDomains: ['not a domain'] }, '"not a domain" is not an email domain'],
      [{ allowedDomains: [] }, 'Give at least one allowed email domain'],
      [{ clientId: ' ' }, 'The client id must be 1 to 255 characters'],
      [
        { clientSecret: 'wrong-but-discovery-does-not-know', issuer: 'http://127.0.0.1:9/' },
        "The issuer's discovery document (http://127.0.0.1:9/.well-known/openid-configuration) did not check out",
      ],
    ])('refuse %j with a clear invalid_body and change nothing', async (overrides, message) => {
      const res = await postGraphql(t, apiKey, SET_SSO, { input: settingsInput(overrides) });
      expect(
        errorsOf(res).map((e) => [e.extensions.code, e.message.slice(0, message.length)]),
      ).toEqual([['invalid_body', message]]);
      const { ssoSettings } = await runGraphql<{ ssoSettings: { issuer: string } }>(
        t,
        apiKey,
        GET_SSO,
      );
      expect(ssoSettings.issuer).toBe(provider.issuer);
    });

    it('refuse an issuer whose discovery names another issuer', async () => {
      const res = await postGraphql(t, apiKey, SET_SSO, {
        input: settingsInput({ issuer: provider.issuer.replace('127.0.0.1', 'localhost') }),
      });
      expect(errorsOf(res)).toHaveLength(1);
      expect(errorsOf(res)[0].message).toContain(
        'did not check out: discovered metadata issuer does not match the expected issuer',
      );
    });

    it('refuse a domain another account allows already', async () => {
      const other = await t.account();
      const res = await postGraphql(t, other.apiKey, SET_SSO, {
        input: settingsInput({ allowedDomains: ['other.test', 'ACME.test'] }),
      });
      expect(errorsOf(res).map((e) => [e.extensions.code, e.message])).toEqual([
        [
          'invalid_body',
          'Already allowed by another account: acme.test (an email domain leads to one account only)',
        ],
      ]);
      const { ssoSettings } = await runGraphql<{ ssoSettings: null }>(t, other.apiKey, GET_SSO);
      expect(ssoSettings).toBeNull();
      expect(
        await t.database.manager.countBy(AccountAuditEntryEntity, { accountId: other.accountId }),
      ).toBe(0);
    });

    it('are removed by removeSsoSettings, and SSO then is not set up', async () => {
      const other = await t.account();
      await runGraphql(t, other.apiKey, SET_SSO, {
        input: settingsInput({ allowedDomains: ['removed.test'] }),
      });
      expect(await runGraphql(t, other.apiKey, REMOVE_SSO)).toEqual({ removeSsoSettings: true });
      expect(await runGraphql(t, other.apiKey, REMOVE_SSO)).toEqual({ removeSsoSettings: false });
      const audited = await t.database.manager.find(AccountAuditEntryEntity, {
        where: { accountId: other.accountId },
        order: { action: 'ASC' },
      });
      expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        [
          'sso_settings.created',
          null,
          {
            issuer: provider.issuer,
            clientId: provider.client.clientId,
            allowedDomains: ['removed.test'],
            ssoRequired: false,
            clientSecret: '[changed]',
          },
        ],
        ['sso_settings.removed', { removed: false }, { removed: true }],
      ]);
      expect(JSON.stringify(audited)).not.toContain(provider.client.clientSecret);
      const res = await publicGraphql(START, { email: 'someone@removed.test' });
      expect(errorsOf(res).map((e) => [e.extensions.code, e.message])).toEqual([
        ['not_found', 'Single sign-on is not set up for this email address'],
      ]);
    });
  });

  describe('signing in', () => {
    it('creates a user of an allowed domain just in time and signs them in', async () => {
      const { authorizationUrl, browserCookie } = await start('New.Person@acme.test');
      const url = new URL(authorizationUrl);
      expect(url.origin).toBe(provider.issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('client_id')).toBe(provider.client.clientId);
      for (const param of ['state', 'nonce', 'code_challenge']) {
        expect(url.searchParams.get(param)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'new.person@acme.test'),
        browserCookie,
      );
      expect(answer.location).toBe('/dashboard/');
      const viewer = await viewerOf(answer.sessionCookie!);
      expect(viewer.user.email).toBe('new.person@acme.test');
      const user = await t.app.get(UsersService).findByEmail('new.person@acme.test');
      expect(user).toMatchObject({ accountId, role: 'member' });
    });

    it('gives a just-in-time user the role of their pending invitation, and uses it up', async () => {
      const { user: owner } = await t.app
        .get(UsersService)
        .createUser(accountId, 'inviting.owner@acme.test');
      const invitations = t.app.get(InvitationsService);
      const account = await t.app.get(AccountsService).findAccount(accountId);
      const ownerCaller = sessionCallerFor(
        account!,
        { sessionId: 'in-process', userId: owner.id, csrfToken: '' },
        'owner',
        owner.email,
      );
      const { link } = await invitations.invite(
        ownerCaller,
        'Invited.Admin@acme.test',
        'admin',
        'http://127.0.0.1',
      );
      const token = link!.split('#')[1];
      const shown = await runGraphql(
        t,
        apiKey,
        'query($token: String!) { invitationLink(token: $token) { ssoAvailable } }',
        { token },
      );
      expect(shown).toEqual({ invitationLink: { ssoAvailable: true } });
      const { authorizationUrl, browserCookie } = await start('invited.admin@acme.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'invited.admin@acme.test'),
        browserCookie,
      );
      expect(answer.location).toBe('/dashboard/');
      const user = await t.app.get(UsersService).findByEmail('invited.admin@acme.test');
      expect(user).toMatchObject({ accountId, role: 'admin' });
      expect(await invitations.pending(accountId)).toEqual([]);
      await expect(invitations.open(token)).rejects.toThrow(/already accepted/);
    });

    it('signs an existing user in, creating nobody', async () => {
      const { user } = await t.app.get(UsersService).createUser(accountId, 'ann@acme.test');
      const { authorizationUrl, browserCookie } = await start('ann@acme.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'ANN@acme.test'),
        browserCookie,
      );
      expect(answer.location).toBe('/dashboard/');
      expect((await viewerOf(answer.sessionCookie!)).user.id).toBe(user.id);
    });

    it('refuses a forged state, and a state with another browser’s cookie', async () => {
      const { authorizationUrl, browserCookie } = await start('forge@acme.test');
      const back = await provider.signInAs(authorizationUrl, 'forge@acme.test');
      const forged = new URL(back);
      forged.searchParams.set('state', 'A'.repeat(43));
      expect(await callback(forged, browserCookie)).toEqual({
        location: '/dashboard/login?sso_error=state',
        sessionCookie: null,
      });
      const otherBrowser = (await start('forge@acme.test')).browserCookie;
      expect(await callback(back, otherBrowser)).toEqual({
        location: '/dashboard/login?sso_error=state',
        sessionCookie: null,
      });
      expect(await callback(back, null)).toEqual({
        location: '/dashboard/login?sso_error=state',
        sessionCookie: null,
      });
    });

    it('refuses a replayed code: the state is used once, and the provider takes a code once', async () => {
      const first = await start('replay@acme.test');
      const back = await provider.signInAs(first.authorizationUrl, 'replay@acme.test');
      expect((await callback(back, first.browserCookie)).location).toBe('/dashboard/');
      expect(await callback(back, first.browserCookie)).toEqual({
        location: '/dashboard/login?sso_error=state',
        sessionCookie: null,
      });
      // The same code under a sign-in of its own (a fresh state and cookie): the provider refuses.
      const second = await start('replay@acme.test');
      const replayed = new URL(back);
      replayed.searchParams.set(
        'state',
        new URL(second.authorizationUrl).searchParams.get('state')!,
      );
      expect(await callback(replayed, second.browserCookie)).toEqual({
        location: '/dashboard/login?sso_error=token',
        sessionCookie: null,
      });
    });

    it.each([
      [
        'for another audience (the other client registered at the provider)',
        { claims: (c: object) => ({ ...c, aud: 'another-app' }) },
        'unexpected JWT \\"aud\\" (audience) claim value',
      ],
      [
        'signed by a key the provider does not publish',
        { foreignKey: true },
        'JWT signature verification failed',
      ],
      [
        'with another nonce',
        { claims: (c: object) => ({ ...c, nonce: 'B'.repeat(43) }) },
        'unexpected ID Token \\"nonce\\" claim value',
      ],
      [
        'from another issuer',
        { claims: (c: object) => ({ ...c, iss: 'http://127.0.0.1:1' }) },
        'unexpected JWT \\"iss\\" (issuer) claim value',
      ],
      [
        'expired beyond the clock tolerance',
        { claims: (c: object) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 120 }) },
        'unexpected JWT \\"exp\\" (expiration time) claim value',
      ],
    ])('refuses an ID token %s', async (_what, tamper, detail) => {
      provider.tamper = tamper;
      const { authorizationUrl, browserCookie } = await start('checked@acme.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'checked@acme.test'),
        browserCookie,
      );
      expect(answer).toEqual({ location: '/dashboard/login?sso_error=token', sessionCookie: null });
      expect(await t.app.get(UsersService).findByEmail('checked@acme.test')).toBeNull();
      const refusals = logs
        .text()
        .split('\n')
        .filter((line) => line.includes('SSO sign-in refused'));
      expect(refusals.pop()).toContain(detail);
    });

    it('takes the email from the ID token when it holds one (else from userinfo)', async () => {
      provider.tamper = {
        claims: (c) => ({ ...c, email: 'in.token@acme.test', email_verified: true }),
      };
      const { authorizationUrl, browserCookie } = await start('in.userinfo@acme.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'in.userinfo@acme.test'),
        browserCookie,
      );
      expect((await viewerOf(answer.sessionCookie!)).user.email).toBe('in.token@acme.test');
      expect(await t.app.get(UsersService).findByEmail('in.userinfo@acme.test')).toBeNull();
    });

    it('accepts an ID token issued a little ahead of this clock (within the tolerance)', async () => {
      provider.tamper = {
        claims: (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) + 20 }),
      };
      const { authorizationUrl, browserCookie } = await start('skewed@acme.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'skewed@acme.test'),
        browserCookie,
      );
      expect(answer.location).toBe('/dashboard/');
    });

    it('refuses an email outside the allowed domains, and one the provider has not verified', async () => {
      provider.claims.set('outsider', { email: 'outsider@elsewhere.test', email_verified: true });
      provider.claims.set('unverified', { email: 'unverified@acme.test', email_verified: false });
      provider.claims.set('nameless', {});
      for (const [login, reason] of [
        ['outsider', 'domain'],
        ['unverified', 'email'],
        ['nameless', 'email'],
      ]) {
        const { authorizationUrl, browserCookie } = await start('someone@acme.test');
        const answer = await callback(
          await provider.signInAs(authorizationUrl, login),
          browserCookie,
        );
        expect(answer).toEqual({
          location: `/dashboard/login?sso_error=${reason}`,
          sessionCookie: null,
        });
      }
      expect(await t.app.get(UsersService).findByEmail('outsider@elsewhere.test')).toBeNull();
      expect(await t.app.get(UsersService).findByEmail('someone@acme.test')).toBeNull();
    });

    it('says SSO is not set up for an email of no allowed domain, and for unknown users alike', async () => {
      const other = await t.account();
      const { user } = await t.app.get(UsersService).createUser(other.accountId, 'bob@bob.test');
      for (const email of ['nobody@nowhere.test', user.email, 'not an email']) {
        const res = await publicGraphql(START, { email });
        expect(errorsOf(res).map((e) => e.extensions.code)).toEqual([
          email === 'not an email' ? 'invalid_body' : 'not_found',
        ]);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });
    it('refuses a sign-in the provider answers with an error, creating nobody', async () => {
      const { authorizationUrl, browserCookie } = await start('cancelled@acme.test');
      const state = new URL(authorizationUrl).searchParams.get('state')!;
      const back = new URL('/dashboard/sso/callback', 'http://127.0.0.1');
      back.search = new URLSearchParams({ error: 'access_denied', state }).toString();
      expect(await callback(back, browserCookie)).toEqual({
        location: '/dashboard/login?sso_error=denied',
        sessionCookie: null,
      });
      expect(await t.app.get(UsersService).findByEmail('cancelled@acme.test')).toBeNull();
    });

    it('refuses an account without an active plan, creating nobody', async () => {
      const canceled = await t.account();
      await runGraphql(t, canceled.apiKey, SET_SSO, {
        input: settingsInput({ allowedDomains: ['canceled.test'] }),
      });
      const { authorizationUrl, browserCookie } = await start('new@canceled.test');
      await t.app.get(AccountsService).updateAccount(canceled.accountId, { status: 'canceled' });
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'new@canceled.test'),
        browserCookie,
      );
      expect(answer).toEqual({
        location: '/dashboard/login?sso_error=inactive',
        sessionCookie: null,
      });
      expect(await t.app.get(UsersService).findByEmail('new@canceled.test')).toBeNull();
    });

    it('says the provider does not answer when its discovery fails at the start', async () => {
      const gone = await startOpenIdProvider('http://127.0.0.1:1/dashboard/sso/callback');
      const other = await t.account();
      await runGraphql(t, other.apiKey, SET_SSO, {
        input: {
          issuer: gone.issuer,
          clientId: gone.client.clientId,
          clientSecret: gone.client.clientSecret,
          allowedDomains: ['gone.test'],
          ssoRequired: false,
        },
      });
      await gone.close();
      const res = await publicGraphql(START, { email: 'someone@gone.test' });
      expect(errorsOf(res).map((e) => [e.extensions.code, e.message])).toEqual([
        ['unavailable', 'The sign-in provider does not answer; try again later'],
      ]);
    });
  });

  describe('an account that requires SSO', () => {
    it('refuses password sign-in to its users (not owners once roles exist), after the password is right', async () => {
      const users = t.app.get(UsersService);
      const required = await t.account();
      const { password } = await users.createUser(
        required.accountId,
        'pat@required.test',
        'member',
      );
      await runGraphql(t, required.apiKey, SET_SSO, {
        input: settingsInput({ allowedDomains: ['required.test'], ssoRequired: true }),
      });
      const refused = await publicGraphql(SIGN_IN, { email: 'pat@required.test', password });
      expect(errorsOf(refused).map((e) => [e.extensions.code, e.message])).toEqual([
        [
          'forbidden',
          'Your account requires single sign-on: use "Sign in with SSO" instead of a password',
        ],
      ]);
      expect(cookieOf(refused, 'alerts_session')).toBeNull();
      const wrong = await publicGraphql(SIGN_IN, {
        email: 'pat@required.test',
        password: 'wrong password!',
      });
      expect(errorsOf(wrong).map((e) => e.extensions.code)).toEqual(['unauthorized']);

      const { authorizationUrl, browserCookie } = await start('pat@required.test');
      const answer = await callback(
        await provider.signInAs(authorizationUrl, 'pat@required.test'),
        browserCookie,
      );
      expect(answer.location).toBe('/dashboard/');

      await runGraphql(t, required.apiKey, SET_SSO, {
        input: settingsInput({ allowedDomains: ['required.test'], ssoRequired: false }),
      });
      const allowed = await publicGraphql(SIGN_IN, { email: 'pat@required.test', password });
      expect(errorsOf(allowed)).toEqual([]);
    });
  });
});

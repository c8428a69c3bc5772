import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { RetentionService } from '../../src/modules/retention/retention.service.js';
import { hashPassword } from '../../src/modules/users/password-hash.js';
import { SIGN_IN_LIMITS } from '../../src/modules/users/sign-in-limiter.service.js';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const HOUR_MS = 3_600_000;
const VIEWER_FIELDS =
  'csrfToken user { id email } account { id name product plan status keywordLimit }';
const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { ${VIEWER_FIELDS} } }`;
const VIEWER = `{ viewer { ${VIEWER_FIELDS} } }`;
const CREATE_API_KEY =
  'mutation { createApiKey { key apiKey { id prefix createdAt lastUsedAt revokedAt } } }';
const CREATE_KEYWORDS =
  'mutation { createKeywords(keywords: [{ text: "forged keyword" }]) { created { id } } }';

interface GraphqlError {
  message: string;
  extensions: { code: string; status: number };
}

interface Member {
  accountId: string;
  apiKey: string;
  userId: string;
  email: string;
  password: string;
}

/** What a signed-in browser holds: its cookie, and the CSRF token its page read from viewer. */
interface Session {
  cookie: string;
  csrfToken: string;
}

const errorsOf = (res: Response) => (res.body as { errors?: GraphqlError[] }).errors ?? [];

function expectRefusal(res: Response, code: string, status: number): void {
  expect({ status: res.status, codes: errorsOf(res).map((e) => e.extensions.code) }).toEqual({
    status,
    codes: [code],
  });
}

describe.each(testDatabaseKinds())('dashboard sessions on %s', (kind) => {
  let t: TestApp;
  /** The service's own origin, as the browser that loaded the dashboard names it. */
  let origin: string;
  /** The same host on another port: another origin, though the same site to SameSite cookies. */
  let otherPort: string;
  let addresses = 0;

  beforeAll(async () => {
    // Each test signs in from client addresses of its own (X-Forwarded-For under TRUST_PROXY),
    // so the per-address sign-in limit one test reaches never refuses the next.
    t = await createTestApp(kind, { TRUST_PROXY: 'true' });
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    otherPort = `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`;
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  const newAddress = () => `198.51.100.${++addresses}`;

  async function member(
    plan: 'starter' | 'pro' = 'starter',
    product: 'alerts' | 'app' = 'alerts',
  ): Promise<Member> {
    const { accountId, apiKey } = await t.account(plan, product);
    const email = `Person.${accountId.slice(-12)}@Example.com`;
    const { user, password } = await t.app.get(UsersService).createUser(accountId, email);
    return { accountId, apiKey, userId: user.id, email, password };
  }

  const post = () => request(origin).post('/graphql');

  /** A JSON POST as the dashboard's own page sends it. */
  function graphql(query: string, variables: object = {}, session?: Session, csrf = true) {
    const req = post().set('Origin', origin).set('Sec-Fetch-Site', 'same-origin');
    if (session) req.set('Cookie', session.cookie);
    if (session && csrf) req.set('X-CSRF-Token', session.csrfToken);
    return req.send({ query, variables });
  }

  function signInRequest(email: string, password: string, address = newAddress()) {
    return post()
      .set('Origin', origin)
      .set('X-Forwarded-For', address)
      .send({ query: SIGN_IN, variables: { input: { email, password } } });
  }

  function sessionCookieOf(res: Response): string | undefined {
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return setCookie.find((line) => line.startsWith('alerts_session='));
  }

  async function signIn(who: Member, address?: string): Promise<Session> {
    const res = await signInRequest(who.email, who.password, address);
    expect(errorsOf(res)).toEqual([]);
    const cookie = sessionCookieOf(res)!.split(';')[0];
    return { cookie, csrfToken: res.body.data.signIn.csrfToken as string };
  }

  async function keywordCount(who: Member): Promise<number> {
    const res = await request(origin).get('/api/v1/keywords').set(bearer(who.apiKey)).expect(200);
    return res.body.count as number;
  }

  async function apiKeyCount(who: Member): Promise<number> {
    return (await t.app.get(AccountsService).listKeys(who.accountId)).length;
  }

  async function sessionRows(userId: string): Promise<number> {
    const [row] = await t.database.manager.query(
      `SELECT COUNT(*) AS n FROM sessions WHERE user_id = ${kind === 'postgres' ? '$1' : '?'}`,
      [userId],
    );
    return Number(row.n);
  }

  describe('signing in and out', () => {
    it('signs in with the email in any case: a strict HttpOnly cookie, the viewer, a hashed session', async () => {
      const who = await member('pro');
      const res = await signInRequest(who.email.toUpperCase(), who.password);

      expect(errorsOf(res)).toEqual([]);
      expect(res.body.data.signIn).toEqual({
        csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: { id: who.userId, email: who.email },
        account: {
          id: who.accountId,
          name: '',
          product: 'alerts',
          plan: 'pro',
          status: 'active',
          keywordLimit: 100,
        },
      });
      const cookie = sessionCookieOf(res)!;
      const attributes = cookie.split(';').map((part) => part.trim());
      expect(attributes[0]).toMatch(/^alerts_session=[A-Za-z0-9_-]{43}$/);
      expect(attributes).toEqual(
        expect.arrayContaining(['Max-Age=604800', 'Path=/', 'HttpOnly', 'SameSite=Strict']),
      );
      expect(attributes).not.toContain('Secure');

      const token = attributes[0].slice('alerts_session='.length);
      const session = { cookie: attributes[0], csrfToken: res.body.data.signIn.csrfToken };
      const viewer = await graphql(VIEWER, {}, session).expect(200);
      expect(viewer.body.data.viewer).toEqual(res.body.data.signIn);
      const stored = JSON.stringify(await t.database.manager.query('SELECT * FROM sessions'));
      expect(stored).not.toContain(token);
      const users = JSON.stringify(await t.database.manager.query('SELECT * FROM users'));
      expect(users).not.toContain(who.password);
      expect(users).toContain(`$scrypt$ln=${t.config.passwordHashLogN},r=8,p=3$`);
    });

    it('answers a wrong password and an unknown email alike, and starts no session', async () => {
      const who = await member();
      const wrongPassword = await signInRequest(who.email, `${who.password}x`);
      const unknownEmail = await signInRequest(`nobody.${who.userId}@example.com`, who.password);

      for (const res of [wrongPassword, unknownEmail]) {
        expectRefusal(res, 'unauthorized', 401);
        expect(errorsOf(res)[0].message).toBe('Email or password is wrong');
        expect(res.body.data).toBeNull();
        expect(sessionCookieOf(res)).toBeUndefined();
      }
      expect(wrongPassword.text).toBe(unknownEmail.text);
      expect(await sessionRows(who.userId)).toBe(0);
    });

    it('rehashes a password stored under another cost once it signs in, keeping the password', async () => {
      const who = await member();
      const older = await hashPassword(who.password, { logN: 11, r: 8, p: 1 });
      await t.database.transaction((manager) =>
        manager.update(UserEntity, { id: who.userId }, { passwordHash: older }),
      );

      await signIn(who);

      const stored = await t.app.get(UsersService).findById(who.userId);
      expect(stored?.passwordHash).toMatch(
        new RegExp(`^\\$scrypt\\$ln=${t.config.passwordHashLogN},r=8,p=3\\$`),
      );
      await signIn(who);
    });

    it('signs out: the session ends server-side and the cookie is cleared', async () => {
      const who = await member();
      const session = await signIn(who);
      const res = await graphql('mutation { signOut }', {}, session).expect(200);

      expect(res.body.data).toEqual({ signOut: true });
      expect(sessionCookieOf(res)).toMatch(/^alerts_session=;.*Expires=Thu, 01 Jan 1970/);
      expect(await sessionRows(who.userId)).toBe(0);
      expectRefusal(await graphql(VIEWER, {}, session), 'unauthorized', 401);
    });

    it('answers viewer, signOut and changePassword with forbidden for an API key, which has no user', async () => {
      const who = await member();
      for (const query of [
        VIEWER,
        'mutation { signOut }',
        'mutation { changePassword(input: { currentPassword: "a", newPassword: "b" }) }',
      ]) {
        const res = await post().set(bearer(who.apiKey)).send({ query });
        expectRefusal(res, 'forbidden', 403);
      }
    });

    it('answers viewer without a session or key with unauthorized', async () => {
      expectRefusal(await graphql(VIEWER), 'unauthorized', 401);
      const forged = { cookie: `alerts_session=${'A'.repeat(43)}`, csrfToken: 'x' };
      expectRefusal(await graphql(VIEWER, {}, forged), 'unauthorized', 401);
    });
  });

  describe('sign-in limits', () => {
    it(`refuses attempt ${SIGN_IN_LIMITS.perEmail + 1} on one email in 15 minutes, the right password included`, async () => {
      const who = await member();
      for (let attempt = 0; attempt < SIGN_IN_LIMITS.perEmail; attempt += 1) {
        // From many addresses: the per-email limit is what stops a distributed guesser.
        expectRefusal(
          await signInRequest(who.email, 'wrong password', newAddress()),
          'unauthorized',
          401,
        );
      }
      const refused = await signInRequest(who.email, who.password, newAddress());

      expectRefusal(refused, 'rate_limited', 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(sessionCookieOf(refused)).toBeUndefined();
      const other = await member();
      await signIn(other);
    });

    // Every attempt costs a full scrypt hash (an unknown email too): on a loaded machine it takes a while.
    it(`refuses attempt ${SIGN_IN_LIMITS.perAddress + 1} from one address, whatever the email`, async () => {
      const address = newAddress();
      const who = await member();
      const attempts = Array.from({ length: SIGN_IN_LIMITS.perAddress }, (_, i) => i);
      // Four at a time: each costs a scrypt hash on libuv's four threads.
      for (let batch = 0; batch < attempts.length; batch += 4) {
        const answers = await Promise.all(
          attempts
            .slice(batch, batch + 4)
            .map((i) => signInRequest(`guess.${i}@example.com`, 'guess', address)),
        );
        for (const res of answers) expectRefusal(res, 'unauthorized', 401);
      }

      expectRefusal(await signInRequest(who.email, who.password, address), 'rate_limited', 429);
      await signIn(who, newAddress());
    }, 120_000);
  });

  describe('session lifetime', () => {
    it('ends a session after 12 hours without a request, not before', async () => {
      const who = await member();
      const session = await signIn(who);
      t.clock.advance(11 * HOUR_MS);
      await graphql(VIEWER, {}, session).expect(200);
      t.clock.advance(11 * HOUR_MS);
      await graphql(VIEWER, {}, session).expect(200);

      t.clock.advance(12 * HOUR_MS + 60_000);
      expectRefusal(await graphql(VIEWER, {}, session), 'unauthorized', 401);
      expect(await sessionRows(who.userId)).toBe(0);
    });

    it('ends a session 7 days after sign-in, however busy', async () => {
      const who = await member();
      const session = await signIn(who);
      for (let hours = 6; hours <= 7 * 24; hours += 6) {
        t.clock.advance(6 * HOUR_MS);
        await graphql(VIEWER, {}, session).expect(200);
      }
      t.clock.advance(60_000);
      expectRefusal(await graphql(VIEWER, {}, session), 'unauthorized', 401);
    });

    it('prunes the sessions that are over in the retention run', async () => {
      const who = await member();
      await signIn(who);
      await signIn(who);
      const staying = await member();
      await signIn(staying);
      t.clock.advance(13 * HOUR_MS);
      const kept = await signIn(staying);

      const report = await t.app.get(RetentionService).runOnce();

      expect(report.sessions).toBeGreaterThanOrEqual(3);
      expect(await sessionRows(who.userId)).toBe(0);
      expect(await sessionRows(staying.userId)).toBe(1);
      await graphql(VIEWER, {}, kept).expect(200);
    });
  });

  describe('changing the password', () => {
    const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) }';

    it('ends every other session; the old password no longer signs in, the new one does', async () => {
      const who = await member();
      const here = await signIn(who);
      const elsewhere = await signIn(who);
      const newPassword = 'a new and long passphrase';

      const res = await graphql(
        CHANGE,
        { input: { currentPassword: who.password, newPassword } },
        here,
      ).expect(200);

      expect(res.body).toEqual({ data: { changePassword: true } });
      await graphql(VIEWER, {}, here).expect(200);
      expectRefusal(await graphql(VIEWER, {}, elsewhere), 'unauthorized', 401);
      expectRefusal(await signInRequest(who.email, who.password), 'unauthorized', 401);
      await signIn({ ...who, password: newPassword });
    });

    it('refuses a wrong current password and a short new one, changing nothing', async () => {
      const who = await member();
      const session = await signIn(who);
      const wrong = await graphql(
        CHANGE,
        { input: { currentPassword: 'not it at all', newPassword: 'another long password' } },
        session,
      );
      const short = await graphql(
        CHANGE,
        { input: { currentPassword: who.password, newPassword: 'short' } },
        session,
      );

      expectRefusal(wrong, 'invalid_body', 200);
      expect(errorsOf(wrong)[0].message).toBe('The current password is wrong');
      expectRefusal(short, 'invalid_body', 200);
      expect(errorsOf(short)[0].message).toBe('The new password must be at least 12 characters');
      await signIn(who);
    });
  });

  describe('a canceled account', () => {
    it('answers 402 subscription_required and ends the session; signing in again says 402 and starts none', async () => {
      const who = await member();
      const session = await signIn(who);
      const accounts = t.app.get(AccountsService);
      await accounts.updateAccount(who.accountId, { status: 'canceled' });

      expectRefusal(await graphql(VIEWER, {}, session), 'subscription_required', 402);
      expect(await sessionRows(who.userId)).toBe(0);
      const again = await signInRequest(who.email, who.password);
      expectRefusal(again, 'subscription_required', 402);
      expect(sessionCookieOf(again)).toBeUndefined();
      expect(await sessionRows(who.userId)).toBe(0);

      await accounts.updateAccount(who.accountId, { status: 'active' });
      expectRefusal(await graphql(VIEWER, {}, session), 'unauthorized', 401);
    });
  });

  describe('where the cookie counts', () => {
    it('never as a key on /api/v1, nor on GET /graphql', async () => {
      const who = await member();
      const session = await signIn(who);
      const browserHeaders = {
        Cookie: session.cookie,
        'X-CSRF-Token': session.csrfToken,
        Origin: origin,
      };

      const get = await request(origin).get('/api/v1/keywords').set(browserHeaders).expect(401);
      expect(get.body.code).toBe('unauthorized');
      await request(origin)
        .post('/api/v1/keywords')
        .set(browserHeaders)
        .send({ keywords: [{ text: 'cookie keyword' }] })
        .expect(401);
      const viaGet = await request(origin)
        .get('/graphql')
        .query({ query: VIEWER })
        .set({ ...browserHeaders, 'Content-Type': 'application/json' });
      expectRefusal(viaGet, 'unauthorized', 401);
      expect(await keywordCount(who)).toBe(0);
    });
  });

  describe('cross-site request forgery', () => {
    it('does nothing for a form or text/plain POST from another origin carrying the cookie', async () => {
      const who = await member();
      const session = await signIn(who);
      const keysBefore = await apiKeyCount(who);
      const forged = [
        // What an HTML form on http://127.0.0.1:<another port> posts.
        post()
          .set({ Cookie: session.cookie, Origin: otherPort, 'Sec-Fetch-Site': 'same-site' })
          .type('form')
          .send({ query: CREATE_API_KEY }),
        // A form with enctype="text/plain" can carry a JSON-looking body, as can fetch no-cors.
        post()
          .set({ Cookie: session.cookie, Origin: otherPort, 'Sec-Fetch-Site': 'same-site' })
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ query: CREATE_KEYWORDS })),
        // The same from a browser that names no origin at all.
        post()
          .set({ Cookie: session.cookie })
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ query: CREATE_API_KEY })),
        post().set({ Cookie: session.cookie }).type('form').send({ query: CREATE_KEYWORDS }),
      ];

      for (const res of await Promise.all(forged)) {
        expect(res.status).toBe(400);
        expect(errorsOf(res).map((e) => e.extensions.code)).toEqual(['invalid_body']);
      }
      expect(await apiKeyCount(who)).toBe(keysBefore);
      expect(await keywordCount(who)).toBe(0);
    });

    it('does nothing for a JSON POST from another origin, even with the CSRF token', async () => {
      const who = await member();
      const session = await signIn(who);
      const keysBefore = await apiKeyCount(who);
      const fromElsewhere = (headers: Record<string, string>, query: string) =>
        post()
          .set({ Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken, ...headers })
          .send({ query });

      const refused = await Promise.all([
        fromElsewhere({ Origin: otherPort }, CREATE_API_KEY),
        fromElsewhere({ Origin: otherPort, 'Sec-Fetch-Site': 'same-site' }, CREATE_KEYWORDS),
        fromElsewhere({ Origin: 'http://localhost:1' }, CREATE_KEYWORDS),
        fromElsewhere({ Origin: 'null' }, CREATE_API_KEY),
        fromElsewhere({ 'Sec-Fetch-Site': 'cross-site' }, CREATE_API_KEY),
        fromElsewhere({ Origin: otherPort }, VIEWER),
      ]);

      for (const res of refused) expectRefusal(res, 'forbidden', 403);
      expect(await apiKeyCount(who)).toBe(keysBefore);
      expect(await keywordCount(who)).toBe(0);
    });

    it('refuses a missing or wrong X-CSRF-Token, changing nothing; the viewer query alone may go without', async () => {
      const who = await member();
      const session = await signIn(who);
      const keysBefore = await apiKeyCount(who);

      expectRefusal(await graphql(CREATE_KEYWORDS, {}, session, false), 'forbidden', 403);
      const wrongToken = { ...session, csrfToken: `${session.csrfToken.slice(1)}x` };
      expectRefusal(await graphql(CREATE_API_KEY, {}, wrongToken), 'forbidden', 403);
      expectRefusal(await graphql(VIEWER, {}, wrongToken), 'forbidden', 403);
      expectRefusal(
        await graphql(
          `
            {
              viewer {
                csrfToken
              }
              apiKeys {
                id
              }
            }
          `,
          {},
          session,
          false,
        ),
        'forbidden',
        403,
      );
      expectRefusal(await graphql('{ keywords { count } }', {}, session, false), 'forbidden', 403);
      expect(await apiKeyCount(who)).toBe(keysBefore);
      expect(await keywordCount(who)).toBe(0);

      const opening = await graphql(VIEWER, {}, session, false).expect(200);
      expect(opening.body.data.viewer.csrfToken).toBe(session.csrfToken);
      const created = await graphql(CREATE_KEYWORDS, {}, session).expect(200);
      expect(created.body.data.createKeywords.created).toHaveLength(1);
    });

    it('signs in only from this origin, as JSON, one signIn alone', async () => {
      const who = await member();
      const input = { email: who.email, password: who.password };
      const body = { query: SIGN_IN, variables: { input } };
      const answers = await Promise.all([
        post().set('Origin', otherPort).send(body),
        post().set('Sec-Fetch-Site', 'cross-site').send(body),
        post().set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(body)),
        post()
          .type('form')
          .send({ query: SIGN_IN, variables: JSON.stringify({ input }) }),
        post().send({
          query: `mutation($input: SignInInput!) { a: signIn(input: $input) { csrfToken } b: signIn(input: $input) { csrfToken } }`,
          variables: { input },
        }),
        post().send({
          query: `mutation($input: SignInInput!) { signIn(input: $input) { csrfToken } createApiKey { key } }`,
          variables: { input },
        }),
      ]);

      expect(answers.map((res) => [res.status, errorsOf(res)[0]?.extensions.code])).toEqual([
        [403, 'forbidden'],
        [403, 'forbidden'],
        [422, 'invalid_body'],
        [400, 'invalid_body'],
        [401, 'unauthorized'],
        [401, 'unauthorized'],
      ]);
      for (const res of answers) expect(sessionCookieOf(res)).toBeUndefined();
      expect(await sessionRows(who.userId)).toBe(0);
      // No Origin at all (a script, not a browser) signs in like the dashboard does.
      const direct = await post().set('X-Forwarded-For', newAddress()).send(body).expect(200);
      expect(sessionCookieOf(direct)).toBeDefined();
    });
  });

  describe('an App account', () => {
    it("signs in, reads the viewer and manages its keys, and is refused the Alerts product's fields", async () => {
      const who = await member('starter', 'app');
      const session = await signIn(who);

      const viewer = await graphql('{ viewer { account { id product } } }', {}, session).expect(
        200,
      );
      expect(viewer.body.data.viewer.account).toEqual({ id: who.accountId, product: 'app' });
      const created = await graphql(CREATE_API_KEY, {}, session).expect(200);
      expect(created.body.data.createApiKey.key).toMatch(/^app_/);
      const inbox = await graphql('{ inbox { totalCount } }', {}, session).expect(200);
      expect(inbox.body.data.inbox).toEqual({ totalCount: 0 });

      expectRefusal(await graphql('{ keywords { count } }', {}, session), 'wrong_product', 403);
      const signedOut = await graphql('mutation { signOut }', {}, session).expect(200);
      expect(signedOut.body.data).toEqual({ signOut: true });
    });
  });

  describe('API keys', () => {
    it('creates a key that works on /api/v1 at once, lists it with its last use, and revokes it', async () => {
      const who = await member();
      const session = await signIn(who);

      const created = await graphql(CREATE_API_KEY, {}, session).expect(200);
      const { key, apiKey } = created.body.data.createApiKey;
      expect(key).toMatch(/^alr_[A-Za-z0-9_-]{43}$/);
      expect(apiKey).toEqual({
        id: expect.any(String),
        prefix: key.slice(0, 10),
        createdAt: '2026-11-21T10:00:00.000+00:00',
        lastUsedAt: null,
        revokedAt: null,
      });
      await request(origin).get('/api/v1/keywords').set(bearer(key)).expect(200);
      t.clock.advance(30_000);
      await request(origin).get('/api/v1/usage').set(bearer(key)).expect(200);

      const listed = await graphql('{ apiKeys { id prefix lastUsedAt revokedAt } }', {}, session);
      expect(listed.body.data.apiKeys).toEqual([
        {
          id: apiKey.id,
          prefix: apiKey.prefix,
          lastUsedAt: '2026-11-21T10:00:00.000+00:00',
          revokedAt: null,
        },
        {
          id: expect.any(String),
          prefix: who.apiKey.slice(0, 10),
          lastUsedAt: null,
          revokedAt: null,
        },
      ]);
      t.clock.advance(31_000);
      await request(origin).get('/api/v1/usage').set(bearer(key)).expect(200);
      const later = await graphql('{ apiKeys { lastUsedAt } }', {}, session);
      expect(later.body.data.apiKeys[0].lastUsedAt).toBe('2026-11-21T10:01:01.000+00:00');

      const revoked = await graphql(
        'mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }',
        { id: apiKey.id },
        session,
      ).expect(200);
      expect(revoked.body.data.revokeApiKey).toEqual({
        id: apiKey.id,
        revokedAt: '2026-11-21T10:01:01.000+00:00',
      });
      const refused = await request(origin).get('/api/v1/keywords').set(bearer(key)).expect(401);
      expect(refused.body.code).toBe('unauthorized');
    });

    it("answers not_found for another account's key and leaves it working", async () => {
      const who = await member();
      const stranger = await member();
      const session = await signIn(who);
      const [strangersKey] = await t.app.get(AccountsService).listKeys(stranger.accountId);

      const res = await graphql(
        'mutation($id: ID!) { revokeApiKey(id: $id) { id } }',
        { id: strangersKey.id },
        session,
      );

      expectRefusal(res, 'not_found', 200);
      await request(origin).get('/api/v1/keywords').set(bearer(stranger.apiKey)).expect(200);
    });
  });

  describe('rate limits', () => {
    it("count a signed-in user's reads against the session budget (600 a minute), never the plan's per-key 60", async () => {
      const who = await member();
      const session = await signIn(who);
      for (let read = 1; read <= 61; read += 1) {
        const res = await graphql('{ apiKeys { id } }', {}, session);
        expect([res.status, res.headers['x-ratelimit-remaining']]).toEqual([
          200,
          String(600 - read),
        ]);
        expect(res.headers['x-ratelimit-limit']).toBe('600');
      }

      const byKey = await request(origin)
        .get('/api/v1/keywords')
        .set(bearer(who.apiKey))
        .expect(200);
      expect([byKey.headers['x-ratelimit-limit'], byKey.headers['x-ratelimit-remaining']]).toEqual([
        '60',
        '59',
      ]);
    });
  });
});

describe('dashboard sessions behind an https PUBLIC_BASE_URL', () => {
  const PUBLIC = 'https://alerts.example.com';
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { PUBLIC_BASE_URL: PUBLIC });
  });
  afterAll(() => t.close());

  it('sets a Secure cookie and takes the public origin, not the Host, as its own', async () => {
    const { accountId } = await t.account();
    const email = `secure.${accountId.slice(-12)}@example.com`;
    const { password } = await t.app.get(UsersService).createUser(accountId, email);
    const body = { query: SIGN_IN, variables: { input: { email, password } } };
    const server = t.app.getHttpServer();

    // A page served from the Host the request names, which is not the public origin.
    const fromHost = await request(server)
      .post('/graphql')
      .set({ Host: 'internal.example:3000', Origin: 'http://internal.example:3000' })
      .send(body);
    const fromPublic = await request(server).post('/graphql').set('Origin', PUBLIC).send(body);

    expectRefusal(fromHost, 'forbidden', 403);
    expect(errorsOf(fromPublic)).toEqual([]);
    const cookie = ([] as string[]).concat(fromPublic.headers['set-cookie'] ?? [])[0];
    expect(cookie.split(';').map((part) => part.trim())).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Secure']),
    );
  });
});

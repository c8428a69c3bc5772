import request from 'supertest';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { parseJsonLine, runAdmin, type AdminRun } from '../utils/run-admin.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { TEST_NOW } from '../utils/test-storage.js';

describe.each(testDatabaseKinds())('the admin command on %s', (kind) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    env = { DATABASE_URL: t.databaseUrl };
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  const succeeds = (run: AdminRun) => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return parseJsonLine(run.stdout);
  };
  const admin = async (...args: string[]) => succeeds(await runAdmin(args, env));

  it('creates an account whose key the running server accepts, typed as an operator types it', async () => {
    const created = succeeds(
      await runAdmin(['create-account', '--plan', 'pro', '--name', 'Acme Inc'], env, undefined, {
        viaNpm: true,
      }),
    );
    expect(Object.keys(created)).toEqual(['account_id', 'api_key', 'product', 'plan', 'status']);
    expect(created).toMatchObject({ product: 'alerts', plan: 'pro', status: 'active' });
    expect(created.api_key).toMatch(/^alr_/);
    const res = await t.http
      .get('/api/v1/keywords')
      .set(bearer(created.api_key as string))
      .expect(200);
    expect(res.body.keyword_limit).toBe(100);
  });

  it('creates App accounts whose keys are refused by Alerts routes', async () => {
    const created = await admin('create-account', '--plan', 'starter', '--product', 'app');
    expect(created).toMatchObject({ product: 'app', api_key: expect.stringMatching(/^app_/) });
    const res = await t.http
      .get('/api/v1/keywords')
      .set(bearer(created.api_key as string))
      .expect(403);
    expect(res.body.code).toBe('wrong_product');
  });

  it('creates and revokes extra keys', async () => {
    const { account_id } = await admin('create-account', '--plan', 'starter');
    const key = await admin('create-key', account_id as string);
    expect(Object.keys(key)).toEqual(['key_id', 'api_key', 'scope', 'expires_at']);
    expect(key).toMatchObject({ scope: 'write', expires_at: null });
    await t.http
      .get('/api/v1/usage')
      .set(bearer(key.api_key as string))
      .expect(200);
    expect(await admin('revoke-key', key.key_id as string)).toEqual({
      revoked: true,
      key_id: key.key_id,
    });
    await t.http
      .get('/api/v1/usage')
      .set(bearer(key.api_key as string))
      .expect(401);
  });

  it('creates a read key that expires, which the server lets read only, until then', async () => {
    const { accountId } = await t.account();
    const expires = new Date(Date.now() + 86_400_000);
    const key = await admin(
      'create-key',
      accountId,
      '--scope',
      'read',
      '--expires',
      expires.toISOString(),
    );
    expect(key).toEqual({
      key_id: expect.any(String),
      api_key: expect.stringMatching(/^alr_/),
      scope: 'read',
      expires_at: expires.toISOString().replace('Z', '+00:00'),
    });
    const apiKey = key.api_key as string;
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    const write = await t.http
      .post('/api/v1/keywords')
      .set(bearer(apiKey))
      .send({ text: 'acme' })
      .expect(403);
    expect(write.body.code).toBe('forbidden');
    t.clock.set(expires);
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(401);
  });

  it('changes plan and status, which the server applies at once', async () => {
    const { account_id, api_key } = await admin('create-account', '--plan', 'starter');
    const scaled = await admin('set-plan', account_id as string, '--plan', 'scale');
    expect(scaled).toMatchObject({ account_id, plan: 'scale', status: 'active' });
    const usage = await t.http
      .get('/api/v1/usage')
      .set(bearer(api_key as string))
      .expect(200);
    expect(usage.body.data).toMatchObject({ plan: 'scale', keyword_limit: 500 });
    expect(await admin('set-plan', account_id as string, '--status', 'canceled')).toMatchObject({
      status: 'canceled',
    });
    await t.http
      .get('/api/v1/usage')
      .set(bearer(api_key as string))
      .expect(402);
  });

  it('lists accounts and shows one with its keys by prefix, never a secret', async () => {
    // Set up through the service: each admin run starts a whole process.
    const service = t.app.get(AccountsService);
    const { account, apiKey } = await service.createAccount({
      plan: 'pro',
      product: 'alerts',
      name: 'Listed Inc',
    });
    const first = { account_id: account.id, api_key: apiKey };
    const expiresAt = Date.parse('2030-01-01T00:00:00Z');
    const created = await service.createKey(account.id, { scope: 'read', expiresAt });
    const extra = { key_id: created.key.id, api_key: created.apiKey };
    await service.revokeKey(created.key.id);

    const [listed, shown] = await Promise.all([
      admin('list-accounts'),
      admin('show-account', first.account_id as string),
    ]);
    const accounts = listed.accounts as Record<string, unknown>[];
    expect(listed.count).toBe(accounts.length);
    const entry = accounts.find((account) => account.account_id === first.account_id);
    expect(entry).toEqual({
      account_id: first.account_id,
      name: 'Listed Inc',
      product: 'alerts',
      plan: 'pro',
      status: 'active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    expect(shown).toMatchObject({ account_id: first.account_id, name: 'Listed Inc', plan: 'pro' });
    const keys = shown.keys as Record<string, unknown>[];
    expect(keys).toEqual([
      {
        key_id: expect.any(String),
        prefix: (first.api_key as string).slice(0, String(keys[0].prefix).length),
        created_at: expect.any(String),
        revoked_at: null,
        scope: 'write',
        expires_at: null,
      },
      {
        key_id: extra.key_id,
        prefix: expect.any(String),
        created_at: expect.any(String),
        revoked_at: expect.any(String),
        scope: 'read',
        expires_at: '2030-01-01T00:00:00.000+00:00',
      },
    ]);
    for (const secret of [first.api_key, extra.api_key] as string[]) {
      expect(JSON.stringify(listed)).not.toContain(secret.slice(8));
      expect(JSON.stringify(shown)).not.toContain(secret.slice(8));
    }
  });

  it('reports at most 20 bad lines of a dump, then their count', async () => {
    const good = JSON.stringify({
      id: 'ok1',
      title: 'fine',
      subreddit: 'test',
      created_utc: 1763719200,
    });
    const input = `${Array.from({ length: 25 }, (_, i) => `{bad ${i}`).join('\n')}\n${good}\n`;

    const run = await runAdmin(['ingest', '-'], env, input);

    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n').filter((line) => line !== '');
    expect(lines.filter((line) => /^line \d+: invalid JSON/.test(line))).toHaveLength(20);
    expect(lines).toContain('… and 5 more bad lines');
    expect(parseJsonLine(run.stdout)).toMatchObject({
      posts: 1,
      skipped: { invalid_json: 25, not_an_item: 0, unstorable: 0 },
    });
  });

  it('exits non-zero when no line of the dump is valid, still printing the summary', async () => {
    const run = await runAdmin(['ingest', '-'], env, '{"neither": "post nor comment"}\n[1]\n');

    expect(run.code).toBe(1);
    expect(parseJsonLine(run.stdout)).toMatchObject({
      posts: 0,
      comments: 0,
      skipped: { invalid_json: 0, not_an_item: 2, unstorable: 0 },
    });
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      'admin: no valid line in standard input (2 bad)',
    );
  });

  describe('dashboard users', () => {
    const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { user { email } } }';

    const signIn = (email: string, password: string) =>
      request(t.app.getHttpServer())
        .post('/graphql')
        .send({ query: SIGN_IN, variables: { input: { email, password } } });

    const sessionCookie = (res: request.Response) =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0];

    const userCount = async () =>
      Number((await t.database.manager.query('SELECT COUNT(*) AS n FROM users'))[0].n);

    it('creates a user who signs in with the password shown once, stored only as a hash', async () => {
      const { accountId } = await t.account();
      const email = `Ada.${accountId.slice(-12)}@Example.com`;

      const created = await admin('create-user', accountId, '--email', email);

      expect(Object.keys(created)).toEqual([
        'user_id',
        'account_id',
        'email',
        'password',
        'role',
      ]);
      expect(created).toMatchObject({ account_id: accountId, email, role: 'owner' });
      expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const res = await signIn(email.toLowerCase(), created.password as string).expect(200);
      expect(res.body).toEqual({ data: { signIn: { user: { email } } } });
      const rows = JSON.stringify(await t.database.manager.query('SELECT * FROM users'));
      expect(rows).not.toContain(created.password);
    });

    it('creates a user with the role --role names', async () => {
      const { accountId } = await t.account();
      const email = `Viewer.${accountId.slice(-12)}@Example.com`;

      const created = await admin('create-user', accountId, '--email', email, '--role', 'viewer');

      expect(created).toMatchObject({ account_id: accountId, email, role: 'viewer' });
      const stored = await t.app.get(UsersService).findByEmail(email);
      expect(stored).toMatchObject({ accountId, role: 'viewer' });
    });

    it('creates an operator, of no account, whose first sign-in works with the password shown once', async () => {
      const email = `Ops.${Date.now()}@Example.com`;

      const created = await admin('create-operator', '--email', email);

      expect(Object.keys(created)).toEqual(['user_id', 'email', 'role', 'password']);
      expect(created).toMatchObject({ email, role: 'operator' });
      expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const res = await signIn(email, created.password as string).expect(200);
      expect(res.body).toEqual({ data: { signIn: { user: { email } } } });
      const stored = await t.app.get(UsersService).findByEmail(email);
      expect(stored).toMatchObject({ accountId: null, role: 'operator' });
    });

    it('refuses a taken email in any case, and what is not an email, adding nobody', async () => {
      const { accountId } = await t.account();
      const email = `grace.${accountId.slice(-12)}@example.com`;
      await t.app.get(UsersService).createUser(accountId, email);
      const before = await userCount();

      const [taken, notEmail] = await Promise.all([
        runAdmin(['create-user', accountId, '--email', email.toUpperCase()], env),
        runAdmin(['create-user', accountId, '--email', 'grace at example'], env),
      ]);

      expect([taken.code, taken.stdout, taken.stderr]).toEqual([
        1,
        '',
        `admin: A user with the email ${email.toUpperCase()} already exists\n`,
      ]);
      expect([notEmail.code, notEmail.stdout, notEmail.stderr]).toEqual([
        1,
        '',
        'admin: "grace at example" is not an email address\n',
      ]);
      expect(await userCount()).toBe(before);
    });

    it("resets a password: the old one stops working and the user's sessions end", async () => {
      const { accountId } = await t.account();
      const email = `alan.${accountId.slice(-12)}@example.com`;
      const { user, password } = await t.app.get(UsersService).createUser(accountId, email);
      const cookie = sessionCookie(await signIn(email, password).expect(200));
      const viewer = () =>
        request(t.app.getHttpServer())
          .post('/graphql')
          .set('Cookie', cookie)
          .send({ query: '{ viewer { user { id } } }' });
      await viewer().expect(200);

      const reset = await admin('reset-password', email.toUpperCase());

      expect(reset).toEqual({ user_id: user.id, email, password: expect.any(String) });
      expect(reset.password).not.toBe(password);
      expect((await viewer()).status).toBe(401);
      expect((await signIn(email, password)).status).toBe(401);
      await signIn(email, reset.password as string).expect(200);
    });
  });

  const refusals: Array<[string[], RegExp]> = [
    [['show-account', 'no-such-account'], /Account not found/],
    [['create-account', '--plan', 'gold'], /--plan must be one of starter, pro, scale/],
    [['create-account'], /--plan/],
    [['create-key', 'no-such-account'], /Account not found/],
    [['create-key', 'x', '--scope', 'admin'], /--scope must be one of read, write/],
    [['create-key', 'x', '--expires', 'tomorrow'], /--expires must be an ISO 8601 timestamp/],
    [['create-key', 'x', '--expires', '2020-01-01T00:00:00Z'], /expiry must be in the future/],
    [['revoke-key', 'no-such-key'], /API key not found/],
    [['set-plan', 'no-such-account', '--status', 'canceled'], /Account not found/],
    [['set-plan', 'x', '--status', 'paused'], /--status must be one of active, canceled/],
    [['frobnicate'], /unknown command: frobnicate/],
    [['create-user', 'no-such-account', '--email', 'x@example.com'], /Account not found/],
    [['create-user', 'no-such-account'], /give --email/],
    [
      ['create-user', 'no-such-account', '--email', 'x@example.com', '--role', 'operator'],
      /^admin: --role must be one of owner, admin, member, viewer$/,
    ],
    [['create-operator'], /give --email/],
    [['reset-password', 'nobody@example.com'], /User not found/],
  ];
  describe('refusals', () => {
    // Each run is a whole process and none changes anything: all started at once, checked one by one.
    const runs = new Map<string, AdminRun>();
    beforeAll(async () => {
      const done = await Promise.all(refusals.map(([args]) => runAdmin(args, env)));
      refusals.forEach(([args], i) => runs.set(args.join(' '), done[i]));
    }, 120_000);

    it.each(refusals)(
      'fails %j with a non-zero exit, one line on stderr and nothing on stdout',
      (args, message) => {
        const run = runs.get(args.join(' '))!;
        expect(run.code).not.toBe(0);
        expect(run.stdout).toBe('');
        expect(run.stderr.split('\n')[0]).toMatch(message);
      },
    );
  });
});

import { createHash } from 'node:crypto';
import request, { type Response } from 'supertest';
import { SetupService } from '../../src/modules/setup/setup.service.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { capturedLogger, type CapturedLogs } from '../utils/captured-logs.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, expectGraphqlError } from '../utils/graphql.js';
import { graphqlAs, signInAs } from '../utils/operator-session.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const SETUP_LINK = `query($token: String!) { setupLink(token: $token) { state problem } }`;
const COMPLETE_SETUP = `mutation($input: SetupInput!) {
  completeSetup(input: $input) { role csrfToken user { email } account { id } }
}`;
const VIEWER = '{ viewer { role user { email } account { name plan product } } }';
const HOUR_MS = 60 * 60_000;
const BASE_URL = 'https://alerts.example.com';
const LINK = /^https:\/\/alerts\.example\.com\/dashboard\/setup\?token=(setup_[A-Za-z0-9_-]{43})$/;

const operator = { email: 'Ops@Example.com', password: 'operator password 1' };
const user = { email: 'you@example.com', password: 'user password 12' };
const firstAccount = { name: 'Acme', plan: 'pro', user };

describe.each(testDatabaseKinds())('the first start (docs/dashboard.md) on %s', (kind) => {
  let t: TestApp;
  let logs: CapturedLogs;
  let setup: SetupService;

  const post = () => request(t.app.getHttpServer()).post('/graphql');
  const linkState = async (token: string) =>
    (
      (await post().send({ query: SETUP_LINK, variables: { token } })).body as {
        data: { setupLink: { state: string; problem: string | null } };
      }
    ).data.setupLink;
  const completeSetup = (input: Record<string, unknown>): Promise<Response> =>
    post().send({ query: COMPLETE_SETUP, variables: { input } });
  const rows = (sql: string) => t.database.query<Record<string, unknown>>(t.database.manager, sql);
  const count = async (table: string) => (await rows(`SELECT * FROM ${table}`)).length;
  const setupLines = () =>
    logs
      .text()
      .split('\n')
      .filter((line) => line.includes('"context":"FirstStart"'));

  /** A new link, as a start logs it; its token. */
  async function newLink(): Promise<string> {
    const url = await setup.announceLink(BASE_URL);
    const token = LINK.exec(url ?? '')?.[1];
    if (token === undefined) throw new Error(`not a setup link: ${url}`);
    return token;
  }

  beforeAll(async () => {
    logs = capturedLogger();
    t = await createTestApp(kind, {}, { logger: logs.logger });
    setup = t.app.get(SetupService);
  });
  afterAll(() => t.close());

  it('logs a setup link while no operator exists, one line a person can read, and stores only its hash', async () => {
    const token = await newLink();

    const [line] = setupLines();
    expect(setupLines()).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({
      level: 40,
      expiresAt: new Date(t.clock.nowMs() + HOUR_MS).toISOString().replace('Z', '+00:00'),
      msg: `First start: no operator yet. Open this link within 1 hour to set up the service (it works once): ${BASE_URL}/dashboard/setup?token=${token}`,
    });
    const stored = await rows('SELECT * FROM setup_tokens');
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const secret = token.slice('setup_'.length);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(await linkState(token)).toEqual({ state: 'open', problem: null });
  });

  it('keeps each start’s link working for 1 hour, then says it expired and changes nothing', async () => {
    const token = await newLink();
    t.clock.advance(HOUR_MS - 1);
    expect((await linkState(token)).state).toBe('open');
    t.clock.advance(1);
    try {
      expect(await linkState(token)).toEqual({
        state: 'expired',
        problem:
          'This setup link has expired (a link works for 1 hour): restart the service, which logs a new one.',
      });
      const refused = await completeSetup({ token, operator, account: firstAccount });
      expectGraphqlError(refused, 'forbidden', 403, 403);
      expect(errorsOf(refused)[0].message).toContain('has expired');
      expect(await count('users')).toBe(0);
      expect(await count('accounts')).toBe(0);
      expect(await count('setup_tokens')).toBe(2);
    } finally {
      t.clock.advance(-HOUR_MS);
    }
  });

  it('refuses a wrong token and refused fields, changing nothing', async () => {
    const token = await newLink();
    const wrong = `setup_${'A'.repeat(43)}`;
    expect((await linkState(wrong)).state).toBe('unknown');
    expect((await linkState('junk')).state).toBe('unknown');
    const refusedToken = await completeSetup({ token: wrong, operator });
    expectGraphqlError(refusedToken, 'forbidden', 403, 403);
    expect(errorsOf(refusedToken)[0].message).toBe(
      'This setup link is not valid: copy the whole link from the service’s log, or restart the service, which logs a new one.',
    );

    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { operator: { ...operator, password: 'short' } },
        "The operator's password must be at least 12 characters",
      ],
      [
        { operator: { ...operator, email: 'not an email' } },
        "The operator's email is not an email address",
      ],
      [
        { operator, account: { ...firstAccount, user: { ...user, password: 'x'.repeat(11) } } },
        "The user's password must be at least 12 characters",
      ],
      [
        { operator, account: { ...firstAccount, user: { ...user, email: 'OPS@example.com' } } },
        "The user's email must differ from the operator's",
      ],
    ];
    for (const [input, message] of refusals) {
      const res = await completeSetup({ token, ...input });
      expectGraphqlError(res, 'invalid_body', 422);
      expect(errorsOf(res)[0].message).toBe(message);
    }
    expectGraphqlError(
      await completeSetup({ token, operator, account: { ...firstAccount, plan: 'gold' } }),
      'invalid_body',
      422,
    );
    expect(await count('users')).toBe(0);
    expect(await count('accounts')).toBe(0);
    expect((await linkState(token)).state).toBe('open');
  });

  it('creates the operator, the account and its user, signs the operator in, and works once', async () => {
    const earlierStart = await newLink();
    const token = await newLink();

    const res = await completeSetup({ token, operator, account: firstAccount });

    expect(errorsOf(res)).toEqual([]);
    expect(res.body.data.completeSetup).toMatchObject({
      role: 'operator',
      user: { email: 'Ops@Example.com' },
      account: null,
    });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('alerts_session='))!
      .split(';')[0];
    const signedIn = { cookie, csrfToken: res.body.data.completeSetup.csrfToken as string };
    expect((await graphqlAs(t, signedIn, VIEWER)).body.data.viewer).toEqual({
      role: 'operator',
      user: { email: 'Ops@Example.com' },
      account: null,
    });
    const asUser = await signInAs(t, user.email, user.password);
    expect((await graphqlAs(t, asUser, VIEWER)).body.data.viewer).toEqual({
      role: 'owner',
      user: { email: 'you@example.com' },
      account: { name: 'Acme', plan: 'pro', product: 'alerts' },
    });
    await signInAs(t, 'ops@example.com', operator.password);
    expect(await count('setup_tokens')).toBe(0);

    for (const used of [token, earlierStart]) {
      expect((await linkState(used)).state).toBe('closed');
      const again = await completeSetup({
        token: used,
        operator: { ...operator, email: 'two@example.com' },
      });
      expectGraphqlError(again, 'forbidden', 403, 403);
      expect(errorsOf(again)[0].message).toBe(
        'The service is already set up: an operator exists. Sign in instead.',
      );
    }
    expect(await count('users')).toBe(2);
  });

  it('logs no link once an operator exists, and leaves no token behind', async () => {
    const before = setupLines().length;
    await t.database.transaction((manager) =>
      manager.query(
        "INSERT INTO setup_tokens (token_hash, created_at, expires_at) VALUES ('left', 0, 0)",
      ),
    );

    expect(await setup.announceLink(BASE_URL)).toBeNull();

    expect(setupLines()).toHaveLength(before);
    expect(await count('setup_tokens')).toBe(0);
  });

  it('lets one of two links used at once set up, and closes for good after an operator from admin create-operator', async () => {
    await t.database.transaction(async (manager) => {
      await manager.query('DELETE FROM sessions');
      await manager.query('DELETE FROM users');
    });
    const tokens = [await newLink(), await newLink()];

    const answers = await Promise.all(
      tokens.map((token, index) =>
        completeSetup({ token, operator: { ...operator, email: `race${index}@example.com` } }),
      ),
    );

    expect(answers.map((res) => errorsOf(res)[0]?.extensions.code ?? 'ok').sort()).toEqual([
      'forbidden',
      'ok',
    ]);
    expect(await count('users')).toBe(1);

    await t.database.transaction((manager) => manager.query('DELETE FROM users'));
    const token = await newLink();
    await t.app.get(UsersService).createOperator('staff@example.com');
    expect((await linkState(token)).state).toBe('closed');
    expectGraphqlError(await completeSetup({ token, operator }), 'forbidden', 403, 403);
    expect(await count('users')).toBe(1);
  });
});

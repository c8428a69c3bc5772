import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner.js';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { isoWithMillis, utcDay } from '../../src/common/time/timestamps.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { createKeywords, pauseKeyword } from '../factories/keyword.factory.js';
import { insertWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, expectGraphqlError, type Variables } from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { csrfToken } }`;

const ACCOUNT_FIELDS = `id name product plan status keywordLimit createdAt activeKeywords
  alertsToday cappedToday webhooks failingWebhooks`;
const LIST = `query($search: String, $limit: Int) { opsAccounts(search: $search, limit: $limit) { ${ACCOUNT_FIELDS} } }`;
const DETAIL = `query($id: ID!) { opsAccount(id: $id) {
  account { ${ACCOUNT_FIELDS} }
  keywords { text mode active subreddits exclude }
  webhooks { name host active consecutiveFailures lastError lastDeliveryAt }
  usage { date delivered capped }
  users { id email createdAt }
  apiKeys { id prefix createdAt lastUsedAt revokedAt }
  auditEntries { operatorEmail operatorId action target before after at }
} }`;
const CREATE = `mutation($input: OpsNewAccountInput!) { opsCreateAccount(input: $input) {
  key apiKey { id prefix } account { id name product plan status } } }`;
const CHANGE = `mutation($input: OpsAccountChangeInput!) { opsChangeAccount(input: $input) { id plan status } }`;
const ADD_USER = `mutation($input: OpsNewUserInput!) { opsAddUser(input: $input) { password user { id email } } }`;
const RESET = `mutation($input: OpsPasswordResetInput!) { opsResetPassword(input: $input) { password user { id email } } }`;
const REVOKE = `mutation($input: OpsKeyRevocationInput!) { opsRevokeApiKey(input: $input) { id revokedAt } }`;

interface Session {
  cookie: string;
  csrfToken: string;
}

interface AuditEntry {
  action: string;
  target: string;
  operatorEmail: string;
  before: string | null;
  after: string | null;
}

describe.each(testDatabaseKinds())('the console’s Accounts page over GraphQL on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  let operator: Session;
  let operatorId: string;
  let user: Session;
  let apiKey: string;

  const post = () => request(origin).post('/graphql').set('Origin', origin);

  function graphql(query: string, variables: Variables, session?: Session): Promise<Response> {
    const req = post();
    if (session) req.set('Cookie', session.cookie).set('X-CSRF-Token', session.csrfToken);
    return req.send({ query, variables });
  }

  /** The operator's answer, failing the test on any error. */
  async function asOperator<T>(query: string, variables: Variables = {}): Promise<T> {
    const res = await graphql(query, variables, operator);
    expect(errorsOf(res)).toEqual([]);
    return res.body.data as T;
  }

  async function signIn(email: string, password: string): Promise<Session> {
    const res = await post().send({ query: SIGN_IN, variables: { input: { email, password } } });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie = setCookie.find((line) => line.startsWith('alerts_session='))!.split(';')[0];
    return { cookie, csrfToken: (res.body.data.signIn as { csrfToken: string }).csrfToken };
  }

  async function auditOf(accountId: string): Promise<AuditEntry[]> {
    const data = await asOperator<{ opsAccount: { auditEntries: AuditEntry[] } }>(DETAIL, {
      id: accountId,
    });
    return data.opsAccount.auditEntries;
  }

  /** Every audit row as stored, as one text: what a secret must never be part of. */
  async function storedAuditText(): Promise<string> {
    return JSON.stringify(await t.database.manager.query('SELECT * FROM audit_entries'));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const users = t.app.get(UsersService);
    let accountId: string;
    ({ accountId, apiKey } = await t.account('pro'));
    const member = await users.createUser(accountId, 'member@example.com');
    const staff = await users.createOperator('staff@example.com');
    operatorId = staff.user.id;
    user = await signIn('member@example.com', member.password);
    operator = await signIn('staff@example.com', staff.password);
  });
  afterAll(() => t.close());

  it('lists accounts with their figures of today and finds them by id, name or a user’s email', async () => {
    const {
      opsCreateAccount: { account, key },
    } = await asOperator<{
      opsCreateAccount: { account: { id: string }; key: string };
    }>(CREATE, { input: { plan: 'starter', product: 'alerts', name: 'Figures Ltd' } });
    const id = account.id;
    const keywords = await createKeywords(t, key, ['one', 'two', 'three']);
    await pauseKeyword(t, key, keywords[2].id);
    await t.database.transaction((manager) =>
      manager.query(
        `INSERT INTO keyword_daily_usage (keyword_id, day, delivered, capped, daily_cap, last_granted)
         VALUES ('${keywords[0].id}', '${utcDay(t.clock.nowMs())}', 100, 7, 100, 0),
                ('${keywords[1].id}', '${utcDay(t.clock.nowMs())}', 5, 0, 100, 0),
                ('${keywords[1].id}', '2000-01-01', 50, 50, 100, 0)`,
      ),
    );
    await insertWebhook(t, { accountId: id });
    await insertWebhook(t, { accountId: id, consecutiveFailures: 3, lastError: 'HTTP 500' });
    await t.app.get(UsersService).createUser(id, 'Someone@Figures.example');

    const expected = {
      id,
      name: 'Figures Ltd',
      product: 'alerts',
      plan: 'starter',
      status: 'active',
      keywordLimit: 25,
      createdAt: isoWithMillis(t.clock.nowMs()),
      activeKeywords: 2,
      alertsToday: 105,
      cappedToday: 7,
      webhooks: 2,
      failingWebhooks: 1,
    };
    for (const search of [
      'figures ltd',
      id,
      id.slice(0, 23),
      'someone@figures',
      'FIGURES.EXAMPLE',
    ]) {
      const { opsAccounts } = await asOperator<{ opsAccounts: unknown[] }>(LIST, { search });
      expect({ search, opsAccounts }).toEqual({ search, opsAccounts: [expected] });
    }
    const { opsAccounts } = await asOperator<{ opsAccounts: { id: string }[] }>(LIST, {
      search: '%',
    });
    expect(opsAccounts).toEqual([]);
  });

  it('reads a page of 30 accounts in as many queries as a page of 1', async () => {
    for (let i = 0; i < 30; i += 1) {
      const { accountId, apiKey: key } = await t.account('scale');
      await createKeywords(t, key, [`paging ${i}`]);
      await insertWebhook(t, { accountId, consecutiveFailures: i % 2 });
    }
    const runner =
      kind === 'postgres' ? PostgresQueryRunner.prototype : BetterSqlite3QueryRunner.prototype;
    const queries = jest.spyOn(runner, 'query');
    const queriesFor = async (limit: number) => {
      queries.mockClear();
      const { opsAccounts } = await asOperator<{ opsAccounts: unknown[] }>(LIST, { limit });
      expect(opsAccounts).toHaveLength(limit);
      return queries.mock.calls.length;
    };
    try {
      const forOne = await queriesFor(1);
      const forThirty = await queriesFor(30);
      expect(forThirty).toBe(forOne);
    } finally {
      queries.mockRestore();
    }
  });

  it("shows one account's keywords, webhooks, usage, users and keys, never a secret", async () => {
    const { opsCreateAccount } = await asOperator<{
      opsCreateAccount: { account: { id: string }; key: string; apiKey: { id: string } };
    }>(CREATE, { input: { plan: 'pro', product: 'alerts', name: 'Detail Co' } });
    const id = opsCreateAccount.account.id;
    await createKeywords(t, opsCreateAccount.key, [{ text: 'widgets', mode: 'exact' }]);
    const webhook = await insertWebhook(t, {
      accountId: id,
      name: 'Slack',
      url: 'https://hooks.slack.example/services/T000/B000/token-in-path',
      consecutiveFailures: 2,
      lastError: 'HTTP 404',
    });
    await t.app.get(UsersService).createUser(id, 'reader@detail.example');

    const { opsAccount } = await asOperator<{ opsAccount: Record<string, unknown[]> }>(DETAIL, {
      id,
    });

    expect(opsAccount.keywords).toEqual([
      { text: 'widgets', mode: 'exact', active: true, subreddits: [], exclude: [] },
    ]);
    expect(opsAccount.webhooks).toEqual([
      {
        name: 'Slack',
        host: 'hooks.slack.example',
        active: true,
        consecutiveFailures: 2,
        lastError: 'HTTP 404',
        lastDeliveryAt: null,
      },
    ]);
    expect(opsAccount.usage).toHaveLength(30);
    expect(opsAccount.usage.at(-1)).toEqual({
      date: utcDay(t.clock.nowMs()),
      delivered: 0,
      capped: 0,
    });
    expect(opsAccount.users).toEqual([expect.objectContaining({ email: 'reader@detail.example' })]);
    expect(opsAccount.apiKeys).toEqual([
      {
        id: opsCreateAccount.apiKey.id,
        prefix: opsCreateAccount.key.slice(0, 10),
        createdAt: isoWithMillis(t.clock.nowMs()),
        lastUsedAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    const answer = JSON.stringify(opsAccount);
    expect(answer).not.toContain(opsCreateAccount.key);
    expect(answer).not.toContain(webhook.secret);
    expect(answer).not.toContain('token-in-path');
  });

  it('audits every action with who, what, before and after, and never a key or a password', async () => {
    const created = await asOperator<{
      opsCreateAccount: {
        account: { id: string };
        key: string;
        apiKey: { id: string; prefix: string };
      };
    }>(CREATE, { input: { plan: 'starter', product: 'app', name: 'Audited' } });
    const id = created.opsCreateAccount.account.id;
    expect(created.opsCreateAccount.key).toMatch(/^app_/);

    const changed = await asOperator<{ opsChangeAccount: unknown }>(CHANGE, {
      input: { accountId: id, plan: 'scale' },
    });
    expect(changed.opsChangeAccount).toEqual({ id, plan: 'scale', status: 'active' });
    await asOperator(CHANGE, { input: { accountId: id, plan: 'scale', status: 'canceled' } });
    const added = await asOperator<{
      opsAddUser: { password: string; user: { id: string; email: string } };
    }>(ADD_USER, { input: { accountId: id, email: 'New.User@Audited.example' } });
    expect(added.opsAddUser.user.email).toBe('New.User@Audited.example');
    const reset = await asOperator<{ opsResetPassword: { password: string } }>(RESET, {
      input: { accountId: id, userId: added.opsAddUser.user.id },
    });
    expect(reset.opsResetPassword.password).not.toBe(added.opsAddUser.password);
    const revoked = await asOperator<{ opsRevokeApiKey: { revokedAt: string } }>(REVOKE, {
      input: { accountId: id, keyId: created.opsCreateAccount.apiKey.id },
    });
    expect(revoked.opsRevokeApiKey.revokedAt).toBe(isoWithMillis(t.clock.nowMs()));
    await asOperator(REVOKE, {
      input: { accountId: id, keyId: created.opsCreateAccount.apiKey.id },
    });

    const now = isoWithMillis(t.clock.nowMs());
    const byOperator = { operatorEmail: 'staff@example.com', operatorId };
    expect(await auditOf(id)).toEqual(
      [
        {
          action: 'create_account',
          target: 'account Audited',
          before: null,
          after: {
            name: 'Audited',
            product: 'app',
            plan: 'starter',
            status: 'active',
            apiKeyPrefix: created.opsCreateAccount.apiKey.prefix,
          },
        },
        {
          action: 'change_account',
          target: 'account Audited',
          before: { plan: 'starter' },
          after: { plan: 'scale' },
        },
        {
          action: 'change_account',
          target: 'account Audited',
          before: { status: 'active' },
          after: { status: 'canceled' },
        },
        {
          action: 'add_user',
          target: 'user New.User@Audited.example',
          before: null,
          after: { userId: added.opsAddUser.user.id, email: 'New.User@Audited.example' },
        },
        {
          action: 'reset_password',
          target: 'user New.User@Audited.example',
          before: { passwordChangedAt: now },
          after: { passwordChangedAt: now },
        },
        {
          action: 'revoke_api_key',
          target: `key ${created.opsCreateAccount.apiKey.prefix}`,
          before: { revokedAt: null },
          after: { revokedAt: now },
        },
      ]
        .reverse()
        .map(({ before, after, ...entry }) => ({
          ...entry,
          ...byOperator,
          before: before && JSON.stringify(before),
          after: after && JSON.stringify(after),
          at: now,
        })),
    );
    const stored = await storedAuditText();
    for (const secret of [
      created.opsCreateAccount.key,
      added.opsAddUser.password,
      reset.opsResetPassword.password,
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).not.toMatch(/scrypt|[0-9a-f]{64}/);
  });

  it("resets only the account's own users, and changes nothing otherwise", async () => {
    const { opsCreateAccount } = await asOperator<{
      opsCreateAccount: { account: { id: string } };
    }>(CREATE, { input: { plan: 'starter', product: 'alerts' } });
    const elsewhere = await t.app.get(UsersService).findByEmail('member@example.com');
    const res = await graphql(
      RESET,
      { input: { accountId: opsCreateAccount.account.id, userId: elsewhere!.id } },
      operator,
    );
    expectGraphqlError(res, 'not_found', 404);
    expect((await t.app.get(UsersService).findByEmail('member@example.com'))!.passwordHash).toBe(
      elsewhere!.passwordHash,
    );
    expect((await auditOf(opsCreateAccount.account.id)).map((entry) => entry.action)).toEqual([
      'create_account',
    ]);
    expectGraphqlError(
      await graphql(
        CHANGE,
        { input: { accountId: opsCreateAccount.account.id, plan: 'gold' } },
        operator,
      ),
      'invalid_body',
      422,
    );
  });

  it('refuses every field to a user’s session and to an API key with 403 forbidden', async () => {
    const { accountId } = await t.account();
    const asked: [string, Variables][] = [
      [LIST, {}],
      [DETAIL, { id: accountId }],
      [CREATE, { input: { plan: 'pro', product: 'alerts' } }],
      [CHANGE, { input: { accountId, plan: 'scale' } }],
      [ADD_USER, { input: { accountId, email: 'intruder@example.com' } }],
      [RESET, { input: { accountId, userId: operatorId } }],
      [REVOKE, { input: { accountId, keyId: accountId } }],
    ];
    for (const [query, variables] of asked) {
      expectGraphqlError(await graphql(query, variables, user), 'forbidden', 403, 403);
      expectGraphqlError(
        await post().set(bearer(apiKey)).send({ query, variables }),
        'forbidden',
        403,
        403,
      );
    }
    expect(await storedAuditText()).not.toContain(accountId);
  });
});

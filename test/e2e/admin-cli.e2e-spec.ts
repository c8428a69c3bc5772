import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

describe.each(testDatabaseKinds())('the admin command on %s', (kind) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    env = { DATABASE_URL: t.databaseUrl };
  });
  afterAll(() => t.close());

  const admin = async (...args: string[]) => {
    const run = await runAdmin(args, env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return parseJsonLine(run.stdout);
  };

  it('creates an account whose key the running server accepts', async () => {
    const created = await admin('create-account', '--plan', 'pro', '--name', 'Acme Inc');
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
    expect(Object.keys(key)).toEqual(['key_id', 'api_key']);
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
    const created = await service.createKey(account.id);
    const extra = { key_id: created.keyId, api_key: created.apiKey };
    await service.revokeKey(created.keyId);

    const listed = await admin('list-accounts');
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

    const shown = await admin('show-account', first.account_id as string);
    expect(shown).toMatchObject({ account_id: first.account_id, name: 'Listed Inc', plan: 'pro' });
    const keys = shown.keys as Record<string, unknown>[];
    expect(keys).toEqual([
      {
        key_id: expect.any(String),
        prefix: (first.api_key as string).slice(0, String(keys[0].prefix).length),
        created_at: expect.any(String),
        revoked_at: null,
      },
      {
        key_id: extra.key_id,
        prefix: expect.any(String),
        created_at: expect.any(String),
        revoked_at: expect.any(String),
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

  it.each([
    [['show-account', 'no-such-account'], /Account not found/],
    [['create-account', '--plan', 'gold'], /--plan must be one of starter, pro, scale/],
    [['create-account'], /--plan/],
    [['create-key', 'no-such-account'], /Account not found/],
    [['revoke-key', 'no-such-key'], /API key not found/],
    [['set-plan', 'no-such-account', '--status', 'canceled'], /Account not found/],
    [['set-plan', 'x', '--status', 'paused'], /--status must be one of active, canceled/],
    [['frobnicate'], /unknown command: frobnicate/],
  ])(
    'fails %j with a non-zero exit, one line on stderr and nothing on stdout',
    async (args, message) => {
      const run = await runAdmin(args, env);
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr.split('\n')[0]).toMatch(message);
    },
  );
});

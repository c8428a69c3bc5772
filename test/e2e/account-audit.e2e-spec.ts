import type { Response } from 'supertest';
import { AccountAuditEntryEntity } from '../../src/modules/account-audit/account-audit-entry.entity.js';
import { ApiKeyEntity } from '../../src/modules/accounts/api-key.entity.js';
import type { AccountRole } from '../../src/modules/auth/account-roles.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { createKeywords } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, postGraphql } from '../utils/graphql.js';
import { graphqlAs, signInAs, type DashboardSession } from '../utils/operator-session.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

interface Person {
  userId: string;
  email: string;
  password: string;
  session: DashboardSession;
}

interface Entry {
  actor: { type: string; label: string };
  action: string;
  resourceType: string;
  resourceId: string;
  before: string | null;
  after: string | null;
}

interface AuditLogPage {
  edges: { cursor: string; node: Entry }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const ENTRY_FIELDS = 'actor { type label } action resourceType resourceId before after';

function dataOf<T>(res: Response): T {
  expect(errorsOf(res)).toEqual([]);
  expect(res.status).toBe(200);
  return (res.body as { data: T }).data;
}

describe.each(testDatabaseKinds())("the account's audit log on %s", (kind) => {
  let t: TestApp;
  let accountId: string;
  let apiKey: string;
  let people = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ({ accountId, apiKey } = await t.account('starter'));
  });

  async function person(role: AccountRole): Promise<Person> {
    const email = `audit.${++people}@example.com`;
    const { user, password } = await t.app.get(UsersService).createUser(accountId, email, role);
    return { userId: user.id, email, password, session: await signInAs(t, email, password) };
  }

  /** Runs an operation as `who`, then moves the clock on: each change a second apart, in order. */
  const as = async <T>(who: Person, query: string) => {
    const data = dataOf<T>(await graphqlAs(t, who.session, query));
    t.clock.advance(1000);
    return data;
  };
  const keyPrefix = async () =>
    (await t.database.manager.findOneByOrFail(ApiKeyEntity, { accountId })).keyPrefix;
  /** The stored rows of this account, oldest first. */
  const rows = () =>
    t.database.manager.find(AccountAuditEntryEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', action: 'ASC' },
    });
  const auditLog = async (who: Person, args = '') =>
    (
      await as<{ auditLog: AuditLogPage }>(
        who,
        `{ auditLog${args} { edges { cursor node { ${ENTRY_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
      )
    ).auditLog;
  const parsed = (entry: Entry) => ({
    ...entry,
    before: entry.before === null ? null : (JSON.parse(entry.before) as unknown),
    after: entry.after === null ? null : (JSON.parse(entry.after) as unknown),
  });

  it('records each keyword change with its actor, and one entry per keyword a REST bulk create makes', async () => {
    const admin = await person('admin');
    const created = await createKeywords(t, apiKey, ['first probe', 'second probe']);
    t.clock.advance(1000);
    const { createKeywords: byUser } = await as<{ createKeywords: { created: { id: string }[] } }>(
      admin,
      'mutation { createKeywords(keywords: [{ text: "third probe" }]) { created { id } } }',
    );
    const keywordId = byUser.created[0].id;
    await as(
      admin,
      `mutation { updateKeyword(id: "${keywordId}", input: { mode: broad }) { id } }`,
    );
    const res = await t.http.delete(`/api/v1/keywords/${created[0].id}`).set(bearer(apiKey));
    expect(res.status).toBe(200);

    const entries = (await auditLog(admin)).edges.map((edge) => parsed(edge.node));
    const prefix = await keyPrefix();
    expect(entries.map((entry) => [entry.action, entry.actor.type, entry.actor.label])).toEqual([
      ['keyword.deleted', 'api_key', prefix],
      ['keyword.updated', 'user', admin.email],
      ['keyword.created', 'user', admin.email],
      ['keyword.created', 'api_key', prefix],
      ['keyword.created', 'api_key', prefix],
    ]);
    expect(entries[1]).toMatchObject({
      resourceType: 'keyword',
      resourceId: keywordId,
      before: { mode: 'exact' },
      after: { mode: 'broad' },
    });
    expect(entries[0]).toMatchObject({
      resourceId: created[0].id,
      before: { text: 'first probe', active: true },
      after: null,
    });
    expect(entries[2]).toMatchObject({
      before: null,
      after: { text: 'third probe', active: true },
    });
    expect(
      entries
        .slice(3)
        .map((entry) => entry.resourceId)
        .sort(),
    ).toEqual(created.map((keyword) => keyword.id).sort());
  });

  it('writes nothing for a keyword change that is refused or rolls back', async () => {
    await createKeywords(
      t,
      apiKey,
      Array.from({ length: 25 }, (_, i) => `limit probe ${i}`),
    );
    expect(await rows()).toHaveLength(25);

    const overLimit = await t.http
      .post('/api/v1/keywords')
      .set(bearer(apiKey))
      .send({ keywords: [{ text: 'one too many' }, { text: '' }] });
    expect(overLimit.status).toBe(200);
    expect((overLimit.body as { created: unknown[] }).created).toEqual([]);
    const [first] = await t.http
      .get('/api/v1/keywords')
      .set(bearer(apiKey))
      .then((r) => (r.body as { data: { id: string }[] }).data);
    const patch = (body: object) =>
      t.http.patch(`/api/v1/keywords/${first.id}`).set(bearer(apiKey)).send(body);
    expect((await patch({ track_posts: false, track_comments: false })).status).toBe(422);
    expect(await rows()).toHaveLength(25);

    // Paused, then its place taken: resuming it fails inside the transaction, which rolls back.
    expect((await patch({ active: false })).status).toBe(200);
    await createKeywords(t, apiKey, ['takes the place']);
    expect(await rows()).toHaveLength(27);
    const resume = await patch({ active: true });
    expect(resume.status).toBe(403);
    expect((resume.body as { code: string }).code).toBe('keyword_limit_reached');
    expect(await rows()).toHaveLength(27);
  });

  it('records webhook changes, the secret only as changed, and API key changes by prefix', async () => {
    const admin = await person('admin');
    const { createWebhook } = await as<{
      createWebhook: { secret: string; webhook: { id: string } };
    }>(
      admin,
      'mutation { createWebhook(input: { url: "https://example.com/hook", name: "Ops" }) { secret webhook { id } } }',
    );
    const id = createWebhook.webhook.id;
    await as(admin, `mutation { updateWebhook(id: "${id}", input: { name: "Ops 2" }) { id } }`);
    const { rotateWebhookSecret } = await as<{ rotateWebhookSecret: { secret: string } }>(
      admin,
      `mutation { rotateWebhookSecret(id: "${id}") { secret } }`,
    );
    await as(admin, `mutation { deleteWebhook(id: "${id}") { deleted } }`);
    const { createApiKey } = await as<{
      createApiKey: { key: string; apiKey: { id: string; prefix: string } };
    }>(admin, 'mutation { createApiKey { key apiKey { id prefix } } }');
    await as(admin, `mutation { revokeApiKey(id: "${createApiKey.apiKey.id}") { id } }`);

    const entries = (await auditLog(admin)).edges.map((edge) => parsed(edge.node));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'api_key.revoked',
        { prefix: createApiKey.apiKey.prefix, revoked: false },
        { prefix: createApiKey.apiKey.prefix, revoked: true },
      ],
      [
        'api_key.created',
        null,
        { prefix: createApiKey.apiKey.prefix, scope: 'write', expiresAt: null },
      ],
      ['webhook.deleted', { active: true, deleted: false }, { active: false, deleted: true }],
      ['webhook.secret_rotated', {}, { secret: '[changed]' }],
      ['webhook.updated', { name: 'Ops' }, { name: 'Ops 2' }],
      [
        'webhook.created',
        null,
        {
          name: 'Ops',
          url: 'https://example.com/hook',
          format: 'json',
          retryPolicy: 'none',
          active: true,
          deleted: false,
          secret: '[changed]',
        },
      ],
    ]);
    expect(entries.every((entry) => entry.actor.label === admin.email)).toBe(true);

    const stored = JSON.stringify(await rows());
    const keyHashes = (await t.database.manager.findBy(ApiKeyEntity, { accountId })).map(
      (key) => key.keyHash,
    );
    for (const secret of [
      createWebhook.secret,
      rotateWebhookSecret.secret,
      createApiKey.key,
      apiKey,
      admin.password,
      ...keyHashes,
    ]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('records feed token changes, the token only as changed', async () => {
    const admin = await person('admin');
    const first = await as<{ rotateFeedToken: { rssUrl: string } }>(
      admin,
      'mutation { rotateFeedToken { rssUrl } }',
    );
    const rotated = await t.http.post('/api/v1/feeds/token').set(bearer(apiKey));
    expect(rotated.status).toBe(201);
    t.clock.advance(1000);
    const { token } = rotated.body as { token: string };
    expect((await t.http.delete('/api/v1/feeds/token').set(bearer(apiKey))).status).toBe(200);

    const entries = (await auditLog(admin, '(resourceType: "feed_token")')).edges.map((edge) =>
      parsed(edge.node),
    );
    const prefix = await keyPrefix();
    const tokenPrefix = (entries[1].after as { prefix: string }).prefix;
    expect(
      entries.map((entry) => [entry.action, entry.actor.label, entry.before, entry.after]),
    ).toEqual([
      ['feed_token.revoked', prefix, { prefix: tokenPrefix }, null],
      [
        'feed_token.rotated',
        prefix,
        { prefix: expect.any(String) },
        { prefix: tokenPrefix, token: '[changed]' },
      ],
      ['feed_token.created', admin.email, null, { prefix: expect.any(String), token: '[changed]' }],
    ]);
    const stored = JSON.stringify(await rows());
    const firstToken = new URL(first.rotateFeedToken.rssUrl).pathname.split('/').at(-1)!;
    for (const secret of [token, firstToken]) expect(stored).not.toContain(secret);
  });

  it("records role changes and removals of the account's users", async () => {
    const owner = await person('owner');
    const other = await person('member');
    await as(owner, `mutation { changeUserRole(userId: "${other.userId}", role: admin) { id } }`);
    await as(owner, `mutation { removeUser(userId: "${other.userId}") { deleted } }`);

    const entries = (await auditLog(owner, '(resourceType: "user")')).edges.map((edge) =>
      parsed(edge.node),
    );
    expect(
      entries.map((entry) => [entry.action, entry.resourceId, entry.before, entry.after]),
    ).toEqual([
      ['user.removed', other.userId, { email: other.email, role: 'admin' }, null],
      [
        'user.role_changed',
        other.userId,
        { email: other.email, role: 'member' },
        { email: other.email, role: 'admin' },
      ],
    ]);
    const stored = JSON.stringify(await rows());
    for (const password of [owner.password, other.password]) expect(stored).not.toContain(password);
  });

  it('records invitations sent, revoked and accepted, the last by the user it made', async () => {
    const admin = await person('admin');
    const invite = (email: string) =>
      as<{ inviteUser: { invitation: { id: string }; link: string } }>(
        admin,
        `mutation { inviteUser(email: "${email}", role: viewer) { invitation { id } link } }`,
      );
    const revoked = (await invite('revoked@example.com')).inviteUser;
    await as(admin, `mutation { revokeInvitation(id: "${revoked.invitation.id}") { deleted } }`);
    const accepted = (await invite('accepted@example.com')).inviteUser;
    const token = accepted.link.split('#')[1];
    const acceptance = await t.http.post('/graphql').set('content-type', 'application/json').send({
      query:
        'mutation($token: String!) { acceptInvitation(input: { token: $token, password: "a long enough password" }) { user { email } } }',
      variables: { token },
    });
    expect(acceptance.body).toEqual({
      data: { acceptInvitation: { user: { email: 'accepted@example.com' } } },
    });

    const entries = (await auditLog(admin, '(resourceType: "invitation")')).edges.map((edge) =>
      parsed(edge.node),
    );
    expect(
      entries.map((entry) => [entry.action, entry.actor.label, entry.before, entry.after]),
    ).toEqual([
      [
        'invitation.accepted',
        'accepted@example.com',
        { email: 'accepted@example.com', accepted: false },
        { email: 'accepted@example.com', accepted: true, role: 'viewer' },
      ],
      ['invitation.created', admin.email, null, { email: 'accepted@example.com', role: 'viewer' }],
      [
        'invitation.revoked',
        admin.email,
        { email: 'revoked@example.com', revoked: false },
        { email: 'revoked@example.com', revoked: true },
      ],
      ['invitation.created', admin.email, null, { email: 'revoked@example.com', role: 'viewer' }],
    ]);
    expect(JSON.stringify(await rows())).not.toContain(token);
  });

  it('pages newest first and filters by who and by resource type', async () => {
    const admin = await person('admin');
    await createKeywords(t, apiKey, ['page one', 'page two', 'page three']);
    t.clock.advance(1000);
    await as(
      admin,
      'mutation { createWebhook(input: { url: "https://example.com/paged" }) { secret } }',
    );

    const first = await auditLog(admin, '(first: 2)');
    expect(first.edges.map((edge) => edge.node.action)).toEqual([
      'webhook.created',
      'keyword.created',
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await auditLog(admin, `(first: 2, after: "${first.pageInfo.endCursor}")`);
    expect(second.edges.map((edge) => edge.node.action)).toEqual([
      'keyword.created',
      'keyword.created',
    ]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const ids = [...first.edges, ...second.edges].map((edge) => edge.node.resourceId);
    expect(new Set(ids).size).toBe(4);

    const prefix = await keyPrefix();
    expect((await auditLog(admin, `(actor: "${prefix}")`)).edges).toHaveLength(3);
    expect(
      (await auditLog(admin, `(actor: "${admin.email.toUpperCase()}")`)).edges.map(
        (edge) => edge.node.action,
      ),
    ).toEqual(['webhook.created']);
    expect((await auditLog(admin, '(resourceType: "keyword")')).edges).toHaveLength(3);
    expect((await auditLog(admin, '(resourceType: "api_key")')).edges).toEqual([]);

    const bad = await graphqlAs(
      t,
      admin.session,
      '{ auditLog(after: "nope") { pageInfo { hasNextPage } } }',
    );
    expect(errorsOf(bad).map((error) => error.extensions.code)).toEqual(['invalid_body']);
  });

  it('is refused to members and viewers', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const who = await person(role);
      const res = await graphqlAs(t, who.session, '{ auditLog { edges { cursor } } }');
      expect(
        errorsOf(res).map((error) => [error.extensions.code, error.extensions.status]),
      ).toEqual([['forbidden', 403]]);
    }
    const res = await postGraphql(t, apiKey, '{ auditLog { edges { cursor } } }');
    expect(errorsOf(res)).toEqual([]);
  });
});

import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { Response } from 'supertest';
import type { AccountRole } from '../../src/modules/auth/account-roles.js';
import {
  PUBLIC_ROUTE,
  REQUIRED_ROLE,
  SIGNED_IN_AS,
} from '../../src/modules/auth/auth.decorators.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, postGraphql } from '../utils/graphql.js';
import { graphqlAs, signInAs, type DashboardSession } from '../utils/operator-session.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** Every root field's declared rule, as ApiKeyGuard reads it: the field's, else its resolver's. */
function declaredRules(t: TestApp, rootType: 'Query' | 'Mutation'): Map<string, string> {
  const reflector = t.app.get(Reflector);
  const scanner = t.app.get(MetadataScanner);
  const rules = new Map<string, string>();
  for (const wrapper of t.app.get(DiscoveryService).getProviders()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as Record<string, () => unknown>;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[method];
      if (reflector.get<string>('graphql:resolver_type', handler) !== rootType) continue;
      const name = reflector.get<string>('graphql:resolver_name', handler);
      const targets = [handler, wrapper.metatype];
      const rule =
        (reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) ? 'public' : undefined) ??
        reflector.getAllAndOverride<string>(SIGNED_IN_AS, targets) ??
        reflector.getAllAndOverride<AccountRole>(REQUIRED_ROLE, targets);
      if (rule !== undefined) rules.set(name, rule);
    }
  }
  return rules;
}

describe('the declared rule of every GraphQL field', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const fieldsOf = (rootType: 'Query' | 'Mutation') =>
    Object.keys(
      (rootType === 'Query'
        ? t.app.get(GraphQLSchemaHost).schema.getQueryType()
        : t.app.get(GraphQLSchemaHost).schema.getMutationType()
      )?.getFields() ?? {},
    ).sort();

  it('is declared beside every mutation of the built schema', () => {
    const rules = declaredRules(t, 'Mutation');
    const undeclared = fieldsOf('Mutation').filter((field) => !rules.has(field));
    expect(undeclared).toEqual([]);
    expect(fieldsOf('Mutation')).toEqual(
      expect.arrayContaining(['changeUserRole', 'createKeywords', 'opsAddUser', 'signIn']),
    );
  });

  it('is, for each mutation, the role section 15 gives it', () => {
    const rules = Object.fromEntries(declaredRules(t, 'Mutation'));
    const byRule = (rule: string) =>
      Object.keys(rules)
        .filter((field) => rules[field] === rule)
        .sort();
    expect(byRule('viewer')).toEqual([]);
    expect(byRule('member')).toEqual([
      'createEmailSubscription',
      'createKeywords',
      'createWebhook',
      'deleteEmailSubscription',
      'deleteKeyword',
      'deleteWebhook',
      'redeliverWebhookDeliveries',
      'redeliverWebhookDelivery',
      'rotateFeedToken',
      'rotateWebhookSecret',
      'testWebhook',
      'updateInboxItem',
      'updateKeyword',
      'updateWebhook',
    ]);
    expect(byRule('admin')).toEqual([
      'changeUserRole',
      'createApiKey',
      'inviteUser',
      'removeSsoSettings',
      'removeUser',
      'revokeApiKey',
      'revokeInvitation',
      'setSsoSettings',
    ]);
    expect(byRule('public')).toEqual([
      'acceptInvitation',
      'completeSetup',
      'signIn',
      'signUp',
      'startSsoSignIn',
      'verifySignUp',
    ]);
    expect(byRule('any-session')).toEqual([
      'changePassword',
      'endOtherSessions',
      'endSession',
      'signOut',
    ]);
    expect(byRule('operator').every((field) => field.startsWith('ops'))).toBe(true);
  });

  it('leaves queries to viewers, but for the preview, which a member runs, and the audit log, which an admin reads', () => {
    const rules = declaredRules(t, 'Query');
    const roles = fieldsOf('Query').filter((field) =>
      ['viewer', 'member', 'admin', 'owner'].includes(rules.get(field) ?? 'viewer'),
    );
    expect(roles.filter((field) => rules.has(field))).toEqual(['auditLog', 'previewKeyword']);
    expect(rules.get('previewKeyword')).toBe('member');
    expect(rules.get('auditLog')).toBe('admin');
  });
});

interface TeamMember {
  id: string;
  email: string;
  role: AccountRole;
  createdAt: string;
}

interface Person {
  userId: string;
  email: string;
  session: DashboardSession;
}

const RANK: AccountRole[] = ['viewer', 'member', 'admin', 'owner'];

/** One change per area of the dashboard, and the least role section 15 gives it. */
const CHANGES: { name: string; needs: AccountRole; query: string }[] = [
  {
    name: 'createKeywords',
    needs: 'member',
    query: 'mutation { createKeywords(keywords: [{ text: "role check" }]) { created { id } } }',
  },
  {
    name: 'createWebhook',
    needs: 'member',
    query: 'mutation { createWebhook(input: { url: "https://example.com/hook" }) { secret } }',
  },
  { name: 'rotateFeedToken', needs: 'member', query: 'mutation { rotateFeedToken { enabled } }' },
  {
    name: 'previewKeyword',
    needs: 'member',
    query: '{ previewKeyword(input: { text: "role" }) { matches } }',
  },
  { name: 'createApiKey', needs: 'admin', query: 'mutation { createApiKey { key } }' },
];

const READS =
  '{ keywords { count } webhooks { count } feeds { enabled } apiKeys { id } teamMembers { id } }';
const TEAM = '{ teamMembers { id email role createdAt } }';
const CHANGE_ROLE = (userId: string, role: AccountRole) =>
  `mutation { changeUserRole(userId: "${userId}", role: ${role}) { id role } }`;
const REMOVE = (userId: string) => `mutation { removeUser(userId: "${userId}") { deleted id } }`;

function expectForbidden(res: Response, message: RegExp): void {
  const errors = errorsOf(res);
  expect(errors.map((error) => [error.extensions.code, error.extensions.status])).toEqual([
    ['forbidden', 403],
  ]);
  expect(errors[0].message).toMatch(message);
}

function expectDone(res: Response): void {
  expect(errorsOf(res)).toEqual([]);
  expect(res.status).toBe(200);
}

describe.each(testDatabaseKinds())('roles on %s', (kind) => {
  let t: TestApp;
  let accountId: string;
  let apiKey: string;
  let people = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ({ accountId, apiKey } = await t.account('pro'));
  });

  async function person(role?: AccountRole, account = accountId): Promise<Person> {
    const email = `person.${++people}@example.com`;
    const users = t.app.get(UsersService);
    const { user, password } =
      role === undefined
        ? await users.createUser(account, email)
        : await users.createUser(account, email, role);
    return { userId: user.id, email, session: await signInAs(t, email, password) };
  }

  const as = (who: Person, query: string) => graphqlAs(t, who.session, query);

  async function roleOf(who: Person, viewer: Person): Promise<AccountRole | undefined> {
    const res = await as(viewer, TEAM);
    expectDone(res);
    const members = (res.body as { data: { teamMembers: TeamMember[] } }).data.teamMembers;
    return members.find((member) => member.id === who.userId)?.role;
  }

  it('makes an owner by default, as every user made before roles became', async () => {
    const owner = await person();
    const res = await as(owner, `{ viewer { role } ${TEAM.slice(1, -1)} }`);
    expectDone(res);
    expect(res.body.data).toEqual({
      viewer: { role: 'owner' },
      teamMembers: [
        { id: owner.userId, email: owner.email, role: 'owner', createdAt: expect.any(String) },
      ],
    });
  });

  it('lets every role read what the dashboard shows', async () => {
    for (const role of RANK) {
      const res = await as(await person(role), READS);
      expectDone(res);
    }
  });

  it('lets each role make the changes its rank may, and refuses the others as forbidden, naming the role', async () => {
    const everyone = await Promise.all(RANK.map((role) => person(role)));
    for (const [rank, who] of everyone.entries()) {
      for (const change of CHANGES) {
        const res = await as(who, change.query);
        if (rank >= RANK.indexOf(change.needs)) {
          expectDone(res);
        } else {
          expectForbidden(res, new RegExp(`needs the ${change.needs} role.*is ${RANK[rank]}$`));
        }
      }
    }
  });

  it('changes nothing when it refuses', async () => {
    const viewer = await person('viewer');
    expectForbidden(await as(viewer, CHANGES[0].query), /member/);
    const res = await postGraphql(t, apiKey, '{ keywords { count } }');
    expect(res.body.data).toEqual({ keywords: { count: 0 } });
  });

  it('leaves API keys as they were: a key still makes every change but the team', async () => {
    for (const change of CHANGES) expectDone(await postGraphql(t, apiKey, change.query));
    const member = await person('member');
    expectForbidden(
      await postGraphql(t, apiKey, CHANGE_ROLE(member.userId, 'viewer')),
      /API key has no role/,
    );
    expectDone(await postGraphql(t, apiKey, TEAM));
  });

  it('applies a new role from the next request of a session already signed in', async () => {
    const admin = await person('admin');
    const viewer = await person('viewer');
    expectForbidden(await as(viewer, CHANGES[0].query), /member/);
    expect((await as(admin, CHANGE_ROLE(viewer.userId, 'member'))).body.data).toEqual({
      changeUserRole: { id: viewer.userId, role: 'member' },
    });
    expectDone(await as(viewer, CHANGES[0].query));
    expectDone(await as(admin, CHANGE_ROLE(viewer.userId, 'viewer')));
    expectForbidden(await as(viewer, CHANGES[0].query), /member/);
  });

  it('refuses members and viewers any change to the team', async () => {
    const owner = await person();
    for (const role of ['viewer', 'member'] as const) {
      const who = await person(role);
      expectForbidden(await as(who, CHANGE_ROLE(who.userId, 'admin')), /needs the admin role/);
      expectForbidden(await as(who, REMOVE(owner.userId)), /needs the admin role/);
    }
  });

  it('lets an admin rank members and viewers, up to admin, but not touch an admin or owner, nor make an owner', async () => {
    const owner = await person();
    const admin = await person('admin');
    const otherAdmin = await person('admin');
    const member = await person('member');
    expectDone(await as(admin, CHANGE_ROLE(member.userId, 'viewer')));
    expectDone(await as(admin, CHANGE_ROLE(member.userId, 'admin')));
    expect(await roleOf(member, admin)).toBe('admin');
    expectForbidden(
      await as(admin, CHANGE_ROLE(otherAdmin.userId, 'member')),
      /only an owner may change an admin's role/,
    );
    expectForbidden(await as(admin, CHANGE_ROLE(otherAdmin.userId, 'owner')), /only an owner may/);
    expectForbidden(await as(admin, CHANGE_ROLE(admin.userId, 'owner')), /make an owner/);
    expectForbidden(await as(admin, CHANGE_ROLE(owner.userId, 'viewer')), /owner/);
    expectForbidden(await as(admin, REMOVE(owner.userId)), /only an owner may remove an owner/);
    expectForbidden(await as(admin, REMOVE(otherAdmin.userId)), /remove an admin/);
    expect(await roleOf(otherAdmin, owner)).toBe('admin');
    expect(await roleOf(owner, owner)).toBe('owner');
  });

  it('lets an owner change admins and owners, but never leaves the account without an owner', async () => {
    const owner = await person();
    const admin = await person('admin');
    expectForbidden(
      await as(owner, CHANGE_ROLE(owner.userId, 'admin')),
      /always keeps at least one owner/,
    );
    expectForbidden(await as(owner, REMOVE(owner.userId)), /always keeps at least one owner/);
    expectDone(await as(owner, CHANGE_ROLE(admin.userId, 'owner')));
    expect(await roleOf(admin, owner)).toBe('owner');
    expectDone(await as(owner, CHANGE_ROLE(owner.userId, 'member')));
    expect(await roleOf(owner, admin)).toBe('member');
    expectForbidden(
      await as(admin, CHANGE_ROLE(admin.userId, 'viewer')),
      /always keeps at least one owner/,
    );
  });

  it('lets two owners demoting each other at once leave one owner', async () => {
    const first = await person();
    const second = await person();
    const answers = await Promise.all([
      as(first, CHANGE_ROLE(second.userId, 'member')),
      as(second, CHANGE_ROLE(first.userId, 'member')),
    ]);
    const roles = await Promise.all([roleOf(first, first), roleOf(second, first)]);
    expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
    expect(answers.filter((res) => errorsOf(res).length > 0)).toHaveLength(1);
  });

  it("removes a user, ends their sessions at once, and answers not_found for another account's", async () => {
    const admin = await person('admin');
    const member = await person('member');
    expect((await as(admin, REMOVE(member.userId))).body.data).toEqual({
      removeUser: { deleted: true, id: member.userId },
    });
    const ended = await as(member, READS);
    expect(errorsOf(ended).map((error) => error.extensions.code)).toEqual(['unauthorized']);
    const members = await as(admin, TEAM);
    expect(
      (members.body as { data: { teamMembers: TeamMember[] } }).data.teamMembers.map(
        (user) => user.id,
      ),
    ).toEqual([admin.userId]);

    const stranger = await person('member', (await t.account('pro')).accountId);
    const res = await as(admin, REMOVE(stranger.userId));
    expect(errorsOf(res).map((error) => error.extensions.code)).toEqual(['not_found']);
    expect(
      errorsOf(await as(admin, CHANGE_ROLE(stranger.userId, 'viewer')))[0].extensions.code,
    ).toBe('not_found');
  });

  it('takes only the four roles', async () => {
    const owner = await person();
    const res = await as(owner, CHANGE_ROLE(owner.userId, 'operator' as AccountRole));
    expect(errorsOf(res).length).toBe(1);
    expect(await roleOf(owner, owner)).toBe('owner');
  });
});

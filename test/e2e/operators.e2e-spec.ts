import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { UsersService } from '../../src/modules/users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, expectGraphqlError } from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const SIGN_IN = `mutation($input: SignInInput!) {
  signIn(input: $input) { csrfToken role user { email } account { id } }
}`;
const VIEWER = '{ viewer { role user { email } account { id plan } } }';
const OPS_ACCOUNTS = '{ opsAccounts { id plan status } }';

/** What a signed-in browser holds: its cookie, and the CSRF token its page read from viewer. */
interface Session {
  cookie: string;
  csrfToken: string;
}

describe.each(testDatabaseKinds())('operators (decisions section 10) on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  let operator: Session;
  let user: Session;
  let accountId: string;
  let apiKey: string;

  const post = () => request(origin).post('/graphql').set('Origin', origin);

  function graphql(query: string, session?: Session): Promise<Response> {
    const req = post();
    if (session) req.set('Cookie', session.cookie).set('X-CSRF-Token', session.csrfToken);
    return req.send({ query });
  }

  async function signIn(email: string, password: string): Promise<Response> {
    return post().send({ query: SIGN_IN, variables: { input: { email, password } } });
  }

  function sessionOf(res: Response): Session {
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie = setCookie.find((line) => line.startsWith('alerts_session='))!.split(';')[0];
    return { cookie, csrfToken: (res.body.data.signIn as { csrfToken: string }).csrfToken };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const users = t.app.get(UsersService);
    ({ accountId, apiKey } = await t.account('pro'));
    const member = await users.createUser(accountId, 'member@example.com');
    const staff = await users.createOperator('Staff@Example.com');
    user = sessionOf(await signIn('member@example.com', member.password));
    const signedIn = await signIn('staff@example.com', staff.password);
    expect(signedIn.body.data.signIn).toMatchObject({
      role: 'operator',
      user: { email: 'Staff@Example.com' },
      account: null,
    });
    operator = sessionOf(signedIn);
  });
  afterAll(() => t.close());

  it('signs an operator in as one of no account, and a user as their account’s', async () => {
    const operatorViewer = await graphql(VIEWER, operator);
    const userViewer = await graphql(VIEWER, user);

    expect(operatorViewer.body).toEqual({
      data: { viewer: { role: 'operator', user: { email: 'Staff@Example.com' }, account: null } },
    });
    expect(userViewer.body).toEqual({
      data: {
        viewer: {
          role: 'owner',
          user: { email: 'member@example.com' },
          account: { id: accountId, plan: 'pro' },
        },
      },
    });
  });

  it('answers operator fields to operators only: 403 forbidden to users and keys, 401 to nobody', async () => {
    const byOperator = await graphql(OPS_ACCOUNTS, operator);
    expect(errorsOf(byOperator)).toEqual([]);
    expect(byOperator.body.data.opsAccounts).toContainEqual({
      id: accountId,
      plan: 'pro',
      status: 'active',
    });

    expectGraphqlError(await graphql(OPS_ACCOUNTS, user), 'forbidden', 403, 403);
    expectGraphqlError(
      await post().set(bearer(apiKey)).send({ query: OPS_ACCOUNTS }),
      'forbidden',
      403,
      403,
    );
    expectGraphqlError(await graphql(OPS_ACCOUNTS), 'unauthorized', 401, 401);
  });

  it("never lets an operator's session act for an account, over GraphQL or REST", async () => {
    const keywords = await graphql('{ keywords { count } }', operator);
    expectGraphqlError(keywords, 'forbidden', 403, 403);
    expect(errorsOf(keywords)[0].message).toMatch(/Operators have no account/);
    expectGraphqlError(
      await graphql('mutation { createApiKey { key } }', operator),
      'forbidden',
      403,
      403,
    );

    const rest = await request(origin).get('/api/v1/keywords').set('Cookie', operator.cookie);
    expect([rest.status, rest.body.code]).toEqual([401, 'unauthorized']);
  });

  it('needs the CSRF token from an operator as from a user, and ends the session on sign-out', async () => {
    const withoutToken = await post().set('Cookie', operator.cookie).send({ query: OPS_ACCOUNTS });
    expectGraphqlError(withoutToken, 'forbidden', 403, 403);

    const staff = await t.app.get(UsersService).createOperator('leaving@example.com');
    const leaving = sessionOf(await signIn('leaving@example.com', staff.password));
    expect((await graphql('mutation { signOut }', leaving)).body).toEqual({
      data: { signOut: true },
    });
    expectGraphqlError(await graphql(OPS_ACCOUNTS, leaving), 'unauthorized', 401, 401);
  });
});

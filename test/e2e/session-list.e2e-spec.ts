import request, { type Response } from 'supertest';
import { UsersService } from '../../src/modules/users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { errorsOf, expectGraphqlError } from '../utils/graphql.js';
import { graphqlAs, type DashboardSession } from '../utils/operator-session.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { csrfToken } }`;
const SESSIONS = '{ sessions { id startedAt lastSeenAt current browser userAgent } }';
const VIEWER = '{ viewer { user { email } } }';

interface ListedSession {
  id: string;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
  browser: string;
  userAgent: string | null;
}

interface Person {
  email: string;
  password: string;
}

describe.each(testDatabaseKinds())('sessions a user can end, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function person(): Promise<Person & { apiKey: string }> {
    const { accountId, apiKey } = await t.account();
    const email = `someone.${accountId.slice(-12)}@example.com`;
    const { password } = await t.app.get(UsersService).createUser(accountId, email);
    return { email, password, apiKey };
  }

  /** Signs in from a browser that names itself `userAgent`. */
  async function signIn(who: Person, userAgent?: string): Promise<DashboardSession> {
    const req = request(t.app.getHttpServer()).post('/graphql');
    if (userAgent !== undefined) req.set('User-Agent', userAgent);
    const res = await req.send({
      query: SIGN_IN,
      variables: { input: { email: who.email, password: who.password } },
    });
    expect(errorsOf(res)).toEqual([]);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie = setCookie.find((line) => line.startsWith('alerts_session='))!.split(';')[0];
    return {
      cookie,
      csrfToken: (res.body as { data: { signIn: { csrfToken: string } } }).data.signIn.csrfToken,
    };
  }

  async function sessionsOf(session: DashboardSession): Promise<ListedSession[]> {
    const res = await graphqlAs(t, session, SESSIONS);
    expect(errorsOf(res)).toEqual([]);
    return (res.body as { data: { sessions: ListedSession[] } }).data.sessions;
  }

  const endSession = (session: DashboardSession, id: string) =>
    graphqlAs(t, session, `mutation { endSession(id: "${id}") }`);

  const expectSignedOut = (res: Response) => expectGraphqlError(res, 'unauthorized', 401, 401);

  it("lists the viewer's own sessions: when each started and was last seen, which is this one, and its browser", async () => {
    const who = await person();
    const laptop = await signIn(who, FIREFOX_ON_LINUX);
    const phone = await signIn(who, SAFARI_ON_IPHONE);
    await signIn(await person(), FIREFOX_ON_LINUX);

    const listed = await sessionsOf(phone);
    expect(listed).toHaveLength(2);
    expect(
      listed.map(({ current, browser, userAgent }) => ({ current, browser, userAgent })),
    ).toEqual(
      expect.arrayContaining([
        { current: true, browser: 'Safari on iOS', userAgent: SAFARI_ON_IPHONE },
        { current: false, browser: 'Firefox on Linux', userAgent: FIREFOX_ON_LINUX },
      ]),
    );
    for (const session of listed) {
      expect(session.startedAt).toBe(t.clock.now().toISOString().replace('Z', '+00:00'));
      expect(session.lastSeenAt).toBe(session.startedAt);
    }
    expect((await sessionsOf(laptop)).filter((session) => session.current)).toHaveLength(1);
  });

  it('keeps at most 256 characters of a User-Agent, and says so when a browser sent none', async () => {
    const who = await person();
    const long = `${FIREFOX_ON_LINUX} ${'x'.repeat(400)}`;
    await signIn(who, long);
    const session = await signIn(who);
    const byAgent = (await sessionsOf(session)).map(({ browser, userAgent }) => ({
      browser,
      userAgent,
    }));
    expect(byAgent).toEqual(
      expect.arrayContaining([
        { browser: 'Firefox on Linux', userAgent: long.slice(0, 256) },
        { browser: 'Unknown browser', userAgent: null },
      ]),
    );
  });

  it('ends another of its own sessions, whose next request is signed out', async () => {
    const who = await person();
    const laptop = await signIn(who, FIREFOX_ON_LINUX);
    const phone = await signIn(who, SAFARI_ON_IPHONE);
    const phoneId = (await sessionsOf(phone)).find((session) => session.current)!.id;

    const ended = await endSession(laptop, phoneId);
    expect(errorsOf(ended)).toEqual([]);
    expect(ended.body.data).toEqual({ endSession: true });
    expectSignedOut(await graphqlAs(t, phone, VIEWER));
    expect((await sessionsOf(laptop)).map((session) => session.current)).toEqual([true]);
  });

  it("refuses to end another user's session as not found, telling nothing of it, and that session goes on", async () => {
    const mine = await signIn(await person());
    const theirs = await signIn(await person());
    const theirId = (await sessionsOf(theirs))[0].id;

    const refused = await endSession(mine, theirId);
    expectGraphqlError(refused, 'not_found', 404);
    const unknown = await endSession(mine, '00000000-0000-4000-8000-000000000000');
    expect(errorsOf(unknown)[0].message).toBe(errorsOf(refused)[0].message);
    expect(errorsOf(await graphqlAs(t, theirs, VIEWER))).toEqual([]);
  });

  it('ends every other session and keeps this one', async () => {
    const who = await person();
    const others = [await signIn(who, FIREFOX_ON_LINUX), await signIn(who, SAFARI_ON_IPHONE)];
    const current = await signIn(who);
    const bystander = await signIn(await person());

    const res = await graphqlAs(t, current, 'mutation { endOtherSessions }');
    expect(errorsOf(res)).toEqual([]);
    expect(res.body.data).toEqual({ endOtherSessions: 2 });
    for (const other of others) expectSignedOut(await graphqlAs(t, other, VIEWER));
    expect((await sessionsOf(current)).map((session) => session.current)).toEqual([true]);
    expect(errorsOf(await graphqlAs(t, bystander, VIEWER))).toEqual([]);
  });

  it("lists an operator's own sessions too", async () => {
    const email = 'operator.sessions@example.com';
    const { password } = await t.app.get(UsersService).createOperator(email);
    const first = await signIn({ email, password }, FIREFOX_ON_LINUX);
    const second = await signIn({ email, password });
    expect((await sessionsOf(second)).map((session) => session.current).sort()).toEqual([
      false,
      true,
    ]);
    const res = await graphqlAs(t, second, 'mutation { endOtherSessions }');
    expect(res.body.data).toEqual({ endOtherSessions: 1 });
    expectSignedOut(await graphqlAs(t, first, VIEWER));
  });

  it('is for a signed-in user: an API key has no sessions', async () => {
    const { apiKey } = await person();
    const res = await request(t.app.getHttpServer())
      .post('/graphql')
      .set(bearer(apiKey))
      .send({ query: SESSIONS });
    expectGraphqlError(res, 'forbidden', 403, 403);
  });
});

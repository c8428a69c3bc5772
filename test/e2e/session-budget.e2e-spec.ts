import type { Response } from 'supertest';
import { UsersService } from '../../src/modules/users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  graphqlAs,
  signInAs,
  signInNewOperator,
  type DashboardSession,
} from '../utils/operator-session.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Above the plan's 60 reads per key, so that a session past 60 shows it is not held by them. */
const SESSION_BUDGET = 70;
const READ = '{ apiKeys { id } }';

interface Person {
  accountId: string;
  apiKey: string;
  email: string;
  password: string;
}

async function person(t: TestApp): Promise<Person> {
  const { accountId, apiKey } = await t.account('starter');
  const email = `person.${accountId.slice(-12)}@example.com`;
  const { password } = await t.app.get(UsersService).createUser(accountId, email);
  return { accountId, apiKey, email, password };
}

async function reads(t: TestApp, session: DashboardSession, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await graphqlAs(t, session, READ)).status);
  return statuses;
}

const rateHeaders = (res: Response) => [
  res.headers['x-ratelimit-limit'],
  res.headers['x-ratelimit-remaining'],
];

function expectRateLimited(res: Response): void {
  expect([res.status, res.body.errors[0].extensions.code]).toEqual([429, 'rate_limited']);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

describe.each(testDatabaseKinds())('the dashboard session budget on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { DASHBOARD_RATE_PER_MINUTE: String(SESSION_BUDGET) });
  });
  afterAll(() => t.close());

  it("refuses a user's reads past DASHBOARD_RATE_PER_MINUTE, in every tab, and leaves the account's key all of its 60", async () => {
    const who = await person(t);
    const firstTab = await signInAs(t, who.email, who.password);
    const first = await graphqlAs(t, firstTab, READ);
    expect(rateHeaders(first)).toEqual([String(SESSION_BUDGET), String(SESSION_BUDGET - 1)]);
    expect(await reads(t, firstTab, SESSION_BUDGET - 1)).toEqual(
      Array(SESSION_BUDGET - 1).fill(200),
    );

    expectRateLimited(await graphqlAs(t, firstTab, READ));
    // The budget is the person's, whatever the session: a second sign-in shares it.
    const secondTab = await signInAs(t, who.email, who.password);
    expectRateLimited(await graphqlAs(t, secondTab, READ));

    const rest = await t.http.get('/api/v1/keywords').set(bearer(who.apiKey)).expect(200);
    expect(rateHeaders(rest)).toEqual(['60', '59']);
    const graphql = await t.http.post('/graphql').set(bearer(who.apiKey)).send({ query: READ });
    expect([graphql.status, ...rateHeaders(graphql)]).toEqual([200, '60', '58']);
  });

  it("keeps the plan's 60 reads for the key, whose 61st is refused while the user's session reads on", async () => {
    const who = await person(t);
    const session = await signInAs(t, who.email, who.password);
    expect((await graphqlAs(t, session, READ)).status).toBe(200);
    for (let read = 1; read <= 60; read += 1) {
      await t.http.get('/api/v1/usage').set(bearer(who.apiKey)).expect(200);
    }
    const refused = await t.http.get('/api/v1/usage').set(bearer(who.apiKey)).expect(429);
    expect(refused.body.code).toBe('rate_limited');

    const read = await graphqlAs(t, session, READ);
    expect([read.status, ...rateHeaders(read)]).toEqual([
      200,
      String(SESSION_BUDGET),
      String(SESSION_BUDGET - 2),
    ]);
  });

  it("counts an operator's console reads against the same session budget", async () => {
    const operator = await signInNewOperator(t, `operator.${kind}@example.com`);
    const res = await graphqlAs(t, operator, '{ opsMissingDependencies { dependency } }');
    expect([res.status, ...rateHeaders(res)]).toEqual([
      200,
      String(SESSION_BUDGET),
      String(SESSION_BUDGET - 1),
    ]);
  });
});

describe('the dashboard session budget shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const env = { REDIS_URL, DASHBOARD_RATE_PER_MINUTE: '4' };
  beforeAll(async () => {
    first = await createTestApp('sqlite', env);
    second = await createTestApp('sqlite', env, { databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("lets two instances share one user's budget", async () => {
    const who = await person(first);
    const session = await signInAs(first, who.email, who.password);
    expect([...(await reads(first, session, 2)), ...(await reads(second, session, 2))]).toEqual([
      200, 200, 200, 200,
    ]);
    expectRateLimited(await graphqlAs(first, session, READ));
    expectRateLimited(await graphqlAs(second, session, READ));
  });
});

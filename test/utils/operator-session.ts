import request, { type Response } from 'supertest';
import { UsersService } from '../../src/modules/users/users.service.js';
import type { TestApp } from './create-test-app.js';

const SIGN_IN = `mutation($input: SignInInput!) {
  signIn(input: $input) { csrfToken }
}`;

/** Requests without the test agent's cookie jar: each carries only the session it is given. */
const post = (t: TestApp) => request(t.app.getHttpServer()).post('/graphql');

/** What a signed-in browser holds: its session cookie and the CSRF token its page read. */
export interface DashboardSession {
  cookie: string;
  csrfToken: string;
}

/** Signs in on `t` as `email`, as the dashboard's sign-in page does. */
export async function signInAs(
  t: TestApp,
  email: string,
  password: string,
): Promise<DashboardSession> {
  const res = await post(t).send({ query: SIGN_IN, variables: { input: { email, password } } });
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((line) => line.startsWith('alerts_session='));
  if (cookie === undefined) throw new Error(`sign-in failed: ${res.text}`);
  const { csrfToken } = (res.body as { data: { signIn: { csrfToken: string } } }).data.signIn;
  return { cookie: cookie.split(';')[0], csrfToken };
}

/** A new operator (admin create-operator), signed in on `t`. */
export async function signInNewOperator(t: TestApp, email: string): Promise<DashboardSession> {
  const { password } = await t.app.get(UsersService).createOperator(email);
  return signInAs(t, email, password);
}

/** POST /graphql with a dashboard session, as the dashboard's client sends it. */
export function graphqlAs(t: TestApp, session: DashboardSession, query: string): Promise<Response> {
  return post(t)
    .set('Cookie', session.cookie)
    .set('X-CSRF-Token', session.csrfToken)
    .send({ query });
}

import { UsersService } from '../../src/modules/users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { capturedLogger } from '../utils/captured-logs.js';

/** What the request log keeps of a URL that carries a credential. */
describe('request log', () => {
  let t: TestApp;
  const logs = capturedLogger();

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { logger: logs.logger });
  });
  afterAll(() => t.close());

  it('never writes an API key sent in the query string, and still logs the request', async () => {
    const { apiKey } = await t.account();

    await t.http.get(`/api/v1/keywords?api_key=${apiKey}`).expect(401);
    await t.http.get(`/api/v1/keywords?limit=5&key=${encodeURIComponent(apiKey)}`).expect(401);

    expect(logs.text()).not.toContain(apiKey);
    expect(logs.text()).not.toContain(apiKey.slice(4));
    expect(logs.text()).toContain('/api/v1/keywords?api_key=[REDACTED]');
    expect(logs.text()).toContain('/api/v1/keywords?limit=5&key=[REDACTED]');
  });

  it('never writes a feed token from a feed URL', async () => {
    const { apiKey } = await t.account();
    const { token } = (await t.http.post('/api/v1/feeds/token').set(bearer(apiKey)).expect(201))
      .body as { token: string };

    await t.http.get(`/feeds/${token}/alerts.rss`).expect(200);
    await t.http.get(`/feeds/${token}/alerts.atom?keyword_id=nope`).expect(404);

    expect(logs.text()).not.toContain(token);
    expect(logs.text()).toContain('/feeds/[REDACTED]/alerts.rss');
  });

  it('never writes a password, a session token or a CSRF token of a dashboard sign-in', async () => {
    const { accountId } = await t.account();
    const { password } = await t.app
      .get(UsersService)
      .createUser(accountId, `logged.${accountId.slice(-12)}@example.com`);
    const res = await t.http.post('/graphql').send({
      query: 'mutation($input: SignInInput!) { signIn(input: $input) { csrfToken } }',
      variables: { input: { email: `logged.${accountId.slice(-12)}@example.com`, password } },
    });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0].split(';')[0];
    const csrfToken = res.body.data.signIn.csrfToken as string;
    await t.http
      .post('/graphql')
      .set({ Cookie: cookie, 'X-CSRF-Token': csrfToken })
      .send({ query: '{ viewer { user { id } } }' })
      .expect(200);

    expect(logs.text()).toContain('"url":"/graphql"');
    for (const secret of [password, cookie.split('=')[1], csrfToken]) {
      expect(logs.text()).not.toContain(secret);
    }
  });
});

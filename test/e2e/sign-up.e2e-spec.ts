import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Response } from 'supertest';
import { isoWithMillis } from '../../src/common/time/timestamps.js';
import { SIGN_UP_LIMITS } from '../../src/modules/signup/sign-up-limits.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { TestApps, bearer, type TestApp } from '../utils/create-test-app.js';
import { EMAIL_BASE_URL } from '../utils/email-scenario.js';
import { errorsOf, expectGraphqlError } from '../utils/graphql.js';
import {
  graphqlAs,
  signInAs,
  signInNewOperator,
  type DashboardSession,
} from '../utils/operator-session.js';
import { startUntil } from '../utils/processes.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../utils/smtp-receiver.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const PASSWORD = 'a long enough password';
const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { email linkValidHours } }`;
const VERIFY = `mutation($token: String!) {
  verifySignUp(token: $token) { csrfToken user { email } account { id name plan product status } }
}`;
const SIGN_UP_OPEN = '{ signUpOpen }';
const OPS_STATE =
  '{ opsSignUpState { configured open plan closedByOperator changedBy changedAt } }';
const OPS_LIST = '{ opsSignUps { id email status requestedAt expiresAt verifiedAt accountId } }';
const setOpen = (open: boolean) =>
  `mutation { opsSetSignUpOpen(open: ${open}) { open closedByOperator changedBy } }`;

interface OpsSignUp {
  id: string;
  email: string;
  status: string;
  requestedAt: string;
  expiresAt: string;
  verifiedAt: string | null;
  accountId: string | null;
}

/** The token of the verification link in the mail's text part. */
function tokenIn(mail: ReceivedMail): string {
  const found = new RegExp(
    `${EMAIL_BASE_URL}/dashboard/signup/verify#(mail_[A-Za-z0-9_-]{43})`,
  ).exec(mail.parsed.text ?? '');
  if (found === null) throw new Error(`no verification link in: ${mail.parsed.text}`);
  return found[1];
}

describe('the service with SIGNUP=open', () => {
  it('refuses to start with SIGNUP=open and no SMTP_URL, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sign-up-'));
    try {
      const server = startUntil(
        process.execPath,
        ['dist/src/main.js'],
        { DATABASE_URL: `sqlite:${join(dir, 'alerts.sqlite')}`, SIGNUP: 'open', SMTP_URL: '' },
        /listening/i,
      );
      await expect(server.started).rejects.toThrow(
        /exited with 1: .*SIGNUP: open needs SMTP_URL, to mail the links that verify sign-ups/s,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabaseKinds())('sign-up on %s', (kind) => {
  let receiver: SmtpReceiver;
  let apps: TestApps;
  /** SIGNUP=open on the pro plan. */
  let t: TestApp;
  /** The same database, SIGNUP unset. */
  let closed: TestApp;
  let operator: DashboardSession;
  /** Each test signs up from client addresses of its own (X-Forwarded-For under TRUST_PROXY). */
  let clients = 0;

  /** POST /graphql as a browser without a session, from `client`. */
  const anonymous = (app: TestApp, client: string, query: string, variables = {}) =>
    request(app.app.getHttpServer())
      .post('/graphql')
      .set('X-Forwarded-For', client)
      .send({ query, variables });
  const nextClient = () => `203.0.113.${++clients}`;
  const signUp = (email: string, client = nextClient(), app = t, password = PASSWORD) =>
    anonymous(app, client, SIGN_UP, { input: { email, password } });
  const verify = (token: string, app = t) => anonymous(app, nextClient(), VERIFY, { token });
  const asOperator = async <T>(query: string): Promise<T> => {
    const res = await graphqlAs(t, operator, query);
    expect(errorsOf(res)).toEqual([]);
    return res.body.data as T;
  };
  const listed = async (email: string) =>
    (await asOperator<{ opsSignUps: OpsSignUp[] }>(OPS_LIST)).opsSignUps.filter(
      (signUp) => signUp.email === email,
    );
  /** The mails that arrived from here on, once `count` of them have. */
  async function mailsAfter(work: () => Promise<unknown>, count: number) {
    const before = receiver.mails.length;
    await work();
    return (await receiver.waitForMails(before + count)).slice(before);
  }

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    const env = { SMTP_URL: receiver.url, PUBLIC_BASE_URL: EMAIL_BASE_URL, TRUST_PROXY: 'true' };
    apps = new TestApps(kind, env);
    t = await apps.start({ SIGNUP: 'open', SIGNUP_PLAN: 'pro' });
    closed = await apps.start({}, { databaseUrl: t.databaseUrl });
    operator = await signInNewOperator(t, `ops-${kind}@example.com`);
  });
  afterAll(async () => {
    await apps?.closeAll();
    await receiver?.close();
  });

  it('is closed by default: signUpOpen is false and a sign-up is refused, saying so', async () => {
    const open = await anonymous(closed, nextClient(), SIGN_UP_OPEN).expect(200);
    expect(open.body).toEqual({ data: { signUpOpen: false } });
    const before = receiver.mails.length;
    const res = await signUp(`closed-${kind}@example.com`, nextClient(), closed);
    expectGraphqlError(res, 'forbidden', 403, 403);
    expect(errorsOf(res)[0].message).toBe(
      'Sign-up is closed on this service: ask its operator for an account',
    );
    expect(receiver.mails.length).toBe(before);
    expect(await closed.app.get(UsersService).findByEmail(`closed-${kind}@example.com`)).toBeNull();
  });

  it('mails a link that verifies the address, creates the account on SIGNUP_PLAN with its user, and signs them in', async () => {
    const email = `New.Person-${kind}@Example.com`;
    expect((await anonymous(t, nextClient(), SIGN_UP_OPEN).expect(200)).body).toEqual({
      data: { signUpOpen: true },
    });
    let answer: Response | undefined;
    const [mail] = await mailsAfter(async () => (answer = await signUp(` ${email} `)), 1);
    expect(answer?.body).toEqual({ data: { signUp: { email, linkValidHours: 24 } } });
    // The SMTP client lower-cases the domain; the local part is the sender's to keep.
    expect(mail.to).toEqual(['New.Person-' + kind + '@example.com']);
    expect(mail.parsed.subject).toBe(
      'Verify your email to finish signing up for Reddit keyword alerts',
    );
    expect(await listed(email)).toEqual([
      expect.objectContaining({ status: 'pending', verifiedAt: null, accountId: null }),
    ]);
    const stored = JSON.stringify(await t.database.manager.query('SELECT * FROM signups'));
    expect(stored).not.toContain(tokenIn(mail));
    expect(stored).not.toContain(PASSWORD);

    const res = await verify(tokenIn(mail)).expect(200);
    expect(errorsOf(res)).toEqual([]);
    const viewer = res.body.data.verifySignUp;
    expect(viewer).toMatchObject({
      user: { email },
      account: { name: email, plan: 'pro', product: 'alerts', status: 'active' },
    });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('alerts_session='));
    expect(cookie).toBeDefined();
    const session = { cookie: cookie!.split(';')[0], csrfToken: viewer.csrfToken as string };
    const me = await graphqlAs(t, session, '{ viewer { account { id } } }');
    expect(me.body).toEqual({ data: { viewer: { account: { id: viewer.account.id } } } });

    const user = await t.app.get(UsersService).findByEmail(email);
    expect(user).toMatchObject({ accountId: viewer.account.id, role: 'owner' });
    await signInAs(t, email.toLowerCase(), PASSWORD);
    expect(await listed(email)).toEqual([
      expect.objectContaining({ status: 'verified', accountId: viewer.account.id }),
    ]);
    const [row] = await t.database.manager.query(
      `SELECT password_hash FROM signups WHERE account_id = '${viewer.account.id}'`,
    );
    expect(row.password_hash).toBeNull();
  });

  it('lets a link work once', async () => {
    const [mail] = await mailsAfter(() => signUp(`once-${kind}@example.com`), 1);
    expect(errorsOf(await verify(tokenIn(mail)))).toEqual([]);
    const again = await verify(tokenIn(mail));
    expectGraphqlError(again, 'not_found', 404);
    expect(errorsOf(again)[0].message).toBe(
      'This sign-up link has expired or was already used: sign up again',
    );
  });

  it('lets a link expire after 24 hours, and lists the sign-up as expired', async () => {
    const email = `late-${kind}@example.com`;
    t.clock.advance(-SIGN_UP_LIMITS.linkTtlMs);
    const [mail] = await mailsAfter(() => signUp(email), 1).finally(() =>
      t.clock.advance(SIGN_UP_LIMITS.linkTtlMs),
    );
    expectGraphqlError(await verify(tokenIn(mail)), 'not_found', 404);
    expect(await listed(email)).toEqual([expect.objectContaining({ status: 'expired' })]);
    expect(await t.app.get(UsersService).findByEmail(email)).toBeNull();
  });

  it('answers alike for an address with an account, which is mailed a way to sign in instead', async () => {
    const taken = `taken-${kind}@example.com`;
    const fresh = `fresh-${kind}@example.com`;
    const { accountId } = await t.account();
    await t.app.get(UsersService).createUser(accountId, taken);

    let takenAnswer: Response | undefined;
    let freshAnswer: Response | undefined;
    const [takenMail] = await mailsAfter(async () => (takenAnswer = await signUp(taken)), 1);
    const [freshMail] = await mailsAfter(async () => (freshAnswer = await signUp(fresh)), 1);
    const shape = (res: Response | undefined, email: string) => ({
      status: res?.status,
      body: JSON.stringify(res?.body).replace(email, '<email>'),
      contentType: res?.headers['content-type'],
      cookie: res?.headers['set-cookie'],
    });
    expect(shape(takenAnswer, taken)).toEqual(shape(freshAnswer, fresh));
    expect(takenMail.parsed.subject).toBe('You already have a Reddit keyword alerts account');
    expect(takenMail.parsed.text).toContain(`${EMAIL_BASE_URL}/dashboard/login`);
    expect(takenMail.parsed.text).not.toContain('verify');
    expect(tokenIn(freshMail)).toMatch(/^mail_/);
    expect(await listed(taken)).toEqual([]);
  });

  it(`mails an address at most ${SIGN_UP_LIMITS.perEmail} times a day, then answers alike without mail`, async () => {
    const email = `often-${kind}@example.com`;
    const mails = await mailsAfter(async () => {
      for (let i = 0; i < SIGN_UP_LIMITS.perEmail; i++) await signUp(email).expect(200);
    }, SIGN_UP_LIMITS.perEmail);
    expect(mails.map((mail) => mail.to)).toEqual(Array(SIGN_UP_LIMITS.perEmail).fill([email]));
    // Each sign-up replaces the last: only the newest link works.
    expectGraphqlError(await verify(tokenIn(mails[0])), 'not_found', 404);
    expect(await listed(email)).toHaveLength(1);

    const before = receiver.mails.length;
    const over = await signUp(email).expect(200);
    expect(over.body).toEqual({ data: { signUp: { email, linkValidHours: 24 } } });
    expect(receiver.mails.length).toBe(before);
  });

  it(`takes ${SIGN_UP_LIMITS.perClient} sign-ups an hour from a client address, then says to try later`, async () => {
    const client = nextClient();
    for (let i = 0; i < SIGN_UP_LIMITS.perClient; i++) {
      // Too short a password: counted, refused before any hashing or mail.
      expectGraphqlError(
        await signUp(`c${i}-${kind}@example.com`, client, t, 'short'),
        'invalid_body',
        422,
      );
    }
    const res = await signUp(`c-last-${kind}@example.com`, client);
    expectGraphqlError(res, 'rate_limited', 429, 429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorsOf(res)[0].message).toBe(
      `Too many sign-ups from your network: at most ${SIGN_UP_LIMITS.perClient} an hour. Try again later.`,
    );
  });

  it('refuses a malformed address or a short password, saying which', async () => {
    const bad = await signUp('not an address');
    expectGraphqlError(bad, 'invalid_body', 422);
    expect(errorsOf(bad)[0].message).toBe('"not an address" is not an email address');
    const short = await signUp(`short-${kind}@example.com`, nextClient(), t, 'too short');
    expect(errorsOf(short)[0].message).toBe('The password must be at least 12 characters');
  });

  it('is closed by an operator at once, pending links included, and opened again', async () => {
    const [pending] = await mailsAfter(() => signUp(`pending-${kind}@example.com`), 1);
    const closedState = await asOperator<{ opsSetSignUpOpen: unknown }>(setOpen(false));
    expect(closedState.opsSetSignUpOpen).toEqual({
      open: false,
      closedByOperator: true,
      changedBy: `ops-${kind}@example.com`,
    });
    try {
      expect((await anonymous(t, nextClient(), SIGN_UP_OPEN)).body).toEqual({
        data: { signUpOpen: false },
      });
      expectGraphqlError(await signUp(`refused-${kind}@example.com`), 'forbidden', 403, 403);
      expectGraphqlError(await verify(tokenIn(pending)), 'forbidden', 403, 403);
      const state = await asOperator<{ opsSignUpState: Record<string, unknown> }>(OPS_STATE);
      expect(state.opsSignUpState).toEqual({
        configured: 'open',
        open: false,
        plan: 'pro',
        closedByOperator: true,
        changedBy: `ops-${kind}@example.com`,
        changedAt: isoWithMillis(t.clock.nowMs()),
      });
    } finally {
      await asOperator(setOpen(true));
    }
    expect(errorsOf(await verify(tokenIn(pending)))).toEqual([]);
  });

  it('cannot be opened by an operator under SIGNUP=closed', async () => {
    const res = await graphqlAs(closed, operator, setOpen(true));
    expectGraphqlError(res, 'invalid_body', 422);
    expect(errorsOf(res)[0].message).toBe(
      'Sign-up is closed by SIGNUP=closed: set SIGNUP=open (with SMTP_URL) and restart to open it',
    );
    const state = await graphqlAs(closed, operator, OPS_STATE);
    expect(state.body.data.opsSignUpState).toMatchObject({ configured: 'closed', open: false });
  });

  it('shows sign-ups and the switch to operators only: users and keys get 403 forbidden', async () => {
    const { apiKey } = await t.account();
    for (const query of [OPS_LIST, OPS_STATE, setOpen(false)]) {
      const res = await t.http.post('/graphql').set(bearer(apiKey)).send({ query });
      expectGraphqlError(res, 'forbidden', 403, 403);
    }
    expect((await anonymous(t, nextClient(), SIGN_UP_OPEN)).body).toEqual({
      data: { signUpOpen: true },
    });
  });
});

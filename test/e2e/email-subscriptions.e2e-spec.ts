import { createKeyword, createKeywords } from '../factories/keyword.factory.js';
import { AccountAuditEntryEntity } from '../../src/modules/account-audit/account-audit-entry.entity.js';
import { EMAIL_MAILS_PER_HOUR } from '../../src/config/plans.js';
import { MailBudget } from '../../src/modules/email/sending/mail-budget.store.js';
import { MailOutboxStore } from '../../src/modules/email/sending/mail-outbox.store.js';
import { MailOutboxEntity } from '../../src/modules/email/sending/mail-outbox.entity.js';
import { bearer, type TestApp, type TestApps } from '../utils/create-test-app.js';
import { ingest, postItem } from '../utils/delivery-scenario.js';
import {
  confirmByMail,
  EMAIL_BASE_URL,
  linkPath,
  runInstantMail,
  startEmailWorld,
  stopEmailWorld,
  subscribe,
  subscriptionState,
  type EmailWorld,
} from '../utils/email-scenario.js';
import {
  camelCased,
  expectGraphqlError,
  postGraphql,
  runGraphql,
  type Fields,
} from '../utils/graphql.js';
import { SchemaChecker, type OpenApiDocument } from '../utils/openapi-conformance.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import {
  SMTP_TEST_PASSWORD,
  type ReceivedMail,
  type SmtpReceiver,
} from '../utils/smtp-receiver.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const HOUR_MS = 3_600_000;

/** What RFC 8058 and the issue ask of every mail. */
function expectMailHeaders(mail: ReceivedMail): void {
  expect(mail.parsed.messageId).toMatch(/^<[^@\s]+@alerts\.example\.test>$/);
  expect(mail.parsed.date).toBeInstanceOf(Date);
  expect(mail.header('List-Unsubscribe')).toMatch(
    new RegExp(`^<${EMAIL_BASE_URL}/email/unsubscribe/mail_[A-Za-z0-9_-]{43}>$`),
  );
  expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(mail.parsed.text).toEqual(expect.any(String));
  expect(mail.parsed.html).toEqual(expect.any(String));
  expect(mail.parsed.from?.text).toBe('alerts@alerts.example.test');
}

describe.each(testDatabaseKinds())('email subscriptions on %s', (kind) => {
  let world: EmailWorld;
  let receiver: SmtpReceiver;
  let apps: TestApps;
  let t: TestApp;

  beforeAll(async () => {
    world = await startEmailWorld(kind);
    ({ receiver, apps, t } = world);
  });
  afterAll(() => stopEmailWorld(world));
  beforeEach(() => {
    receiver.clear();
    receiver.refuseRecipients(null);
  });

  /** A confirmed instant subscription of a new account with one keyword. */
  async function confirmedInstant(app: TestApp, keywordText: string) {
    const { apiKey, accountId } = await app.account();
    const keyword = await createKeyword(app, apiKey, keywordText);
    const subscription = await subscribe(app, apiKey, {
      email: `${keywordText}@example.org`,
      frequency: 'instant',
    });
    const [confirmation] = await receiver.waitForMails(1);
    await confirmByMail(app, confirmation);
    receiver.clear();
    return { apiKey, accountId, keyword, subscription };
  }

  describe('REST', () => {
    it('creates a pending subscription, lists it and deletes it, each change in the audit log', async () => {
      const { apiKey, accountId } = await t.account();
      const [a, b] = await createKeywords(t, apiKey, ['widgets', 'gadgets']);
      const res = await t.http
        .post('/api/v1/email-subscriptions')
        .set(bearer(apiKey))
        .send({ email: 'Team@Example.org', frequency: 'daily', keyword_ids: [a.id, b.id] })
        .expect(201);
      const created = res.body.data;
      expect(Object.keys(res.body)).toEqual(['data']);
      expect(created).toEqual({
        id: expect.any(String),
        email: 'Team@Example.org',
        frequency: 'daily',
        keyword_ids: [a.id, b.id],
        status: 'pending',
        created_at: '2026-11-21T10:00:00.000+00:00',
        confirmed_at: null,
        last_sent_at: null,
        last_error: null,
        last_error_at: null,
      });
      const list = await t.http.get('/api/v1/email-subscriptions').set(bearer(apiKey)).expect(200);
      expect(list.body).toEqual({ data: [created], count: 1 });
      const deleted = await t.http
        .delete(`/api/v1/email-subscriptions/${created.id}`)
        .set(bearer(apiKey))
        .expect(200);
      expect(deleted.body).toEqual({ deleted: true, id: created.id });
      const after = await t.http.get('/api/v1/email-subscriptions').set(bearer(apiKey)).expect(200);
      expect(after.body).toEqual({ data: [], count: 0 });

      const [confirmation] = await receiver.waitForMails(1);
      const audited = await t.database.manager.find(AccountAuditEntryEntity, {
        where: { accountId, resourceType: 'email_subscription' },
        order: { action: 'ASC' },
      });
      const fields = { email: 'Team@Example.org', frequency: 'daily', keywordIds: [a.id, b.id] };
      expect(
        audited.map((entry) => [entry.action, entry.resourceId, entry.before, entry.after]),
      ).toEqual([
        ['email_subscription.created', created.id, null, { ...fields, status: 'pending' }],
        ['email_subscription.deleted', created.id, { ...fields, status: 'pending' }, null],
      ]);
      const linkTokens = confirmation.parsed.text!.match(/mail_[A-Za-z0-9_-]{43}/g) ?? [];
      expect(linkTokens.length).toBeGreaterThan(0);
      for (const token of linkTokens) expect(JSON.stringify(audited)).not.toContain(token);
    });

    it('refuses a bad address, frequency or keyword id with 422 invalid_body', async () => {
      const { apiKey } = await t.account();
      const other = await t.account();
      const foreign = await createKeyword(t, other.apiKey, 'foreign');
      for (const body of [
        { email: 'not an address', frequency: 'daily' },
        { email: 'a@example.org', frequency: 'weekly' },
        { email: 'a@example.org', frequency: 'daily', keyword_ids: 'all' },
        { email: 'a@example.org', frequency: 'daily', keyword_ids: [foreign.id] },
        { frequency: 'daily' },
      ]) {
        const res = await t.http.post('/api/v1/email-subscriptions').set(bearer(apiKey)).send(body);
        expect({ body, status: res.status, code: res.body.code }).toEqual({
          body,
          status: 422,
          code: 'invalid_body',
        });
      }
      expect(receiver.mails).toEqual([]);
    });

    it('answers 404 for a subscription of another account, 401 without a key, 403 to an App key', async () => {
      const owner = await t.account();
      const stranger = await t.account();
      const subscription = await subscribe(t, owner.apiKey, {
        email: 'x@example.org',
        frequency: 'hourly',
      });
      const res = await t.http
        .delete(`/api/v1/email-subscriptions/${subscription.id}`)
        .set(bearer(stranger.apiKey));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect((await t.http.get('/api/v1/email-subscriptions')).status).toBe(401);
      const app = await t.account('starter', 'app');
      const wrong = await t.http.get('/api/v1/email-subscriptions').set(bearer(app.apiKey));
      expect({ status: wrong.status, code: wrong.body.code }).toEqual({
        status: 403,
        code: 'wrong_product',
      });
    });

    it('allows 10 live subscriptions per account; the 11th is refused', async () => {
      const { apiKey } = await t.account();
      for (let i = 0; i < 10; i += 1) {
        await subscribe(t, apiKey, { email: `n${i}@example.org`, frequency: 'daily' });
      }
      const res = await t.http
        .post('/api/v1/email-subscriptions')
        .set(bearer(apiKey))
        .send({ email: 'n10@example.org', frequency: 'daily' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'invalid_body',
        error: expect.stringMatching(/at most 10/),
      });
    });

    it('answers in the statuses and shapes the OpenAPI document describes', async () => {
      const document = (await t.http.get('/api/v1/openapi.json').expect(200))
        .body as OpenApiDocument;
      const checker = new SchemaChecker(document);
      const { apiKey } = await t.account();
      const keyword = await createKeyword(t, apiKey, 'axles');
      const problems: string[] = [];
      const call = async (
        method: 'get' | 'post' | 'delete',
        template: string,
        path: string,
        body?: object,
      ) => {
        const res = await t.http[method](path).set(bearer(apiKey)).send(body);
        problems.push(
          ...checker
            .responseProblems(method, template, res)
            .map((p) => `${method} ${path} ${res.status}: ${p}`),
        );
        return res;
      };
      const list = '/api/v1/email-subscriptions';
      const one = '/api/v1/email-subscriptions/{id}';
      const created = await call('post', list, list, {
        email: 'shape@example.org',
        frequency: 'hourly',
        keyword_ids: [keyword.id],
      });
      expect(created.status).toBe(201);
      expect((await call('post', list, list, { email: 'shape@example.org' })).status).toBe(422);
      expect((await call('get', list, list)).status).toBe(200);
      const id = (created.body as { data: { id: string } }).data.id;
      expect((await call('delete', one, `${list}/${id}`)).status).toBe(200);
      expect((await call('delete', one, `${list}/${id}`)).status).toBe(404);
      expect(problems).toEqual([]);
    });

    it('says email is not configured when SMTP_URL is unset', async () => {
      const unconfigured = await apps.start({ SMTP_URL: '' });
      const { apiKey } = await unconfigured.account();
      const res = await unconfigured.http
        .post('/api/v1/email-subscriptions')
        .set(bearer(apiKey))
        .send({ email: 'a@example.org', frequency: 'instant' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'invalid_body',
        error: expect.stringMatching(/email is not configured/i),
      });
      await apps.close(unconfigured);
    });
  });

  it('lists, creates and deletes subscriptions over GraphQL as REST does', async () => {
    const { apiKey } = await t.account();
    const keyword = await createKeyword(t, apiKey, 'pistons');
    const { createEmailSubscription: created } = await runGraphql<{
      createEmailSubscription: Fields;
    }>(
      t,
      apiKey,
      `mutation ($input: CreateEmailSubscriptionInput!) {
        createEmailSubscription(input: $input) {
          id email frequency keywordIds status createdAt confirmedAt lastSentAt lastError lastErrorAt
        }
      }`,
      { input: { email: 'gql@example.org', frequency: 'hourly', keywordIds: [keyword.id] } },
    );
    const [rest] = (await t.http.get('/api/v1/email-subscriptions').set(bearer(apiKey)).expect(200))
      .body.data;
    expect(created).toEqual(camelCased(rest));
    const { emailSubscriptions } = await runGraphql<{ emailSubscriptions: Fields }>(
      t,
      apiKey,
      '{ emailSubscriptions { count nodes { id status } } }',
    );
    expect(emailSubscriptions).toEqual({
      count: 1,
      nodes: [{ id: created.id, status: 'pending' }],
    });
    const refused = await postGraphql(
      t,
      apiKey,
      'mutation { createEmailSubscription(input: { email: "x", frequency: "daily" }) { id } }',
    );
    expectGraphqlError(refused, 'invalid_body', 422);
    const { deleteEmailSubscription } = await runGraphql<{ deleteEmailSubscription: Fields }>(
      t,
      apiKey,
      'mutation ($id: ID!) { deleteEmailSubscription(id: $id) { deleted id } }',
      { id: created.id },
    );
    expect(deleteEmailSubscription).toEqual({ deleted: true, id: created.id });
  });

  it('mails nothing but the confirmation before the address confirms, then each alert', async () => {
    const { apiKey } = await t.account();
    await createKeyword(t, apiKey, 'sprockets');
    const subscription = await subscribe(t, apiKey, {
      email: 'owner@example.org',
      frequency: 'instant',
    });
    const [confirmation] = await receiver.waitForMails(1);
    expect(confirmation.to).toEqual(['owner@example.org']);
    expect(confirmation.parsed.subject).toMatch(/confirm/i);
    expectMailHeaders(confirmation);

    await ingest(t, [postItem({ title: 'Before: sprockets on sale' })]);
    expect(await runInstantMail(t)).toMatchObject({ mails: 0, sent: 0 });

    // Opening the link (as a link scanner does) shows a button and changes nothing.
    const page = await t.http.get(linkPath(confirmation, 'confirm')).expect(200);
    expect(page.text).toContain('<button type="submit">Confirm subscription</button>');
    expect((await subscriptionState(t, apiKey, subscription.id)).status).toBe('pending');

    await confirmByMail(t, confirmation);
    const confirmed = await subscriptionState(t, apiKey, subscription.id);
    expect(confirmed).toMatchObject({ status: 'active', confirmed_at: expect.any(String) });

    await ingest(t, [postItem({ title: 'Которые sprockets лучше? 哪个好', subreddit: 'gears' })]);
    expect(await runInstantMail(t)).toMatchObject({ mails: 1, sent: 1 });
    const [, alertMail] = await receiver.waitForMails(2);
    expectMailHeaders(alertMail);
    expect(alertMail.parsed.subject).toBe('New mention of "sprockets" in r/gears');
    expect(alertMail.parsed.text).toContain('Которые sprockets лучше? 哪个好');
    expect(alertMail.parsed.html).toContain('Которые sprockets лучше? 哪个好');
    expect(alertMail.parsed.text).not.toContain('Before:');
    expect(await subscriptionState(t, apiKey, subscription.id)).toMatchObject({
      last_sent_at: expect.any(String),
      last_error: null,
    });
    expect(await runInstantMail(t)).toMatchObject({ mails: 0 });
  });

  it('does not confirm with an expired link', async () => {
    const { apiKey } = await t.account();
    await createKeyword(t, apiKey, 'flanges');
    const subscription = await subscribe(t, apiKey, {
      email: 'late@example.org',
      frequency: 'instant',
    });
    const [confirmation] = await receiver.waitForMails(1);
    t.clock.advance(48 * HOUR_MS + 1);
    try {
      const res = await t.http.post(linkPath(confirmation, 'confirm'));
      expect(res.status).toBe(410);
      expect(res.text).toContain('This link has expired');
      expect((await subscriptionState(t, apiKey, subscription.id)).status).toBe('pending');
      await ingest(t, [postItem({ title: 'flanges everywhere' })]);
      expect(await runInstantMail(t)).toMatchObject({ mails: 0 });
      expect(receiver.mails).toHaveLength(1);
    } finally {
      t.clock.advance(-(48 * HOUR_MS + 1));
    }
  });

  it('ends a subscription with one POST to its unsubscribe link, without signing in', async () => {
    const { apiKey, subscription } = await confirmedInstant(t, 'gaskets');
    await ingest(t, [postItem({ title: 'gaskets leak' })]);
    await runInstantMail(t);
    const [mail] = await receiver.waitForMails(1);
    const path = linkPath(mail, 'unsubscribe');
    expect(mail.header('List-Unsubscribe')).toBe(`<${EMAIL_BASE_URL}${path}>`);

    const page = await t.http.get(path).expect(200);
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect((await subscriptionState(t, apiKey, subscription.id)).status).toBe('active');

    const res = await t.http
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect((await subscriptionState(t, apiKey, subscription.id)).status).toBe('unsubscribed');
    await ingest(t, [postItem({ title: 'gaskets again' })]);
    expect(await runInstantMail(t)).toMatchObject({ mails: 0 });
    expect(receiver.mails).toHaveLength(1);
    expect((await t.http.post('/email/unsubscribe/unknown-token')).status).toBe(404);
  });

  it('records a refused mail on the subscription', async () => {
    const { apiKey, subscription } = await confirmedInstant(t, 'bushings');
    receiver.refuseRecipients('mailbox unavailable');
    await ingest(t, [postItem({ title: 'bushings worn' })]);
    expect(await runInstantMail(t)).toMatchObject({ failed: 1 });
    expect(await subscriptionState(t, apiKey, subscription.id)).toMatchObject({
      last_error: expect.stringMatching(/^SMTP 550/),
      last_error_at: expect.any(String),
    });
  });

  it('holds instant mail to the next hour once the account has sent 60 mails this hour', async () => {
    const { apiKey, accountId, subscription } = await confirmedInstant(t, 'crankshafts');
    const budget = t.app.get(MailBudget);
    for (let mail = 1; mail < EMAIL_MAILS_PER_HOUR; mail += 1) {
      expect(await budget.take(accountId)).toEqual({ allowed: true });
    }
    const refused = await t.http
      .post('/api/v1/email-subscriptions')
      .set(bearer(apiKey))
      .send({ email: 'more@example.org', frequency: 'daily' });
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 429,
      code: 'rate_limited',
    });
    expect(refused.headers['retry-after']).toBe('3600');

    await ingest(t, [postItem({ title: 'crankshafts wanted' })]);
    expect(await runInstantMail(t)).toMatchObject({ mails: 0, deferred: 1 });
    expect((await subscriptionState(t, apiKey, subscription.id)).last_error).toBe(
      "the account's 60 mails per hour are spent; sending resumes at 11:00 UTC",
    );
    t.clock.advance(HOUR_MS);
    try {
      expect(await runInstantMail(t)).toMatchObject({ mails: 1, sent: 1 });
      expect((await subscriptionState(t, apiKey, subscription.id)).last_error).toBeNull();
      expect(receiver.mails).toHaveLength(1);
    } finally {
      t.clock.advance(-HOUR_MS);
    }
  });

  it('sends, after a restart, each instant mail stored but not sent, once', async () => {
    const writer = await apps.start({}, { databaseUrl: t.databaseUrl });
    const { subscription } = await confirmedInstant(writer, 'washers');
    await ingest(writer, [postItem({ title: 'washers one' }), postItem({ title: 'washers two' })]);
    await ingest(writer, [postItem({ title: 'washers three' })]);
    // A second batch claimed by a worker that dies before sending.
    const crashed = await writer.app.get(MailOutboxStore).claimDue({
      now: writer.clock.nowMs(),
      leaseUntil: writer.clock.nowMs() + 60_000,
      limit: 1,
    });
    expect(crashed).toHaveLength(1);
    await apps.close(writer);
    expect(receiver.mails).toEqual([]);

    const restarted = await apps.start({}, { databaseUrl: t.databaseUrl });
    expect(await runInstantMail(restarted)).toMatchObject({ mails: 1, sent: 2 });
    restarted.clock.advance(60_001);
    expect(await runInstantMail(restarted)).toMatchObject({ mails: 1, sent: 1 });
    expect(await runInstantMail(restarted)).toMatchObject({ mails: 0 });
    const titles = receiver.mails.map((mail) => mail.parsed.text ?? '').join('\n');
    for (const title of ['washers one', 'washers two', 'washers three']) {
      expect(titles.split(title)).toHaveLength(2);
    }
    const rows = await restarted.database.manager.findBy(MailOutboxEntity, {
      subscriptionId: subscription.id,
    });
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    await apps.close(restarted);
  });
});

describe.each(testDatabaseKinds())('email and the logs on %s', (kind) => {
  it('never logs the SMTP password nor a link token, even when mail fails', async () => {
    const logs = capturedLogger();
    const world = await startEmailWorld(kind, { logger: logs.logger });
    try {
      const { t, receiver } = world;
      const { apiKey } = await t.account();
      await createKeyword(t, apiKey, 'camshafts');
      await subscribe(t, apiKey, { email: 'logs@example.org', frequency: 'instant' });
      const [confirmation] = await receiver.waitForMails(1);
      await t.http.get(linkPath(confirmation, 'confirm')).expect(200);
      await confirmByMail(t, confirmation);
      receiver.refuseRecipients('mailbox unavailable');
      await ingest(t, [postItem({ title: 'camshafts for sale' })]);
      await runInstantMail(t);
      await t.http.post(linkPath(confirmation, 'unsubscribe')).expect(200);
      await logs.logged('instant mail failed');
      const logged = logs.text();
      expect(logged).toContain('/email/confirm/[REDACTED]');
      expect(logged).not.toContain(SMTP_TEST_PASSWORD);
      for (const page of ['confirm', 'unsubscribe'] as const) {
        expect(logged).not.toContain(linkPath(confirmation, page).split('/').pop());
      }
    } finally {
      await stopEmailWorld(world);
    }
  });
});

describe.each(testDatabaseKinds())('digests by the admin command on %s', (kind) => {
  let world: EmailWorld;
  let receiver: SmtpReceiver;
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    // The admin command runs on real time: the app's clock starts a minute ago.
    world = await startEmailWorld(kind, { now: new Date(Date.now() - 60_000) });
    ({ receiver, t, env } = world);
  });
  afterAll(() => stopEmailWorld(world));

  const sendDigests = async (frequency: string) => {
    const run = await runAdmin(['send-digests', '--frequency', frequency], {
      ...env,
      DATABASE_URL: t.databaseUrl,
    });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return parseJsonLine(run.stdout);
  };

  it('lists the 100 newest alerts since the previous digest, newest first, and counts the rest', async () => {
    const { apiKey } = await t.account();
    // Two keywords: one keyword's daily cap (100) would stop short of 105 alerts.
    await createKeywords(t, apiKey, ['rivets', 'dowels']);
    await subscribe(t, apiKey, { email: 'digest@example.org', frequency: 'daily' });
    const [confirmation] = await receiver.waitForMails(1);
    await confirmByMail(t, confirmation);
    receiver.clear();
    for (let i = 1; i <= 105; i += 1) {
      t.clock.advance(100);
      await ingest(t, [postItem({ title: `${i % 2 ? 'rivets' : 'dowels'} number ${i}` })]);
    }

    expect(await sendDigests('hourly')).toEqual({ sent: 0 });
    expect(await sendDigests('daily')).toEqual({ sent: 1 });
    const [digest] = await receiver.waitForMails(1);
    expectMailHeaders(digest);
    expect(digest.parsed.subject).toBe('Your daily Reddit digest: 105 new mentions');
    const listed = [...(digest.parsed.text ?? '').matchAll(/number (\d+)/g)].map((m) =>
      Number(m[1]),
    );
    expect(listed).toEqual(Array.from({ length: 100 }, (_, i) => 105 - i));
    expect(digest.parsed.text).toContain('5 more not shown here');
    expect(await sendDigests('daily')).toEqual({ sent: 0 });
    // 105 ingestion batches and three admin processes: over 30 s on a loaded 2-core machine.
  }, 90_000);

  it('refuses another frequency', async () => {
    const run = await runAdmin(['send-digests', '--frequency', 'weekly'], {
      ...env,
      DATABASE_URL: t.databaseUrl,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--frequency must be one of hourly, daily/);
  });
});

import type { ServerResponse } from 'node:http';
import { createKeyword } from '../factories/keyword.factory.js';
import { isoWithMillis } from '../../src/common/time/timestamps.js';
import { EMAIL_MAILS_PER_HOUR } from '../../src/config/plans.js';
import { MailBudget } from '../../src/modules/email/sending/mail-budget.store.js';
import {
  LongFailingNoticeWorker,
  type NoticeRunSummary,
} from '../../src/modules/email/webhook-notices/long-failing-notice.worker.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { LongFailingWebhooksService } from '../../src/modules/webhooks/long-failing-webhooks.service.js';
import { WebhookEntity } from '../../src/modules/webhooks/webhook.entity.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries, webhookState } from '../utils/delivery-scenario.js';
import { EMAIL_BASE_URL } from '../utils/email-scenario.js';
import { expectGraphqlError, postGraphql, runGraphql } from '../utils/graphql.js';
import { startSmtpReceiver, type SmtpReceiver } from '../utils/smtp-receiver.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { ReceiverPool } from '../utils/webhook-receiver.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const THREE_DAYS_MS = 3 * DAY_MS;
const LONG_FAILING_QUERY = '{ longFailingWebhooks { id name failingSince lastError } }';
/** Part of the webhook's URL that only its receiver may know: never in a mail. */
const URL_TOKEN = 'tok-8f3a1c';

interface LongFailingEntry {
  id: string;
  name: string;
  failingSince: string;
  lastError: string | null;
}

/** An account watching a keyword of its own, with a webhook to a receiver that answers `status`. */
interface WatchingAccount {
  apiKey: string;
  accountId: string;
  term: string;
  webhookId: string;
  host: string;
  answer(status: number): void;
}

describe.each(testDatabaseKinds())('webhooks failing for 3 days on %s', (kind) => {
  let smtp: SmtpReceiver;
  let apps: TestApps;
  const receivers = new ReceiverPool();
  let accounts = 0;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    apps = new TestApps(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: EMAIL_BASE_URL,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
  });
  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
    smtp.clear();
    smtp.refuseRecipients(null);
  });
  afterAll(() => smtp.close());

  async function watchingAccount(
    t: TestApp,
    users: readonly string[],
    name = 'Orders',
  ): Promise<WatchingAccount> {
    const { apiKey, accountId } = await t.account();
    for (const email of users) await t.app.get(UsersService).createUser(accountId, email);
    accounts += 1;
    const term = `sprocket n${accounts}`;
    await createKeyword(t, apiKey, term);
    let status = 500;
    const endpoint = await receivers.start((_request, response: ServerResponse) => {
      response.writeHead(status).end();
    });
    const res = await t.http
      .post('/api/v1/webhooks')
      .set(bearer(apiKey))
      .send({ url: `${endpoint.url}?token=${URL_TOKEN}`, name })
      .expect(201);
    return {
      apiKey,
      accountId,
      term,
      webhookId: (res.body as { data: { id: string } }).data.id,
      host: new URL(endpoint.url).host,
      answer: (next) => {
        status = next;
      },
    };
  }

  /** One new alert for the account, delivered at once: its webhook's next attempt. */
  async function deliverOne(t: TestApp, account: WatchingAccount) {
    await ingest(t, [postItem({ title: `A ${account.term} for sale` })]);
    return runDeliveries(t);
  }

  const runNotices = (t: TestApp): Promise<NoticeRunSummary> =>
    t.app.get(LongFailingNoticeWorker).runOnce();

  const longFailing = async (t: TestApp, apiKey: string): Promise<LongFailingEntry[]> =>
    (await runGraphql<{ longFailingWebhooks: LongFailingEntry[] }>(t, apiKey, LONG_FAILING_QUERY))
      .longFailingWebhooks;

  const noticedAt = async (t: TestApp, webhookId: string) =>
    (await t.database.manager.findOneByOrFail(WebhookEntity, { id: webhookId })).failingNoticeAt;

  const noMail = { mails: 0, webhooks: 0, deferred: 0 };
  const oneMail = { mails: 1, webhooks: 1, deferred: 0 };

  it("mails the account's users once, 3 days into the streak, and lists the webhook until it succeeds", async () => {
    const t = await apps.start();
    const orders = await watchingAccount(t, ['alice@orders.example', 'bob@orders.example']);
    const healthy = await watchingAccount(t, ['carol@healthy.example'], 'Healthy');
    healthy.answer(200);
    const unattended = await watchingAccount(t, [], 'Keys only');
    await t.app.get(UsersService).createOperator('operator@service.example');
    const firstFailure = t.clock.nowMs();
    expect(await deliverOne(t, orders)).toMatchObject({ failed: 1 });
    await deliverOne(t, unattended);
    await deliverOne(t, healthy);

    t.clock.advance(THREE_DAYS_MS - MINUTE_MS);
    expect(await deliverOne(t, orders)).toMatchObject({ failed: 1 });
    expect(await runNotices(t)).toEqual(noMail);
    expect(await longFailing(t, orders.apiKey)).toEqual([]);

    t.clock.advance(MINUTE_MS);
    expect(await runNotices(t)).toEqual(oneMail);
    const [mail] = await smtp.waitForMails(1);
    expect(mail.to.sort()).toEqual(['alice@orders.example', 'bob@orders.example']);
    expect(mail.parsed.subject).toBe('Webhook "Orders" has failed for 3 days');
    const text = mail.parsed.text ?? '';
    expect(text).toContain(`Orders (${orders.host})`);
    expect(text).toContain('Failing since: 2026-11-21 10:00:00 UTC');
    expect(text).toContain('Last error: HTTP 500 Internal Server Error');
    const page = `${EMAIL_BASE_URL}/dashboard/webhooks/${orders.webhookId}`;
    expect(text).toContain(page);
    expect(mail.parsed.html).toContain(`<a href="${page}">Orders</a>`);
    for (const part of [text, mail.parsed.html || '']) {
      expect(part).not.toContain(URL_TOKEN);
      expect(part).not.toContain('/hooks/alerts');
    }
    expect(mail.header('List-Unsubscribe')).toBeUndefined();
    expect(mail.header('Auto-Submitted')).toBe('auto-generated');

    const listed = {
      id: orders.webhookId,
      name: 'Orders',
      failingSince: isoWithMillis(firstFailure),
      lastError: 'HTTP 500 Internal Server Error',
    };
    expect(await longFailing(t, orders.apiKey)).toEqual([listed]);
    expect(await longFailing(t, healthy.apiKey)).toEqual([]);
    expect((await longFailing(t, unattended.apiKey)).map((webhook) => webhook.name)).toEqual([
      'Keys only',
    ]);
    expect((await webhookState(t, orders.apiKey, orders.webhookId)).active).toBe(true);

    t.clock.advance(DAY_MS);
    await deliverOne(t, orders);
    expect(await runNotices(t)).toEqual(noMail);
    expect(await longFailing(t, orders.apiKey)).toEqual([listed]);

    orders.answer(200);
    expect(await deliverOne(t, orders)).toMatchObject({ succeeded: 1 });
    expect(await longFailing(t, orders.apiKey)).toEqual([]);
    expect(await noticedAt(t, orders.webhookId)).toBeNull();

    orders.answer(503);
    const secondStreak = t.clock.nowMs();
    await deliverOne(t, orders);
    t.clock.advance(THREE_DAYS_MS);
    expect(await runNotices(t)).toEqual(oneMail);
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[1].parsed.text).toContain('Last error: HTTP 503 Service Unavailable');
    expect(await longFailing(t, orders.apiKey)).toEqual([
      {
        ...listed,
        failingSince: isoWithMillis(secondStreak),
        lastError: 'HTTP 503 Service Unavailable',
      },
    ]);
    expect(smtp.mails.flatMap((sent) => sent.to)).not.toContain('carol@healthy.example');
  });

  it('mails once with several instances at once, after a restart, and never again after a crash', async () => {
    const first = await apps.start();
    const orders = await watchingAccount(first, ['dana@orders.example']);
    await deliverOne(first, orders);
    first.clock.advance(THREE_DAYS_MS);
    const now = new Date(first.clock.nowMs());
    const second = await apps.start({}, { databaseUrl: first.databaseUrl, now });

    // Two apps in this one process cannot write to one SQLite file at the same time (the driver's
    // busy wait blocks the process, so the lock holder never commits); SQLite runs one instance.
    const turns =
      kind === 'postgres'
        ? await Promise.all([runNotices(first), runNotices(second)])
        : [await runNotices(first), await runNotices(second)];

    expect(turns.map((turn) => turn.mails).sort()).toEqual([0, 1]);
    await apps.close(second);
    const restarted = await apps.start({}, { databaseUrl: first.databaseUrl, now });
    expect(await runNotices(restarted)).toEqual(noMail);
    expect(smtp.mails).toHaveLength(1);

    // A streak whose notice an instance claimed, and which died before mailing it.
    orders.answer(200);
    await deliverOne(restarted, orders);
    orders.answer(500);
    await deliverOne(restarted, orders);
    restarted.clock.advance(THREE_DAYS_MS);
    const crashing = await apps.start(
      {},
      { databaseUrl: first.databaseUrl, now: new Date(restarted.clock.nowMs()) },
    );
    expect(
      (await crashing.app.get(LongFailingWebhooksService).claimNotices()).webhooks,
    ).toHaveLength(1);
    await apps.close(crashing);
    expect(await runNotices(restarted)).toEqual(noMail);
    expect(smtp.mails).toHaveLength(1);
  });

  it('mails by itself in a process that runs background jobs (ROLE=worker), at its first turn', async () => {
    const owner = await apps.start();
    const orders = await watchingAccount(owner, ['hana@orders.example']);
    await deliverOne(owner, orders);
    owner.clock.advance(THREE_DAYS_MS);

    const worker = await apps.start(
      { ROLE: 'worker' },
      { databaseUrl: owner.databaseUrl, now: new Date(owner.clock.nowMs()) },
    );
    const [mail] = await smtp.waitForMails(1);
    await apps.close(worker);

    expect(mail.to).toEqual(['hana@orders.example']);
    expect(await noticedAt(owner, orders.webhookId)).toBe(owner.clock.nowMs());
  });

  it('leaves a paused webhook out, and starts its 3 days again when it is resumed', async () => {
    const t = await apps.start();
    const orders = await watchingAccount(t, ['erin@orders.example']);
    const setActive = (active: boolean) =>
      t.http
        .patch(`/api/v1/webhooks/${orders.webhookId}`)
        .set(bearer(orders.apiKey))
        .send({ active })
        .expect(200);
    await deliverOne(t, orders);
    t.clock.advance(THREE_DAYS_MS);
    expect(await longFailing(t, orders.apiKey)).toHaveLength(1);

    await setActive(false);
    expect(await longFailing(t, orders.apiKey)).toEqual([]);
    expect(await runNotices(t)).toEqual(noMail);

    t.clock.advance(DAY_MS);
    await setActive(true);
    expect(await longFailing(t, orders.apiKey)).toEqual([]);
    expect(await runNotices(t)).toEqual(noMail);
    const resumedFailure = t.clock.nowMs();
    await deliverOne(t, orders);
    t.clock.advance(THREE_DAYS_MS - MINUTE_MS);
    expect(await runNotices(t)).toEqual(noMail);
    t.clock.advance(MINUTE_MS);
    expect(await runNotices(t)).toEqual(oneMail);
    expect((await longFailing(t, orders.apiKey))[0].failingSince).toBe(
      isoWithMillis(resumedFailure),
    );
    expect(smtp.mails).toHaveLength(1);
  });

  it('mails nothing without SMTP_URL, shows the webhook all the same, and mails once SMTP_URL is set', async () => {
    const unconfigured = await apps.start({ SMTP_URL: '' });
    const orders = await watchingAccount(unconfigured, ['frank@orders.example']);
    await deliverOne(unconfigured, orders);
    unconfigured.clock.advance(THREE_DAYS_MS);

    expect(await runNotices(unconfigured)).toEqual(noMail);
    expect(await longFailing(unconfigured, orders.apiKey)).toHaveLength(1);
    expect(await noticedAt(unconfigured, orders.webhookId)).toBeNull();
    expect(smtp.mails).toEqual([]);

    const configured = await apps.start(
      {},
      { databaseUrl: unconfigured.databaseUrl, now: new Date(unconfigured.clock.nowMs()) },
    );
    expect(await runNotices(configured)).toEqual(oneMail);
    expect((await smtp.waitForMails(1))[0].to).toEqual(['frank@orders.example']);
  });

  it('tries a refused mail, or one over the hourly budget, again at the next turn, and sends it once', async () => {
    const t = await apps.start();
    const orders = await watchingAccount(t, ['gina@orders.example']);
    await deliverOne(t, orders);
    t.clock.advance(THREE_DAYS_MS);
    smtp.refuseRecipients('550 mailbox unavailable');

    expect(await runNotices(t)).toEqual({ mails: 0, webhooks: 0, deferred: 1 });
    expect(await noticedAt(t, orders.webhookId)).toBeNull();

    smtp.refuseRecipients(null);
    const budget = t.app.get(MailBudget);
    for (let mail = 0; mail < EMAIL_MAILS_PER_HOUR; mail += 1) await budget.take(orders.accountId);
    expect(await runNotices(t)).toEqual({ mails: 0, webhooks: 0, deferred: 1 });

    t.clock.advance(HOUR_MS);
    expect(await runNotices(t)).toEqual(oneMail);
    expect(await runNotices(t)).toEqual(noMail);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(['gina@orders.example']);
  });

  it('keeps the list from App keys with 403 wrong_product, as every webhook field', async () => {
    const t = await apps.start();
    const { apiKey } = await t.account('starter', 'app');
    expectGraphqlError(await postGraphql(t, apiKey, LONG_FAILING_QUERY), 'wrong_product', 403, 403);
  });
});

import type { EmailSubscriptionDto } from '../../src/modules/email/dto/email-subscription.dto.js';
import {
  InstantMailWorker,
  type InstantMailRunSummary,
} from '../../src/modules/email/sending/instant-mail.worker.js';
import { bearer, TestApps, type TestApp, type TestAppOptions } from './create-test-app.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp-receiver.js';
import type { TestDatabaseKind } from './test-databases.js';

/** What the email tests do through the API, the pages and the worker, in one place. */

export const EMAIL_BASE_URL = 'https://alerts.example.test';

export async function subscribe(
  t: TestApp,
  apiKey: string,
  body: Record<string, unknown>,
): Promise<EmailSubscriptionDto> {
  const res = await t.http.post('/api/v1/email-subscriptions').set(bearer(apiKey)).send(body);
  if (res.status !== 201)
    throw new Error(`subscribing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: EmailSubscriptionDto }).data;
}

export async function subscriptionState(
  t: TestApp,
  apiKey: string,
  id: string,
): Promise<EmailSubscriptionDto> {
  const res = await t.http.get('/api/v1/email-subscriptions').set(bearer(apiKey)).expect(200);
  const found = (res.body as { data: EmailSubscriptionDto[] }).data.find((s) => s.id === id);
  if (found === undefined) throw new Error(`subscription ${id} is not listed`);
  return found;
}

/** The path of the first link of the mail's text part under `<baseUrl>/email/<kind>/`. */
export function linkPath(
  mail: ReceivedMail,
  kind: 'confirm' | 'unsubscribe',
  baseUrl = EMAIL_BASE_URL,
): string {
  const found = new RegExp(`${baseUrl}(/email/${kind}/mail_[A-Za-z0-9_-]{43})`).exec(
    mail.parsed.text ?? '',
  );
  if (found === null) throw new Error(`no ${kind} link in: ${mail.parsed.text}`);
  return found[1];
}

/** Follows the confirmation link as its owner does: opens the page, presses the button. */
export async function confirmByMail(t: TestApp, mail: ReceivedMail): Promise<void> {
  await t.http.post(linkPath(mail, 'confirm')).expect(200);
}

export function runInstantMail(t: TestApp): Promise<InstantMailRunSummary> {
  return t.app.get(InstantMailWorker).runOnce();
}

/** A real SMTP receiver and the apps that mail to it (SMTP_URL, PUBLIC_BASE_URL set). */
export interface EmailWorld {
  receiver: SmtpReceiver;
  apps: TestApps;
  /** The first app, on a database of its own. */
  t: TestApp;
  env: Record<string, string>;
}

export async function startEmailWorld(
  kind: TestDatabaseKind,
  options: TestAppOptions = {},
): Promise<EmailWorld> {
  const receiver = await startSmtpReceiver();
  const env = { SMTP_URL: receiver.url, PUBLIC_BASE_URL: EMAIL_BASE_URL };
  const apps = new TestApps(kind, env);
  return { receiver, apps, env, t: await apps.start({}, options) };
}

export async function stopEmailWorld(world: EmailWorld | undefined): Promise<void> {
  await world?.apps.closeAll();
  await world?.receiver.close();
}

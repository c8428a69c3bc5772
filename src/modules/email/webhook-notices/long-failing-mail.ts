import { LONG_FAILING_DAYS } from '../../webhooks/failing-streak.js';
import { escapeHtml, htmlPage, utcText, type MailContent } from '../sending/mail-templates.js';

/** A long-failing webhook as its notice shows it: never its URL's path or query (secrets). */
export interface NoticedWebhook {
  name: string;
  /** The URL's host (and port) only. */
  host: string;
  failingSince: number;
  lastError: string | null;
  /** Its page in the dashboard: the delivery log. */
  pageUrl: string;
}

const FOOTER =
  'You receive this as a user of the account. It is sent once per streak of failures: the next one comes only after the webhook has succeeded again, or was paused and resumed.';

function webhookText(webhook: NoticedWebhook): string {
  return [
    `${webhook.name} (${webhook.host})`,
    `Failing since: ${utcText(new Date(webhook.failingSince))}`,
    `Last error: ${webhook.lastError ?? 'none recorded'}`,
    webhook.pageUrl,
  ].join('\n');
}

function webhookHtml(webhook: NoticedWebhook): string {
  return `<li style="margin-bottom: 12px">
<div><a href="${escapeHtml(webhook.pageUrl)}">${escapeHtml(webhook.name)}</a> (${escapeHtml(webhook.host)})</div>
<div>Failing since ${escapeHtml(utcText(new Date(webhook.failingSince)))}</div>
<div>Last error: ${escapeHtml(webhook.lastError ?? 'none recorded')}</div>
</li>`;
}

/**
 * One account's notice (decisions section 16) about the webhooks whose every attempt has failed
 * for LONG_FAILING_DAYS, the longest failing first.
 */
export function longFailingMail(webhooks: readonly NoticedWebhook[]): MailContent {
  const days = `${LONG_FAILING_DAYS} days`;
  const subject =
    webhooks.length === 1
      ? `Webhook "${webhooks[0].name}" has failed for ${days}`
      : `${webhooks.length} webhooks have failed for ${days}`;
  const one = webhooks.length === 1;
  const lead = `Every attempt to deliver to ${one ? 'this webhook' : 'these webhooks'} has failed for ${days} or more. ${one ? 'It stays active, and its' : 'They stay active, and their'} deliveries keep failing until the receiver answers: fix the receiver (the webhook's page can then redeliver what failed), or pause the webhook.`;
  const text = `${lead}

${webhooks.map(webhookText).join('\n\n')}

--
${FOOTER}
`;
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(lead)}</p>
<ul style="padding-left: 20px">
${webhooks.map(webhookHtml).join('\n')}
</ul>`,
    escapeHtml(FOOTER),
  );
  return { subject, text, html };
}

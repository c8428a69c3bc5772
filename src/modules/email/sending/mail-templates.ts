import type { AlertEntity } from '../../alerts/alert.entity.js';
import type { EmailFrequency } from '../subscriptions/email-subscription.entity.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Characters of a comment or post body shown under its title. */
export const EXCERPT_LENGTH = 300;
const ELLIPSIS = '…';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** Whitespace collapsed, cut on a word boundary (by code points) with an ellipsis when longer. */
export function excerpt(text: string, limit = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = [...flat];
  if (points.length <= limit) return flat;
  const cut = points.slice(0, limit - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}${ELLIPSIS}`;
}

/** "2026-11-21 10:04:05 UTC". */
export const utcText = (date: Date): string =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, ' UTC')
    .replace('T', ' ');

/** A mail's HTML part: `body`, then `footer` (HTML) in small print. */
export function htmlPage(title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.4; color: #1a1a1a; max-width: 640px">
${body}
<p style="color: #555; font-size: 12px">${footer}</p>
</body></html>
`;
}

const page = (title: string, body: string, unsubscribeUrl: string): string =>
  htmlPage(
    title,
    body,
    `You receive this because this address subscribed to Reddit keyword alerts. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`,
  );

const footer = (unsubscribeUrl: string) =>
  `--\nYou receive this because this address subscribed to Reddit keyword alerts.\nUnsubscribe: ${unsubscribeUrl}\n`;

export function confirmationMail(input: {
  frequency: EmailFrequency;
  confirmUrl: string;
  unsubscribeUrl: string;
  expiresAt: Date;
}): MailContent {
  const subject = 'Confirm your Reddit keyword alerts subscription';
  const expires = utcText(input.expiresAt);
  const what = `${input.frequency} alerts by email`;
  const text = `Someone, hopefully you, asked for ${what} at this address.

Confirm here: ${input.confirmUrl}

The link works until ${expires}. If you did not ask for this, ignore this mail: nothing more is sent.

${footer(input.unsubscribeUrl)}`;
  const html = page(
    subject,
    `<p>Someone, hopefully you, asked for ${escapeHtml(what)} at this address.</p>
<p><a href="${escapeHtml(input.confirmUrl)}">Confirm the subscription</a></p>
<p>The link works until ${escapeHtml(expires)}. If you did not ask for this, ignore this mail: nothing more is sent.</p>`,
    input.unsubscribeUrl,
  );
  return { subject, text, html };
}

function bodyOf(alert: AlertEntity): string {
  return alert.event === 'comment' ? (alert.comment ?? '') : alert.selftext;
}

function alertText(alert: AlertEntity): string {
  const kind = alert.event === 'comment' ? 'Comment on' : 'Post';
  const lines = [
    `[${alert.keywordText}] r/${alert.subreddit} · u/${alert.author}`,
    `${kind}: ${alert.title}`,
    alert.url,
  ];
  const body = excerpt(bodyOf(alert));
  if (body !== '') lines.push(`> ${body}`);
  return lines.join('\n');
}

function alertHtml(alert: AlertEntity): string {
  const kind = alert.event === 'comment' ? 'Comment on ' : '';
  const body = excerpt(bodyOf(alert));
  return `<li style="margin-bottom: 16px">
<div style="color: #555; font-size: 13px"><strong>${escapeHtml(alert.keywordText)}</strong> · r/${escapeHtml(alert.subreddit)} · u/${escapeHtml(alert.author)}</div>
<div>${kind}<a href="${escapeHtml(alert.url)}">${escapeHtml(alert.title)}</a></div>
${body === '' ? '' : `<blockquote style="margin: 4px 0 0 0; padding-left: 8px; border-left: 3px solid #ccc; color: #333">${escapeHtml(body)}</blockquote>`}
</li>`;
}

const mentions = (count: number) => `${count} new mention${count === 1 ? '' : 's'}`;

/**
 * Instant mail and digests alike: the alerts newest first, and how many more there were than the
 * mail lists (a digest shows at most 100).
 */
export function alertsMail(input: {
  frequency: EmailFrequency;
  alerts: readonly AlertEntity[];
  notShown: number;
  unsubscribeUrl: string;
}): MailContent {
  const { alerts, notShown } = input;
  const total = alerts.length + notShown;
  const subject =
    input.frequency === 'instant'
      ? alerts.length === 1
        ? `New mention of "${alerts[0].keywordText}" in r/${alerts[0].subreddit}`
        : `${mentions(total)} on Reddit`
      : `Your ${input.frequency} Reddit digest: ${mentions(total)}`;
  const rest =
    notShown === 0
      ? ''
      : `${notShown} more not shown here: see them in the dashboard or GET /api/v1/alerts.`;
  const text = `${mentions(total)} of your keywords on Reddit, newest first.

${alerts.map(alertText).join('\n\n')}
${rest === '' ? '' : `\n${rest}\n`}
${footer(input.unsubscribeUrl)}`;
  const html = page(
    subject,
    `<p>${mentions(total)} of your keywords on Reddit, newest first.</p>
<ul style="padding-left: 20px">
${alerts.map(alertHtml).join('\n')}
</ul>
${rest === '' ? '' : `<p>${escapeHtml(rest)}</p>`}`,
    input.unsubscribeUrl,
  );
  return { subject, text, html };
}

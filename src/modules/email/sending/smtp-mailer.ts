import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { EmailSettings } from '../../../config/app-config.js';
import { newId } from '../../../common/ids.js';

/** One mail as the templates write it, with the links every mail carries. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The https one-click unsubscribe URL (RFC 8058); none on a notice to an account's users, who
   * subscribed to nothing.
   */
  unsubscribeUrl?: string;
  date: Date;
}

export type MailOutcome = { ok: true } | { ok: false; error: string };

const POOL_CONNECTIONS = 5;
const ERROR_MAX_LENGTH = 500;

/** SMTP_URL as nodemailer's pool options; the credentials stay in here. */
export function poolOptions(smtpUrl: string): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    pool: true,
    maxConnections: POOL_CONNECTIONS,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    auth:
      url.username === ''
        ? undefined
        : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** What a failed send leaves in last_error: the server's answer or the network error, never a credential. */
export function mailErrorText(error: unknown): string {
  const failure = error as { responseCode?: number; response?: string; code?: string };
  const text =
    failure.responseCode !== undefined && failure.response !== undefined
      ? `SMTP ${failure.response}`
      : failure.code !== undefined
        ? `${failure.code}: ${error instanceof Error ? error.message : String(error)}`
        : error instanceof Error
          ? error.message
          : String(error);
  return text.slice(0, ERROR_MAX_LENGTH);
}

/** Sends through one pooled SMTP transport (nodemailer); a mail with an unsubscribe URL gets the headers RFC 8058 asks for. */
export class SmtpMailer {
  private readonly transport: Transporter;
  private readonly messageIdHost: string;

  constructor(private readonly settings: EmailSettings) {
    this.transport = nodemailer.createTransport(poolOptions(settings.smtpUrl));
    this.messageIdHost = new URL(settings.linkBaseUrl).hostname;
  }

  async send(mail: OutgoingMail): Promise<MailOutcome> {
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        date: mail.date,
        messageId: `<${newId()}@${this.messageIdHost}>`,
        headers: {
          ...(mail.unsubscribeUrl === undefined
            ? {}
            : {
                'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }),
          'Auto-Submitted': 'auto-generated',
        },
      });
      return { ok: true };
    } catch (error) {
      return { ok: false, error: mailErrorText(error) };
    }
  }

  close(): void {
    this.transport.close();
  }
}

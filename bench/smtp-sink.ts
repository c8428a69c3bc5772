import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on loopback that accepts every mail (no TLS, no login). */
export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Mails received so far. */
  count: () => number;
  /** The raw text of the next mail to arrive. */
  next: () => Promise<string>;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let received = 0;
  const waiting: ((text: string) => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        waiting.shift()?.(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of a confirmation mail's link (/email/confirm/<token>), or undefined. */
export function confirmationToken(mail: string): string | undefined {
  // The text part is quoted-printable: its soft line breaks are undone before the link is read.
  const text = mail.replace(/=\r?\n/g, '');
  return /\/email\/confirm\/(mail_[A-Za-z0-9_-]{43})/.exec(text)?.[1];
}

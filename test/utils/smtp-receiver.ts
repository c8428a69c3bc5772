import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the receiver got it: parsed by mailparser, with its envelope recipients. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  /** The raw message's header value, as sent (mailparser folds some headers into objects). */
  header(name: string): string | undefined;
}

export interface SmtpReceiver {
  /** smtp://user:password@127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves once `count` mails arrived in all, or rejects after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** From now on, every recipient is refused with this SMTP reply (null: accepted again). */
  refuseRecipients(reply: string | null): void;
  clear(): void;
  close(): Promise<void>;
}

export const SMTP_TEST_USER = 'mailer';
export const SMTP_TEST_PASSWORD = 'smtp-test-password-6b1f';

function rawHeader(source: string, name: string): string | undefined {
  const head = source.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A real SMTP server (smtp-server) on loopback, with a login, no TLS. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusal: string | null = null;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(_address, _session, callback) {
      if (refusal === null) {
        callback();
        return;
      }
      const error = new Error(refusal) as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const source = Buffer.concat(chunks).toString('utf8');
        simpleParser(source).then(
          (parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              parsed,
              header: (name) => rawHeader(source, name),
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_TEST_USER}:${SMTP_TEST_PASSWORD}@127.0.0.1:${port}`,
    mails,
    waitForMails(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mails.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, got ${mails.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    refuseRecipients(reply) {
      refusal = reply;
    },
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

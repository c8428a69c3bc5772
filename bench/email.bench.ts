/**
 * Email: mails per second through the pooled SMTP transport to an SMTP server on loopback, and
 * the time from `admin ingest` to the instant mail it causes.
 *
 * - throughput: SmtpMailer (nodemailer, pool of 5) sends --mails alert mails (10 alerts each) to a
 *   local smtp-server that accepts and discards them; mails per second, best of --rounds.
 * - ingest-to-mail: a server process (ROLE=worker, SMTP_URL at the local server) runs the
 *   instant-mail worker; a confirmed instant subscription waits; the real `admin ingest` command
 *   stores one matching post. Printed: from starting the command to the mail's arrival, and from
 *   the command's exit (its transaction committed) to the arrival, for --samples runs.
 *
 *   npm run bench:email -- [--mails 2000] [--rounds 3] [--samples 5]
 *   DATABASE_URL unset: a temporary SQLite file; postgres://…: a throwaway database beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { CliModule } from '../src/cli/cli.module.js';
import { loadConfig } from '../src/config/app-config.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import { callerFor } from '../src/modules/auth/caller.js';
import type { AlertEntity } from '../src/modules/alerts/alert.entity.js';
import { alertsMail } from '../src/modules/email/sending/mail-templates.js';
import { SmtpMailer } from '../src/modules/email/sending/smtp-mailer.js';
import { EmailSubscriptionsService } from '../src/modules/email/subscriptions/email-subscriptions.service.js';
import { KeywordsModule } from '../src/modules/keywords/keywords.module.js';
import { KeywordsService } from '../src/modules/keywords/keywords.service.js';
import { openBenchDatabase } from './bench-database.js';
import { freePort } from './free-port.js';
import { confirmationToken, startSmtpSink, type SmtpSink } from './smtp-sink.js';

const BASE_URL = 'https://alerts.example.test';

function sampleAlerts(count: number): AlertEntity[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `a${i}`,
    accountId: 'acc',
    keywordId: 'k',
    keywordText: 'sprockets',
    event: 'comment',
    redditId: `t1_${i}`,
    title: `Which sprockets do you use? (${i})`,
    subreddit: 'mechanics',
    subredditKey: 'mechanics',
    author: 'someone',
    selftext: '',
    url: `https://www.reddit.com/r/mechanics/comments/x${i}/which_sprockets/`,
    upvotes: 3,
    replies: 1,
    createdUtc: 0,
    comment: 'These sprockets have lasted me years. '.repeat(12),
    commentUpvotes: 2,
    matchedAt: i,
  }));
}

async function throughput(sinkUrl: string, mails: number): Promise<number> {
  const mailer = new SmtpMailer({
    smtpUrl: sinkUrl,
    from: 'alerts@example.test',
    linkBaseUrl: BASE_URL,
  });
  const content = alertsMail({
    frequency: 'instant',
    alerts: sampleAlerts(10),
    notShown: 0,
    unsubscribeUrl: `${BASE_URL}/email/unsubscribe/x`,
  });
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: mails }, (_, i) =>
      mailer.send({
        ...content,
        to: `reader${i}@example.org`,
        unsubscribeUrl: `${BASE_URL}/u`,
        date: new Date(),
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  mailer.close();
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  if (failed > 0) throw new Error(`${failed} mails failed`);
  return mails / seconds;
}

function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    // The server logs to stderr.
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before "${text}"`)));
  });
}

async function ingestToMail(
  sink: SmtpSink,
  databaseUrl: string,
  samples: number,
): Promise<{ fromStart: number[]; fromExit: number[] }> {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    PUBLIC_BASE_URL: BASE_URL,
  };
  const config = loadConfig(env);
  const root = CliModule.forRoot({
    config: { ...config, backgroundJobs: false },
    logger: pino({ level: 'silent' }),
  });
  const app = await NestFactory.createApplicationContext(
    { ...root, imports: [...(root.imports ?? []), KeywordsModule] },
    { logger: false },
  );
  const { account } = await app
    .get(AccountsService)
    .createAccount({ plan: 'scale', product: 'alerts' });
  const caller = callerFor(account, '');
  await app.get(KeywordsService).create(caller, [{ text: 'sprockets' }]);
  const confirmation = sink.next();
  const subscriptions = app.get(EmailSubscriptionsService);
  const pending = await subscriptions.create(caller, {
    email: 'bench@example.org',
    frequency: 'instant',
  });
  if (pending.lastError !== null) throw new Error(`confirmation not sent: ${pending.lastError}`);
  const token = confirmationToken(await confirmation);
  if (token === undefined || (await subscriptions.confirm(token)) !== 'confirmed') {
    throw new Error('the subscription could not be confirmed');
  }
  await app.close();

  const server = spawn('node', ['dist/src/main.js'], {
    env: { ...env, ROLE: 'worker', PORT: String(await freePort()), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    await waitForLine(server, '"listening"');
    const fromStart: number[] = [];
    const fromExit: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const id = (Date.now() * 100 + i).toString(36);
      const post = {
        id,
        title: `Sprockets question ${i}`,
        selftext: '',
        subreddit: 'mechanics',
        author: 'someone',
        score: 1,
        num_comments: 0,
        created_utc: Math.floor(Date.now() / 1000),
        permalink: `/r/mechanics/comments/${id}/q/`,
      };
      const arrived = sink.next().then(() => performance.now());
      const started = performance.now();
      const admin = spawn('node', ['dist/src/cli/admin.js', 'ingest', '-'], {
        env,
        stdio: ['pipe', 'ignore', 'inherit'],
      });
      admin.stdin.end(`${JSON.stringify(post)}\n`);
      const [code] = (await once(admin, 'exit')) as [number];
      const exited = performance.now();
      if (code !== 0) throw new Error(`admin ingest exited ${code}`);
      const at = await arrived;
      fromStart.push(at - started);
      fromExit.push(Math.max(0, at - exited));
    }
    return { fromStart, fromExit };
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

const range = (values: number[], digits = 0) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)} (median ${[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(digits)})`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mails: { type: 'string', default: '2000' },
      rounds: { type: 'string', default: '3' },
      samples: { type: 'string', default: '5' },
    },
  });
  const sink = await startSmtpSink();
  const database = await openBenchDatabase('email_bench');
  try {
    const rates: number[] = [];
    for (let round = 0; round < Number(values.rounds); round += 1) {
      rates.push(await throughput(sink.url, Number(values.mails)));
    }
    console.log(
      `pooled SMTP (5 connections), ${values.mails} alert mails per round: ${range(rates)} mails/s`,
    );
    const { fromStart, fromExit } = await ingestToMail(sink, database.url, Number(values.samples));
    console.log(
      `admin ingest started → instant mail received (${database.label}): ${range(fromStart)} ms`,
    );
    console.log(
      `admin ingest exited → instant mail received (0: the mail came first; the command commits before it exits): ${range(fromExit)} ms`,
    );
  } finally {
    await sink.close();
    await database.drop();
  }
}

await main();

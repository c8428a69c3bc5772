/**
 * Soak: the real server (dist/src/main.js, ROLE=all, its own process) on PostgreSQL and Redis for
 * --minutes (default 30, or SOAK_MINUTES), doing all of its work at once:
 * - the simulated Reddit of bench/reddit-sim at a steady rate (--ids-per-second, default 110: 100
 *   comment ids and 10 post ids a second, bench:coverage's steady scenario), polled by the
 *   server's own poller in real time;
 * - 10,000 keywords (20 accounts on the scale plan, 500 each): "brand software-term" phrases from
 *   the real lists with --keyword-lists DIR, else synthetic ones; every --match-every'th item
 *   (default 10th) names one of them;
 * - 100 webhooks (5 per account) to receivers on 127.0.0.1 that answer 200 at once;
 * - 10 confirmed instant email subscriptions (one per account, each on one keyword) to an SMTP
 *   server on 127.0.0.1;
 * - 5 dashboard users with the Alerts page open, polling for newer alerts every 2 s as it does.
 *
 * Every --sample-seconds (60) it scrapes the server's own Prometheus figures on METRICS_PORT
 * (process_resident_memory_bytes, nodejs_heap_size_used_bytes, nodejs_eventloop_lag_p99_seconds)
 * and reads pg_database_size; per --period-minutes (5) it prints RSS and heap (means), the highest
 * p99, the database's size and what was delivered, then the verdict against the targets, and
 * writes the samples as an SVG (--plot, default docs/images/soak.svg).
 *
 *   npm run bench:soak -- [--minutes 30] [--keyword-lists ../shared/data/keywords]
 *     [--plot docs/images/soak.svg] [--sample-seconds 60] [--period-minutes 5]
 *     [--ids-per-second 110] [--match-every 10]
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test): a throwaway
 *   database is created beside the one named and dropped at the end. REDIS_URL (default
 *   redis://127.0.0.1:6379).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { EMAIL_MAILS_PER_HOUR, planLimits } from '../src/config/plans.js';
import { openBenchDatabase } from './bench-database.js';
import { freePort } from './free-port.js';
import { realKeywords } from './real-corpus.js';
import { RedditSimServer } from './reddit-sim/reddit-sim-server.js';
import {
  adminCommand,
  scrapeMetrics,
  spawnServer,
  stopServer,
  waitForHealth,
} from './server-process.js';
import { confirmationToken, startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { DashboardSession, type PollFigures } from './soak/dashboard-session.js';
import { writeSoakPlot } from './soak/soak-plot.js';
import {
  MIB,
  periodsOf,
  printPeriods,
  printVerdict,
  verdictOf,
  type Sample,
} from './soak/soak-report.js';
import { seededRandom, syntheticKeywords, type SyntheticKeyword } from './synthetic-stream.js';
import { Receivers } from './webhook-receivers.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const PUBLIC_BASE_URL = 'https://alerts.example.test';
const KEYWORDS = 10_000;
const KEYWORDS_PER_ACCOUNT = planLimits('scale').keywordLimit;
const ACCOUNTS = KEYWORDS / KEYWORDS_PER_ACCOUNT;
const WEBHOOKS_PER_ACCOUNT = 100 / ACCOUNTS;
const EMAIL_SUBSCRIPTIONS = 10;
const DASHBOARD_SESSIONS = 5;
/** Comment ids per post id, as on Reddit (and bench:coverage). */
const COMMENTS_PER_POST = 10;
/**
 * How often the stream names one of the subscriptions' keywords, in turn: each about 40 times an
 * hour, two thirds of the mails an account may be sent per hour, so that each mail goes out when
 * its alert is stored instead of waiting for the next hour's budget.
 */
const MAIL_KEYWORD_EVERY_MS = 3_600_000 / (((EMAIL_MAILS_PER_HOUR * 2) / 3) * EMAIL_SUBSCRIPTIONS);
/** After the stream stops: the last items come into the listings (at most 25 s late), then… */
const LATE_LISTING_MS = 30_000;
/** …the longest their deliveries may take to arrive. */
const DRAIN_MS = 60_000;
const KEYWORD_SEED = 11;
const STREAM_SEED = 5;
const PINO_WARN = 40;
/**
 * Reads of the server's figures per sample: heap used saw-tooths by a third or more between major
 * collections, so a sample is the mean of many reads. Each read restarts prom-client's event-loop
 * histogram, so a sample's p99 is the highest of its reads' p99s (never below the sample's own).
 */
const READS_PER_SAMPLE = 12;

interface Options {
  minutes: number;
  keywordLists: string | null;
  plot: string;
  sampleSeconds: number;
  periodMinutes: number;
  idsPerSecond: number;
  matchEvery: number;
}

interface Account {
  accountId: string;
  apiKey: string;
  keywords: SyntheticKeyword[];
}

/** What the bench set up, and the running parts it reads from. */
interface Soak {
  metricsUrl: string;
  reddit: RedditSimServer;
  receivers: Receivers;
  sink: SmtpSink;
  sessions: DashboardSession[];
  database: pg.Client;
  log: ServerLog;
}

/** The server's warnings and errors (pino JSON lines at level 40 or more), counted by message. */
class ServerLog {
  readonly byMessage = new Map<string, number>();
  private unread = 0;

  watch(server: ChildProcess): void {
    for (const stream of [server.stdout, server.stderr]) {
      if (stream === null) continue;
      createInterface({ input: stream }).on('line', (line) => this.read(line));
    }
  }

  /** Warnings and errors since the previous call. */
  take(): number {
    const count = this.unread;
    this.unread = 0;
    return count;
  }

  private read(line: string): void {
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      entry = { level: PINO_WARN, msg: line.slice(0, 200) };
    }
    if ((entry.level ?? 0) < PINO_WARN) return;
    const message = entry.msg ?? '(no message)';
    this.byMessage.set(message, (this.byMessage.get(message) ?? 0) + 1);
    this.unread += 1;
  }
}

async function post<T>(base: string, apiKey: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The accounts, each with its share of the keywords and a key (before the server starts). */
async function createAccounts(
  env: NodeJS.ProcessEnv,
  keywords: SyntheticKeyword[],
): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const created = await adminCommand<{ account_id: string; api_key: string }>(
      ['create-account', '--plan', 'scale', '--name', `soak ${index}`],
      env,
    );
    accounts.push({
      accountId: created.account_id,
      apiKey: created.api_key,
      keywords: keywords.slice(index * KEYWORDS_PER_ACCOUNT, (index + 1) * KEYWORDS_PER_ACCOUNT),
    });
  }
  return accounts;
}

/**
 * Each account's keywords and webhooks, and the first accounts' email subscriptions, through the
 * API; returns the keyword texts each subscription covers, in the order of the subscriptions.
 */
async function subscribe(
  base: string,
  accounts: Account[],
  receivers: Receivers,
  sink: SmtpSink,
): Promise<string[]> {
  const mailKeywords: string[] = [];
  for (const [index, account] of accounts.entries()) {
    const { created } = await post<{ created: Array<{ id: string; text: string }> }>(
      base,
      account.apiKey,
      '/keywords',
      { keywords: account.keywords },
    );
    if (created.length !== account.keywords.length) {
      throw new Error(`account ${index}: ${created.length} of ${account.keywords.length} keywords`);
    }
    const urls = receivers.urls.slice(
      index * WEBHOOKS_PER_ACCOUNT,
      (index + 1) * WEBHOOKS_PER_ACCOUNT,
    );
    for (const url of urls) await post(base, account.apiKey, '/webhooks', { url });
    if (index >= EMAIL_SUBSCRIPTIONS) continue;
    const [mailKeyword] = created;
    const confirmation = sink.next();
    await post(base, account.apiKey, '/email-subscriptions', {
      email: `soak-${index}@example.org`,
      frequency: 'instant',
      keyword_ids: [mailKeyword.id],
    });
    const confirmed = await fetch(
      `${base}/email/confirm/${confirmationToken(await confirmation)}`,
      {
        method: 'POST',
      },
    );
    if (!confirmed.ok) throw new Error(`confirming subscription ${index}: ${confirmed.status}`);
    mailKeywords.push(mailKeyword.text);
  }
  return mailKeywords;
}

/**
 * The words the simulated Reddit puts into each new item: every `matchEvery`th names a keyword
 * drawn from `keywords`, and every MAIL_KEYWORD_EVERY_MS the next of `mailKeywords` in turn.
 */
function streamWords(
  keywords: string[],
  mailKeywords: string[],
  matchEvery: number,
): (sequence: number) => string {
  const random = seededRandom(STREAM_SEED);
  let mailDueAt = Date.now() + MAIL_KEYWORD_EVERY_MS;
  let mailTurn = 0;
  return (sequence) => {
    if (Date.now() >= mailDueAt) {
      mailDueAt += MAIL_KEYWORD_EVERY_MS;
      mailTurn += 1;
      return mailKeywords[mailTurn % mailKeywords.length];
    }
    return sequence % matchEvery === 0 ? keywords[Math.floor(random() * keywords.length)] : '';
  };
}

/** The server's memory over one sample: the means of its reads, and the highest p99 between two. */
async function readServer(
  soak: Soak,
  sampleStart: number,
  sampleSeconds: number,
): Promise<Pick<Sample, 'rssBytes' | 'heapUsedBytes' | 'loopP99Ms'>> {
  const reads = { rssBytes: 0, heapUsedBytes: 0, loopP99Ms: 0 };
  for (let read = 1; read <= READS_PER_SAMPLE; read += 1) {
    const dueAt = sampleStart + (read * sampleSeconds * 1000) / READS_PER_SAMPLE;
    await sleep(Math.max(0, dueAt - Date.now()));
    const metric = await scrapeMetrics(soak.metricsUrl);
    reads.rssBytes += metric('alerts_process_resident_memory_bytes') / READS_PER_SAMPLE;
    reads.heapUsedBytes += metric('alerts_nodejs_heap_size_used_bytes') / READS_PER_SAMPLE;
    reads.loopP99Ms = Math.max(
      reads.loopP99Ms,
      metric('alerts_nodejs_eventloop_lag_p99_seconds') * 1000,
    );
  }
  return reads;
}

/** Takes a sample every sampleSeconds until the run's minutes are over. */
async function takeSamples(soak: Soak, options: Options, startedAt: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const count = Math.round((options.minutes * 60) / options.sampleSeconds);
  let delivered = soak.receivers.received('fast');
  let mailed = soak.sink.count();
  for (let index = 1; index <= count; index += 1) {
    const minute = (index * options.sampleSeconds) / 60;
    const server = await readServer(
      soak,
      startedAt + (minute * 60 - options.sampleSeconds) * 1000,
      options.sampleSeconds,
    );
    const { rows } = await soak.database.query<{ size: string }>(
      'SELECT pg_database_size(current_database()) AS size',
    );
    const polls: PollFigures[] = soak.sessions.map((session) => session.take());
    const sample: Sample = {
      minute,
      ...server,
      databaseBytes: Number(rows[0].size),
      webhookDeliveries: soak.receivers.received('fast') - delivered,
      mails: soak.sink.count() - mailed,
      polls: polls.reduce((sum, figures) => sum + figures.polls, 0),
      pollFailures: polls.reduce((sum, figures) => sum + figures.failures, 0),
      pollLatenciesMs: polls.flatMap((figures) => figures.latenciesMs),
      serverWarnings: soak.log.take(),
    };
    delivered += sample.webhookDeliveries;
    mailed += sample.mails;
    samples.push(sample);
    const lastError = polls.find((figures) => figures.lastError !== null)?.lastError;
    console.log(
      `minute ${sample.minute.toFixed(1)}: RSS ${(sample.rssBytes / MIB).toFixed(1)} MiB, heap ` +
        `${(sample.heapUsedBytes / MIB).toFixed(1)} MiB, loop p99 ${sample.loopP99Ms.toFixed(1)} ms, ` +
        `database ${(sample.databaseBytes / MIB).toFixed(1)} MiB; +${sample.webhookDeliveries} ` +
        `webhook deliveries, +${sample.mails} mails, ${sample.polls} dashboard polls ` +
        `(${sample.pollFailures} failed${lastError ? `: ${lastError}` : ''}), ` +
        `${sample.serverWarnings} server warnings`,
    );
  }
  return samples;
}

async function countBy(database: pg.Client, table: string): Promise<string> {
  const { rows } = await database.query<{ status: string; count: string }>(
    `SELECT status, count(*) AS count FROM ${table} GROUP BY status ORDER BY status`,
  );
  const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
  return `${total} (${rows.map((row) => `${row.status} ${row.count}`).join(', ') || 'none'})`;
}

/** Lets the last items through, then prints what went through the whole pipeline. */
async function printTotals(soak: Soak, startedAt: number, confirmations: number): Promise<void> {
  soak.reddit.world.stopGenerating();
  const outboxRows = async () =>
    Number(
      (await soak.database.query<{ count: string }>('SELECT count(*) AS count FROM deliveries'))
        .rows[0].count,
    );
  await sleep(LATE_LISTING_MS);
  const drainUntil = Date.now() + DRAIN_MS;
  while (Date.now() < drainUntil && soak.receivers.received('fast') < (await outboxRows())) {
    await sleep(1_000);
  }
  const visible = (['t3', 't1'] as const).reduce(
    (sum, kind) =>
      sum +
      soak.reddit.world
        .created(kind)
        .filter((thing) => thing.createdMs >= startedAt && !thing.hidden).length,
    0,
  );
  const { rows } = await soak.database.query<{ count: string }>(
    'SELECT count(*) AS count FROM alerts',
  );
  console.log(`Reddit: ${visible} visible items created; alerts stored: ${rows[0].count}`);
  console.log(
    `webhooks: ${soak.receivers.received('fast')} deliveries received (distinct ids) of ` +
      `${await countBy(soak.database, 'deliveries')} outbox rows`,
  );
  console.log(
    `mails: ${soak.sink.count() - confirmations} received after the ${confirmations} ` +
      `confirmations, for ${await countBy(soak.database, 'mail_outbox')} outbox rows ` +
      '(one mail carries every alert a subscription has waiting)',
  );
  const metric = await scrapeMetrics(soak.metricsUrl);
  const collections = (kind: string) => {
    const count = metric(`alerts_nodejs_gc_duration_seconds_count{kind="${kind}"}`);
    const seconds = metric(`alerts_nodejs_gc_duration_seconds_sum{kind="${kind}"}`);
    return `${count} ${kind} (mean ${((seconds / Math.max(1, count)) * 1000).toFixed(1)} ms)`;
  };
  console.log(
    `garbage collections since the server started: ${collections('major')}, ` +
      `${collections('minor')}, ${collections('incremental')}`,
  );
  const messages = [...soak.log.byMessage].sort(([, a], [, b]) => b - a);
  console.log(
    `server warnings and errors: ${messages.reduce((sum, [, count]) => sum + count, 0)}` +
      messages.map(([message, count]) => `\n  ${count} × ${message}`).join(''),
  );
}

async function run(options: Options, databaseUrl: string): Promise<void> {
  const reddit = await RedditSimServer.start({ recordRequests: false, seed: STREAM_SEED });
  const receivers = await Receivers.start({
    kinds: Array.from({ length: ACCOUNTS * WEBHOOKS_PER_ACCOUNT }, () => 'fast' as const),
    slowMs: 0,
  });
  const sink = await startSmtpSink();
  const port = await freePort();
  const metricsPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    ROLE: 'all',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SMTP_URL: sink.url,
    PUBLIC_BASE_URL,
    REDDIT_CLIENT_ID: 'client-a',
    REDDIT_CLIENT_SECRET: 'secret-a',
    REDDIT_API_BASE: reddit.baseUrl,
    REDDIT_AUTH_BASE: reddit.baseUrl,
    // Else the first command writes a key file into the project's data/ folder.
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
  };
  const database = new pg.Client({ connectionString: databaseUrl });
  const log = new ServerLog();
  const sessions: DashboardSession[] = [];
  let server: ChildProcess | null = null;
  try {
    const setupStarted = Date.now();
    const keywords =
      options.keywordLists === null
        ? syntheticKeywords(KEYWORDS, KEYWORD_SEED)
        : realKeywords(options.keywordLists, KEYWORDS, KEYWORD_SEED);
    const accounts = await createAccounts(env, keywords);
    const users = [];
    for (const account of accounts.slice(0, DASHBOARD_SESSIONS)) {
      users.push(
        await adminCommand<{ email: string; password: string }>(
          ['create-user', account.accountId, '--email', `soak-${account.accountId}@example.org`],
          env,
        ),
      );
    }
    server = spawnServer(env);
    log.watch(server);
    await waitForHealth(base);
    await database.connect();
    const mailKeywords = await subscribe(base, accounts, receivers, sink);
    for (const user of users) {
      sessions.push(await DashboardSession.open(base, user.email, user.password));
    }
    const confirmations = sink.count();
    console.log(
      `soak on PostgreSQL with Redis: ${KEYWORDS.toLocaleString('en-US')} ` +
        `${options.keywordLists === null ? 'synthetic' : 'real-list'} keywords in ${ACCOUNTS} ` +
        `accounts, ${receivers.urls.length} webhooks, ${mailKeywords.length} instant email ` +
        `subscriptions, ${sessions.length} dashboard sessions (set up in ` +
        `${((Date.now() - setupStarted) / 1000).toFixed(0)} s); Reddit at ` +
        `${options.idsPerSecond} ids/s, every ${options.matchEvery}th naming a keyword; ` +
        `${options.minutes} min, a sample every ${options.sampleSeconds} s`,
    );

    const soak: Soak = {
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      reddit,
      receivers,
      sink,
      sessions,
      database,
      log,
    };
    const matchable = keywords.map(({ text }) => text).filter((t) => !mailKeywords.includes(t));
    const postsPerSecond = options.idsPerSecond / (COMMENTS_PER_POST + 1);
    const startedAt = Date.now();
    reddit.generate({
      postsPerSecond,
      commentsPerSecond: options.idsPerSecond - postsPerSecond,
      words: streamWords(matchable, mailKeywords, options.matchEvery),
    });
    for (const session of sessions) session.startPolling();
    // The scrape restarts the event-loop histogram: the first sample covers the soak only.
    log.take();
    await scrapeMetrics(soak.metricsUrl);
    const samples = await takeSamples(soak, options, startedAt);

    const periods = periodsOf(samples, options.periodMinutes);
    console.log('');
    printPeriods(periods);
    console.log('');
    printVerdict(verdictOf(periods), options.periodMinutes);
    writeSoakPlot(
      options.plot,
      samples,
      periods,
      options.periodMinutes,
      `${KEYWORDS.toLocaleString('en-US')} keywords, ${receivers.urls.length} webhooks, ` +
        `${mailKeywords.length} instant mail subscriptions, ${sessions.length} dashboard ` +
        `sessions; Reddit at ${options.idsPerSecond} ids/s; PostgreSQL and Redis; ` +
        new Date(startedAt).toISOString().slice(0, 10),
    );
    console.log(`plot: ${options.plot}`);
    await printTotals(soak, startedAt, confirmations);
  } finally {
    await Promise.all(sessions.map((session) => session.stop()));
    if (server !== null) await stopServer(server);
    await receivers.close();
    await sink.close();
    await reddit.close();
    await database.end().catch(() => undefined);
  }
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string' },
      'keyword-lists': { type: 'string' },
      plot: { type: 'string', default: 'docs/images/soak.svg' },
      'sample-seconds': { type: 'string', default: '60' },
      'period-minutes': { type: 'string', default: '5' },
      'ids-per-second': { type: 'string', default: '110' },
      'match-every': { type: 'string', default: '10' },
    },
  });
  const options: Options = {
    minutes: Number(values.minutes ?? process.env.SOAK_MINUTES ?? 30),
    keywordLists: values['keyword-lists'] ?? null,
    plot: values.plot,
    sampleSeconds: Number(values['sample-seconds']),
    periodMinutes: Number(values['period-minutes']),
    idsPerSecond: Number(values['ids-per-second']),
    matchEvery: Number(values['match-every']),
  };
  const numbers = [
    options.minutes,
    options.sampleSeconds,
    options.periodMinutes,
    options.idsPerSecond,
    options.matchEvery,
  ];
  if (!numbers.every((value) => Number.isFinite(value) && value > 0)) {
    throw new Error(
      '--minutes, --sample-seconds, --period-minutes, --ids-per-second and ' +
        '--match-every must be positive numbers',
    );
  }
  return options;
}

async function main(): Promise<void> {
  const options = readOptions();
  const database = await openBenchDatabase(
    'soak_bench',
    process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL,
  );
  try {
    if (database.label !== 'PostgreSQL') {
      throw new Error('the soak runs on PostgreSQL: BENCH_DATABASE_URL must be postgres://…');
    }
    await run(options, database.url);
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * The dashboard's heaviest reads, timed at the server: the real app serves POST /graphql on
 * 127.0.0.1, and a middleware in front of it measures each request from its arrival to the last
 * byte of the answer handed to the socket (the client's own work is not counted).
 *
 * An account holds --alerts alerts (default 10,000) of --keywords keywords over the last --days
 * days, stored with the app's own insert (AlertStore) and counted with its own daily cap
 * (UsageStore), as the pipeline does: Reddit-like texts, 35% posts and 65% comments,
 * popular subreddits and authors more often, busy keywords and quiet ones. --others accounts of
 * as many alerts share the tables. The baseline, measured in the same run, is the same query on
 * an account with --baseline-alerts alerts (default 100).
 *
 *   npm run bench:dashboard -- [--alerts 10000] [--baseline-alerts 100] [--keywords 40]
 *     [--others 4] [--days 60] [--runs 200] [--warmup 20]
 *   DATABASE_URL unset: a temporary SQLite file. DATABASE_URL=postgres://…: a throwaway database
 *   created next to the one named, dropped at the end (ANALYZE runs after the load, as autovacuum
 *   would). The npm script sets NODE_ENV=production, as the image does: graphql-js's development
 *   checks (its instanceOf) rank high in a CPU profile of these requests otherwise.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { AppModule } from '../src/app.module.js';
import { newId } from '../src/common/ids.js';
import { utcDay } from '../src/common/time/timestamps.js';
import { loadConfig } from '../src/config/app-config.js';
import { Database } from '../src/database/database.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import type { AlertEntity } from '../src/modules/alerts/alert.entity.js';
import { AlertStore } from '../src/modules/alerts/alert.store.js';
import { callerFor } from '../src/modules/auth/caller.js';
import { KeywordsService } from '../src/modules/keywords/keywords.service.js';
import { UsageStore } from '../src/modules/usage/usage.store.js';
import { setupApp } from '../src/setup-app.js';
import { openBenchDatabase } from './bench-database.js';
import {
  itemSources,
  seededRandom,
  syntheticItems,
  syntheticKeywords,
  type Random,
} from './synthetic-stream.js';

const DAY_MS = 86_400_000;
const TARGET_P95_MS = 50;
/** Reads a key may spend per minute (every plan's rate limit); each root field of a query is one. */
const READS_PER_KEY = 60;
/** Alerts per insert transaction while loading. */
const LOAD_CHUNK = 1_000;

const ALERTS_PAGE = `query AlertsPage($keywordId: ID, $type: AlertEvent, $subreddit: String) {
  alerts(first: 50, keywordId: $keywordId, type: $type, subreddit: $subreddit) {
    edges { cursor node { id event timestamp redditId title subreddit author selftext url
      keywordId keywordText relevanceScore upvotes replies createdUtc comment webhookPayload } }
    pageInfo { hasNextPage endCursor }
  }
  keywords { nodes { id text } }
}`;
const USAGE_HISTORY = '{ usageHistory(days: 30) { date delivered capped } }';
const KEYWORDS_WITH_STATS = `{ keywords { count keywordLimit nodes { id text mode active
  trackPosts trackComments matchesToday capReached dailyMatches(days: 30) } } }`;

interface Options {
  alerts: number;
  baselineAlerts: number;
  keywords: number;
  others: number;
  days: number;
  runs: number;
  warmup: number;
}

interface Account {
  accountId: string;
  keywordIds: string[];
  subreddits: string[];
}

interface Scenario {
  name: string;
  account: Account;
  query: string;
  variables?: Record<string, unknown>;
  /** Root fields, each one read of the key's budget. */
  reads: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Busy keywords and quiet ones: the keyword of rank r is drawn about 1/(r+1) as often. */
function skewedIndex(random: Random, length: number): number {
  return Math.min(length - 1, Math.floor(length ** random()) - 1);
}

let redditSequence = Number.parseInt('1a00000', 36);

/** `count` alerts of the account's keywords, matched over the last `days` days before `now`. */
function syntheticAlerts(
  account: Account,
  keywordTexts: string[],
  count: number,
  days: number,
  now: number,
  seed: number,
): AlertEntity[] {
  const random = seededRandom(seed);
  const sources = itemSources(seed);
  const items = syntheticItems(Number.MAX_SAFE_INTEGER, seed);
  const next = () => items.next().value!;
  const nextPost = () => {
    for (;;) {
      const item = next();
      if (item.type === 'post') return item;
    }
  };
  const alerts: AlertEntity[] = [];
  while (alerts.length < count) {
    const item = next();
    // A comment alert carries its parent post's title and text.
    const parent = item.type === 'post' ? item : nextPost();
    const keyword = skewedIndex(random, account.keywordIds.length);
    const { subreddit, author } = sources.next().value!;
    const matchedAt = now - Math.floor(random() * days * DAY_MS);
    const redditId = (redditSequence += 1).toString(36);
    const isComment = item.type === 'comment';
    alerts.push({
      id: newId(),
      accountId: account.accountId,
      keywordId: account.keywordIds[keyword],
      keywordText: keywordTexts[keyword],
      event: item.type,
      redditId,
      title: parent.title!,
      subreddit,
      subredditKey: subreddit.toLowerCase(),
      author,
      selftext: parent.selftext ?? '',
      url: `https://www.reddit.com/r/${subreddit}/comments/${redditId}/post/`,
      upvotes: Math.floor(1.5 ** (random() * 20)),
      replies: Math.floor(1.4 ** (random() * 15)),
      createdUtc: Math.floor(matchedAt / 1000) - Math.floor(random() * 600),
      comment: isComment ? (item.body ?? '') : null,
      commentUpvotes: isComment ? Math.floor(random() * 50) : null,
      matchedAt,
    });
  }
  return alerts;
}

async function seedAccount(
  app: INestApplication,
  options: Options,
  alertCount: number,
  seed: number,
): Promise<Account> {
  const { account } = await app
    .get(AccountsService)
    .createAccount({ plan: 'scale', product: 'alerts' });
  const keywords = syntheticKeywords(options.keywords, seed);
  const { created } = await app.get(KeywordsService).create(
    callerFor(account, ''),
    keywords.map(({ text, mode }) => ({ text, mode })),
  );
  const seeded: Account = {
    accountId: account.id,
    keywordIds: created.map((keyword) => keyword.id),
    subreddits: [],
  };
  const alerts = syntheticAlerts(
    seeded,
    created.map((keyword) => keyword.text),
    alertCount,
    options.days,
    Date.now(),
    seed,
  );
  const database = app.get(Database);
  const store = app.get(AlertStore);
  for (let start = 0; start < alerts.length; start += LOAD_CHUNK) {
    await database.transaction((manager) =>
      store.insertNew(manager, alerts.slice(start, start + LOAD_CHUNK)),
    );
  }
  await countDeliveries(app, alerts);
  seeded.subreddits = [...new Set(alerts.map((alert) => alert.subreddit))];
  return seeded;
}

/** The daily cap's counters for the stored alerts, through the cap itself, one day at a time. */
async function countDeliveries(app: INestApplication, alerts: AlertEntity[]): Promise<void> {
  const perDay = new Map<string, Map<string, number>>();
  for (const alert of alerts) {
    const day = utcDay(alert.matchedAt);
    const counts = perDay.get(day) ?? new Map<string, number>();
    counts.set(alert.keywordId, (counts.get(alert.keywordId) ?? 0) + 1);
    perDay.set(day, counts);
  }
  const database = app.get(Database);
  const cap = app.get(UsageStore);
  for (const [day, counts] of perDay) {
    const requests = [...counts].map(([keywordId, matches]) => ({ keywordId, matches, cap: 100 }));
    await database.transaction((manager) => cap.consume(manager, day, requests));
  }
}

/** Fresh keys enough for `reads` reads inside the per-key budget. */
async function keysFor(app: INestApplication, accountId: string, reads: number) {
  const accounts = app.get(AccountsService);
  const keys: string[] = [];
  for (let i = 0; i < Math.ceil(reads / (READS_PER_KEY - 1)); i += 1) {
    keys.push((await accounts.createKey(accountId)).apiKey);
  }
  return keys;
}

async function time(
  app: INestApplication,
  base: string,
  serverTimes: number[],
  scenario: Scenario,
  options: Options,
): Promise<number[]> {
  const total = options.warmup + options.runs;
  const keys = await keysFor(app, scenario.account.accountId, total * scenario.reads);
  const body = JSON.stringify({ query: scenario.query, variables: scenario.variables });
  const times: number[] = [];
  for (let i = 0; i < total; i += 1) {
    const key = keys[Math.floor((i * scenario.reads) / (READS_PER_KEY - 1))];
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body,
    });
    const answer = (await res.json()) as { errors?: unknown[] };
    if (res.status !== 200 || answer.errors) {
      throw new Error(`${scenario.name}: ${res.status} ${JSON.stringify(answer.errors)}`);
    }
    const serverMs = serverTimes.pop();
    if (serverMs === undefined) throw new Error('the server timed no request');
    if (i >= options.warmup) times.push(serverMs);
  }
  return times.sort((a, b) => a - b);
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      alerts: { type: 'string', default: '10000' },
      'baseline-alerts': { type: 'string', default: '100' },
      keywords: { type: 'string', default: '40' },
      others: { type: 'string', default: '4' },
      days: { type: 'string', default: '60' },
      runs: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
    },
  });
  return {
    alerts: Number(values.alerts),
    baselineAlerts: Number(values['baseline-alerts']),
    keywords: Number(values.keywords),
    others: Number(values.others),
    days: Number(values.days),
    runs: Number(values.runs),
    warmup: Number(values.warmup),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const target = await openBenchDatabase('dashboard_bench');
  const config = loadConfig({ DATABASE_URL: target.url, ROLE: 'api', LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(
    AppModule.forRoot({ config, logger: pino({ level: 'silent' }) }),
    { bodyParser: false, logger: false },
  );
  const serverTimes: number[] = [];
  app.use((req: { path: string }, res: NodeJS.EventEmitter, next: () => void) => {
    const started = performance.now();
    if (req.path === '/graphql')
      res.on('finish', () => serverTimes.push(performance.now() - started));
    next();
  });
  setupApp(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  try {
    const loadStarted = performance.now();
    const large = await seedAccount(app, options, options.alerts, 1);
    for (let other = 0; other < options.others; other += 1) {
      await seedAccount(app, options, options.alerts, 100 + other);
    }
    const small = await seedAccount(app, options, options.baselineAlerts, 2);
    if (target.label === 'PostgreSQL')
      await app.get(Database).query(app.get(Database).manager, 'ANALYZE');
    console.log(
      `${target.label}: ${options.alerts.toLocaleString('en')} alerts in the account, ` +
        `${(options.alerts * (options.others + 1) + options.baselineAlerts).toLocaleString('en')} ` +
        `in all, ${options.keywords} keywords per account, over ${options.days} days; loaded in ` +
        `${((performance.now() - loadStarted) / 1000).toFixed(1)} s. ${options.runs} runs each ` +
        `after ${options.warmup} unrecorded, server time; target p95 < ${TARGET_P95_MS} ms.`,
    );
    const scenarios: Scenario[] = [
      { name: 'Alerts page, baseline account', account: small, query: ALERTS_PAGE, reads: 2 },
      { name: 'Alerts page', account: large, query: ALERTS_PAGE, reads: 2 },
      {
        name: 'Alerts page, one keyword',
        account: large,
        query: ALERTS_PAGE,
        variables: { keywordId: large.keywordIds[large.keywordIds.length - 1] },
        reads: 2,
      },
      {
        name: 'Alerts page, one subreddit',
        account: large,
        query: ALERTS_PAGE,
        variables: { subreddit: large.subreddits[large.subreddits.length - 1] },
        reads: 2,
      },
      {
        name: 'Alerts page, posts only',
        account: large,
        query: ALERTS_PAGE,
        variables: { type: 'post' },
        reads: 2,
      },
      { name: 'usageHistory(days: 30)', account: large, query: USAGE_HISTORY, reads: 1 },
      {
        name: 'keywords with stats (dailyMatches 30 days)',
        account: large,
        query: KEYWORDS_WITH_STATS,
        reads: 1,
      },
    ];
    let baselineP95 = 0;
    for (const scenario of scenarios) {
      const times = await time(app, base, serverTimes, scenario, options);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
      if (scenario.account === small) baselineP95 = p95;
      const versus =
        scenario.account === small
          ? 'baseline'
          : `${(p95 / baselineP95).toFixed(2)}x the baseline p95`;
      const verdict = p95 < TARGET_P95_MS ? 'met' : 'NOT MET';
      console.log(
        `${scenario.name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
          `p99 ${p99.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${versus}; target ${verdict})`,
      );
    }
  } finally {
    await app.close();
    await target.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Ingestion coverage: the real server (dist/src/main.js, its own process, SQLite or PostgreSQL)
 * polls the simulated Reddit of bench/reddit-sim (every constraint of the real one, real time)
 * and delivers an alert per item to a webhook on 127.0.0.1. Every generated item carries one of
 * 500 keywords, so an item that reached the webhook is an item the poller saw.
 *
 *   npm run bench:coverage -- [--seconds 150] [--warmup 15] [--drain 40]
 *     [--search 130,150,170] [--search-seconds 60] [--only steady|peak|search]
 *     [--database sqlite|postgres]
 *   --database postgres: a throwaway database per scenario next to BENCH_POSTGRES_URL
 *   (postgres://postgres@127.0.0.1:5432/test by default), dropped after it.
 *   BENCH_APP_ROOT=<checkout>: the server and admin command of that checkout's build, for the same
 *   runs on the code before a change (bench/server-process.ts).
 *
 * Scenarios: steady (1 credential, 100 comment ids/s + 10 post ids/s), peak (2 credentials, 220 +
 * 20), then a search for the highest rate one credential covers at ≥ 99% (10:1 comments to posts).
 * Rates count ids (Reddit's counters), 15% of which never become visible. Coverage counts the
 * visible items created during the measured seconds (after a warm-up: a first run starts with
 * what the listings show); the generator keeps running through the drain so nothing is kind.
 *
 * At the end of the steady scenario it also signs in as an operator (admin create-operator) and
 * reads the console's coverage and lag (opsIngestion, over the last hour, from the samples the
 * server wrote and its alerts table), printing both measures and their difference.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openBenchDatabase } from './bench-database.js';
import { freePort } from './free-port.js';
import { GraphqlSession } from './graphql-session.js';
import {
  histogramQuantile,
  PIPELINE_STAGES,
  type StageBucket,
} from '../src/modules/metrics/pipeline-stages.js';
import { PIPELINE_STAGE_METRIC } from '../src/modules/metrics/pipeline-stage.metrics.js';
import { RedditSimServer } from './reddit-sim/reddit-sim-server.js';
import {
  adminCommand,
  scrapeMetrics,
  scrapeStageBuckets,
  spawnServer,
  stopServer,
  waitForHealth,
} from './server-process.js';

const KEYWORDS = 500;
const keywordOf = (sequence: number) => `covk${sequence % KEYWORDS}x`;

interface Scenario {
  name: string;
  credentials: number;
  commentsPerSecond: number;
  postsPerSecond: number;
  seconds: number;
}

interface Result {
  scenario: Scenario;
  created: number;
  delivered: number;
  coverage: number;
  duplicates: number;
  p50Seconds: number;
  p95Seconds: number;
  maxSeconds: number;
  /** The same by kind: posts (t3) and comments (t1). */
  byKind: Record<'t3' | 't1', { p50Seconds: number; p95Seconds: number }>;
  requestsPerMinute: Record<string, number>;
  usefulIdsPerRequest: number;
  status429: number;
  overloadWarnings: string[];
  /** What the operator console showed at the end of the run (steady scenario only). */
  opsConsole: ConsoleFigures | null;
  /** The server's stage clocks over the measured seconds and the drain, from /metrics. */
  stages: StageFigure[];
}

interface StageFigure {
  stage: string;
  count: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
}

/** Each stage's percentiles over what its histogram gained between two scrapes. */
function stageFigures(
  before: Map<string, StageBucket[]>,
  after: Map<string, StageBucket[]>,
): StageFigure[] {
  return PIPELINE_STAGES.map((stage) => {
    const earlier = new Map((before.get(stage) ?? []).map(({ le, count }) => [le, count]));
    const gained = (after.get(stage) ?? []).map(({ le, count }) => ({
      le,
      count: count - (earlier.get(le) ?? 0),
    }));
    return {
      stage,
      count: Math.max(0, ...gained.map(({ count }) => count)),
      p50Seconds: histogramQuantile(gained, 0.5),
      p95Seconds: histogramQuantile(gained, 0.95),
    };
  });
}

interface ConsoleFigures {
  coveragePercent: number | null;
  itemsHanded: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
  alerts: number;
}

const OPS_INGESTION = `{ opsIngestion {
  coverage { percent itemsHanded }
  lag { alerts p50Seconds p95Seconds }
} }`;

/** Signs in as a new operator, as the console does, and reads its Ingestion figures. */
async function consoleFigures(base: string, env: NodeJS.ProcessEnv): Promise<ConsoleFigures> {
  const operator = await adminCommand<{ email: string; password: string }>(
    ['create-operator', '--email', `bench-${Date.now()}@example.com`],
    env,
  );
  const session = await GraphqlSession.signIn(base, operator.email, operator.password);
  const data = await session.query<{
    opsIngestion: {
      coverage: { percent: number | null; itemsHanded: number };
      lag: { alerts: number; p50Seconds: number | null; p95Seconds: number | null };
    };
  }>(OPS_INGESTION);
  const { coverage, lag } = data.opsIngestion;
  return {
    coveragePercent: coverage.percent,
    itemsHanded: coverage.itemsHanded,
    p50Seconds: lag.p50Seconds,
    p95Seconds: lag.p95Seconds,
    alerts: lag.alerts,
  };
}

/** Records each alert's arrival: item key (t3_…/t1_…) → arrival times (epoch ms). */
class WebhookReceiver {
  readonly arrivals = new Map<string, number[]>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new WebhookReceiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    );
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = Date.now();
        response.writeHead(200).end();
        const alert = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          event: string;
        };
        const key = `${alert.event === 'post' ? 't3' : 't1'}_${alert.id}`;
        receiver.arrivals.set(key, [...(receiver.arrivals.get(key) ?? []), at]);
      });
    });
    return receiver;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

interface ScenarioOptions {
  warmup: number;
  drain: number;
  database: 'sqlite' | 'postgres';
}

async function runScenario(scenario: Scenario, options: ScenarioOptions): Promise<Result> {
  const credentials = Array.from({ length: scenario.credentials }, (_, index) => ({
    clientId: `bench-client-${index}`,
    clientSecret: `bench-secret-${index}`,
  }));
  // A 60 s window allows no bursting beyond 100 a minute: harder than Reddit's 600 s window.
  const reddit = await RedditSimServer.start({
    credentials,
    windowSeconds: 60,
    recordRequests: false,
    seed: scenario.commentsPerSecond * 1_000 + scenario.credentials,
  });
  const receiver = await WebhookReceiver.start();
  const directory = mkdtempSync(join(tmpdir(), 'coverage-bench-'));
  const database = await openBenchDatabase(
    'coverage',
    options.database === 'sqlite'
      ? `sqlite:${join(directory, 'alerts.sqlite')}`
      : (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'),
  );
  const port = await freePort();
  const metricsPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    // Scraped without a token on its own listener, as a Prometheus on the same host would.
    METRICS_PORT: String(metricsPort),
    ROLE: 'all',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    REDDIT_CLIENT_ID: credentials.map((c) => c.clientId).join(','),
    REDDIT_CLIENT_SECRET: credentials.map((c) => c.clientSecret).join(','),
    REDDIT_API_BASE: reddit.baseUrl,
    REDDIT_AUTH_BASE: reddit.baseUrl,
  };
  const account = await adminCommand<{ api_key: string }>(
    ['create-account', '--plan', 'scale'],
    env,
  );
  const server = spawnServer(env);
  const warnings: string[] = [];
  const watch = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.includes('falls behind')) warnings.push(line);
      else if (line.includes('"level":50') || line.includes('Error'))
        process.stderr.write(`${line}\n`);
    }
  };
  server.stdout?.on('data', watch);
  server.stderr?.on('data', watch);
  try {
    await waitForHealth(base);
    const headers = {
      authorization: `Bearer ${account.api_key}`,
      'content-type': 'application/json',
    };
    const keywords = Array.from({ length: KEYWORDS }, (_, index) => ({ text: keywordOf(index) }));
    const created = await fetch(`${base}/api/v1/keywords`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ keywords }),
    });
    const hook = await fetch(`${base}/api/v1/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url }),
    });
    if (!created.ok || !hook.ok) throw new Error(`setup failed: ${created.status} ${hook.status}`);

    const startedAt = Date.now();
    reddit.generate({
      commentsPerSecond: scenario.commentsPerSecond,
      postsPerSecond: scenario.postsPerSecond,
      words: keywordOf,
    });
    await sleep(options.warmup * 1_000);
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const stagesBefore = await scrapeStageBuckets(metricsUrl, PIPELINE_STAGE_METRIC);
    const from = Date.now();
    await sleep(scenario.seconds * 1_000);
    const to = Date.now();
    await sleep(options.drain * 1_000);
    reddit.world.stopGenerating();
    await sleep(3_000);
    const elapsedMinutes = (Date.now() - startedAt) / 60_000;

    const visible = (['t3', 't1'] as const).flatMap((kind) =>
      reddit.world
        .created(kind)
        .filter((thing) => !thing.hidden && thing.createdMs >= from && thing.createdMs <= to),
    );
    const delays: number[] = [];
    const kindDelays: Record<'t3' | 't1', number[]> = { t3: [], t1: [] };
    let delivered = 0;
    for (const thing of visible) {
      const arrivals = receiver.arrivals.get(`${thing.kind}_${thing.numericId.toString(36)}`);
      if (arrivals === undefined) continue;
      delivered += 1;
      delays.push((arrivals[0] - thing.createdMs) / 1_000);
      kindDelays[thing.kind].push((arrivals[0] - thing.createdMs) / 1_000);
    }
    delays.sort((a, b) => a - b);
    const ofKind = (kind: 't3' | 't1') => {
      const sorted = kindDelays[kind].sort((a, b) => a - b);
      return { p50Seconds: percentile(sorted, 0.5), p95Seconds: percentile(sorted, 0.95) };
    };
    const duplicates = [...receiver.arrivals.values()].reduce(
      (sum, times) => sum + times.length - 1,
      0,
    );
    const metric = await scrapeMetrics(metricsUrl);
    const stagesAfter = await scrapeStageBuckets(metricsUrl, PIPELINE_STAGE_METRIC);
    const apiRequests =
      (reddit.counts.byPath.get('/api/info') ?? 0) +
      (reddit.counts.byPath.get('/r/all/new') ?? 0) +
      (reddit.counts.byPath.get('/r/all/comments') ?? 0);
    const useful =
      metric('alerts_reddit_items_seen_total') + metric('alerts_reddit_parents_found_total');
    const perMinute = (path: string) =>
      Math.round(((reddit.counts.byPath.get(path) ?? 0) / elapsedMinutes) * 10) / 10;
    return {
      scenario,
      created: visible.length,
      delivered,
      coverage: delivered / Math.max(1, visible.length),
      duplicates,
      p50Seconds: percentile(delays, 0.5),
      p95Seconds: percentile(delays, 0.95),
      maxSeconds: delays.at(-1) ?? 0,
      byKind: { t3: ofKind('t3'), t1: ofKind('t1') },
      requestsPerMinute: {
        '/api/info': perMinute('/api/info'),
        '/r/all/comments': perMinute('/r/all/comments'),
        '/r/all/new': perMinute('/r/all/new'),
        total: Math.round((apiRequests / elapsedMinutes) * 10) / 10,
      },
      usefulIdsPerRequest: Math.round((useful / Math.max(1, apiRequests)) * 10) / 10,
      status429: reddit.counts.status429,
      overloadWarnings: warnings,
      opsConsole: scenario.name === 'steady' ? await consoleFigures(base, env) : null,
      stages: stageFigures(stagesBefore, stagesAfter),
    };
  } finally {
    await stopServer(server);
    await receiver.close();
    await reddit.close();
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  }
}

function print(result: Result, database: string): void {
  const { scenario: s } = result;
  const percent = (share: number) => `${(share * 100).toFixed(2)}%`;
  console.log(
    [
      `${s.name} (${database}): ${s.credentials} credential(s), ${s.commentsPerSecond} comment ids/s + ${s.postsPerSecond} post ids/s, ${s.seconds} s measured`,
      `  coverage ${percent(result.coverage)} (${result.delivered} of ${result.created} visible items), duplicates ${result.duplicates}, 429s ${result.status429}`,
      `  creation → webhook p50 ${result.p50Seconds.toFixed(1)} s, p95 ${result.p95Seconds.toFixed(1)} s, max ${result.maxSeconds.toFixed(1)} s (posts ${result.byKind.t3.p50Seconds.toFixed(1)} / ${result.byKind.t3.p95Seconds.toFixed(1)} s, comments ${result.byKind.t1.p50Seconds.toFixed(1)} / ${result.byKind.t1.p95Seconds.toFixed(1)} s)`,
      `  requests/min ${JSON.stringify(result.requestsPerMinute)}, useful ids/request ${result.usefulIdsPerRequest}`,
      `  overload warnings: ${result.overloadWarnings.length}${result.overloadWarnings.length > 0 ? ` (last: ${result.overloadWarnings.at(-1)?.slice(0, 300)})` : ''}`,
      ...stageLines(result.stages),
      ...consoleLines(result),
    ].join('\n'),
  );
}

function stageLines(stages: StageFigure[]): string[] {
  const shown = (seconds: number | null) =>
    seconds === null
      ? 'n/a'
      : seconds < 1
        ? `${Math.round(seconds * 1_000)} ms`
        : `${seconds.toFixed(2)} s`;
  return [
    '  stages (server clocks, p50 / p95):',
    ...stages.map(
      ({ stage, count, p50Seconds, p95Seconds }) =>
        `    ${stage.padEnd(20)} ${shown(p50Seconds).padStart(8)} / ${shown(p95Seconds).padStart(8)}  (${count})`,
    ),
  ];
}

/** The console's figures beside the benchmark's, and how far apart they are. */
function consoleLines({ opsConsole: figures, coverage, p50Seconds, p95Seconds }: Result): string[] {
  if (figures === null) return [];
  const gap = (a: number | null, b: number) => (a === null ? 'n/a' : (a - b).toFixed(2));
  const shown = (value: number | null, digits: number) =>
    value === null ? 'n/a' : value.toFixed(digits);
  return [
    `  console (last hour): coverage ${shown(figures.coveragePercent, 2)}% of ${figures.itemsHanded} items handed, lag p50 ${shown(figures.p50Seconds, 1)} s, p95 ${shown(figures.p95Seconds, 1)} s (${figures.alerts} alerts)`,
    `  console − bench: coverage ${gap(figures.coveragePercent, coverage * 100)} points, p50 ${gap(figures.p50Seconds, p50Seconds)} s, p95 ${gap(figures.p95Seconds, p95Seconds)} s`,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '150' },
      warmup: { type: 'string', default: '15' },
      drain: { type: 'string', default: '40' },
      search: { type: 'string', default: '130,150,170' },
      'search-seconds': { type: 'string', default: '60' },
      only: { type: 'string' },
      database: { type: 'string', default: 'sqlite' },
    },
  });
  const database = values.database;
  if (database !== 'sqlite' && database !== 'postgres') {
    throw new Error('--database is sqlite or postgres');
  }
  const seconds = Number(values.seconds);
  const timing: ScenarioOptions = {
    warmup: Number(values.warmup),
    drain: Number(values.drain),
    database,
  };
  const wanted = (name: string) => values.only === undefined || values.only === name;
  const scenarios: Scenario[] = [
    { name: 'steady', credentials: 1, commentsPerSecond: 100, postsPerSecond: 10, seconds },
    { name: 'peak', credentials: 2, commentsPerSecond: 220, postsPerSecond: 20, seconds },
  ];
  for (const scenario of scenarios.filter((s) => wanted(s.name))) {
    print(await runScenario(scenario, timing), database);
  }
  if (!wanted('search')) return;
  let best: number | null = null;
  for (const total of values.search.split(',').map(Number)) {
    const commentsPerSecond = Math.round((total * 10) / 11);
    const result = await runScenario(
      {
        name: `search ${total} ids/s`,
        credentials: 1,
        commentsPerSecond,
        postsPerSecond: total - commentsPerSecond,
        seconds: Number(values['search-seconds']),
      },
      timing,
    );
    print(result, database);
    if (result.coverage >= 0.99) best = total;
    else break;
  }
  console.log(
    best === null
      ? 'one credential: no searched rate reached 99%'
      : `one credential sustains ${best} ids/s (~${Math.round(best * 0.85)} visible items/s) at ≥ 99%`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

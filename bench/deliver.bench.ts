/**
 * Webhook delivery through the real pipeline and worker: alerts are stored by IngestionPipeline
 * (alert + outbox rows in one transaction), the background worker claims, signs and posts them
 * to receivers on 127.0.0.1: fast ones, failing ones (500), slow ones that answer only after
 * the deadline, and trickling ones that answer 200 at once and then send their body a byte at a
 * time, never ending it.
 *
 * Four scenarios, each measuring a baseline in the same run:
 * - slow: one account's fast receivers, without and then with slow receivers of the same account
 *   (after an unprinted warm-up, so the baseline does not pay for compiling the code);
 * - hanging: the same with issue 23's shape: 1,000 alerts, 8 fast, 1 failing and 2 receivers
 *   that answer after 12 s under a 2 s deadline;
 * - isolation: an account's fast receivers alone, then beside another account with 6 trickling
 *   and 2 slow receivers (the default 10 s deadline), compared by p99;
 * - fanout: an account with one webhook, alone, then beside an account with 200 webhooks whose
 *   keywords match the same 100 items: the time to store them and the narrow account's p95.
 *
 *   npm run build && node dist/bench/deliver.bench.js
 *     [--scenario all|slow|hanging|isolation|fanout]
 *     [--alerts 5000] [--rate 400] [--fast 4] [--slow 2] [--failing 1] [--timeout-ms 500]
 *     [--slow-ms 2 × timeout] [--trickling 6] [--isolation-slow 2] [--isolation-timeout-ms 10000]
 *     [--max-seconds 60]
 *   DATABASE_URL unset: a temporary SQLite file. DATABASE_URL=postgres://…: a throwaway database
 *   created next to the one named (CREATE DATABASE), dropped at the end.
 *   --rate is alerts stored per second per account (each goes to every webhook of its account);
 *   0 stores them all at once.
 */
import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { openBenchDatabase } from './bench-database.js';
import { Database } from '../src/database/database.js';
import { IngestionPipeline } from '../src/modules/ingestion/ingestion-pipeline.service.js';
import type { RedditPost } from '../src/modules/ingestion/reddit-item.js';
import {
  bootDeliveryApp,
  feed,
  percentile,
  postsFor,
  subscribe,
  waitFor,
} from './delivery-bench-app.js';
import { Receivers, type ReceiverKind } from './webhook-receivers.js';

const WARM_UP_ALERTS = 300;

const SCENARIOS = ['all', 'slow', 'hanging', 'isolation', 'fanout'] as const;
type Scenario = (typeof SCENARIOS)[number];

interface Options {
  scenario: Scenario;
  alerts: number;
  rate: number;
  fast: number;
  slow: number;
  failing: number;
  timeoutMs: number;
  /** How long a slow receiver takes to answer; by default twice the deadline. */
  slowMs: number | null;
  trickling: number;
  isolationSlow: number;
  isolationTimeoutMs: number;
  maxSeconds: number;
}

interface PhaseResult {
  name: string;
  fastDelivered: number;
  fastExpected: number;
  fastPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failingAnswered: number;
  slowAttempts: number;
  tricklingAttempts: number;
  seconds: number;
}

/** Posts of every account in turn, so each account's alerts are stored at the same pace. */
function interleave(lists: RedditPost[][]): RedditPost[] {
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) =>
    lists.flatMap((list) => (i < list.length ? [list[i]] : [])),
  ).flat();
}

/**
 * One account per entry of `accounts`, with a webhook per receiver kind, each sent
 * `options.alerts` alerts; the figures are those of the fast receivers.
 */
async function runPhase(
  app: INestApplicationContext,
  name: string,
  options: Options,
  accounts: ReceiverKind[][],
  slowMs: number,
): Promise<PhaseResult> {
  const kinds = accounts.flat();
  const receivers = await Receivers.start({ kinds, slowMs });
  try {
    const postLists: RedditPost[][] = [];
    let first = 0;
    for (const [index, accountKinds] of accounts.entries()) {
      const phase = `${name}a${index}`;
      const urls = receivers.urls.slice(first, first + accountKinds.length);
      first += accountKinds.length;
      const terms = await subscribe(app, phase, options.alerts, urls);
      postLists.push(postsFor([terms], options.alerts, phase));
    }
    const fastExpected = options.alerts * kinds.filter((kind) => kind === 'fast').length;
    const startedAt = Date.now();
    const stored = await feed(app, interleave(postLists), options.rate * accounts.length);
    if (stored !== options.alerts * accounts.length) {
      console.log(`${name}: only ${stored} posts made an alert`);
    }
    await waitFor(
      () => receivers.received('fast') >= fastExpected,
      startedAt + options.maxSeconds * 1000,
    );
    const seconds = (Date.now() - startedAt) / 1000;

    const arrivals = await receivers.arrivals();
    const { latencies, firstStored, last } = await latenciesOf(
      app,
      arrivals.filter((_, index) => kinds[index] === 'fast'),
    );
    return {
      name,
      fastDelivered: latencies.length,
      fastExpected,
      fastPerSecond: latencies.length / Math.max(0.001, (last - firstStored) / 1000),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      failingAnswered: receivers.received('failing'),
      slowAttempts: receivers.received('slow'),
      tricklingAttempts: receivers.received('trickling'),
      seconds,
    };
  } finally {
    await receivers.close();
  }
}

/** Stored-to-arrival time of each delivery that arrived, sorted, and the span they cover. */
async function latenciesOf(
  app: INestApplicationContext,
  arrivals: Array<Map<string, number>>,
): Promise<{ latencies: number[]; firstStored: number; last: number }> {
  const storedAt = await storedTimes(
    app,
    arrivals.flatMap((byId) => [...byId.keys()]),
  );
  const latencies: number[] = [];
  let firstStored = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const [id, arrivedAt] of arrivals.flatMap((byId) => [...byId])) {
    const storedMs = storedAt.get(id) ?? arrivedAt;
    latencies.push(arrivedAt - storedMs);
    firstStored = Math.min(firstStored, storedMs);
    last = Math.max(last, arrivedAt);
  }
  latencies.sort((a, b) => a - b);
  return { latencies, firstStored, last };
}

/** When each delivery's row was written, in the transaction that stored its alert. */
async function storedTimes(
  app: INestApplicationContext,
  deliveryIds: string[],
): Promise<Map<string, number>> {
  const database = app.get(Database);
  const storedAt = new Map<string, number>();
  for (let start = 0; start < deliveryIds.length; start += 5000) {
    const rows = await database.query<{ id: string; created_at: string | number }>(
      database.manager,
      'SELECT id, created_at FROM deliveries WHERE id IN (:...ids)',
      { ids: deliveryIds.slice(start, start + 5000) },
    );
    for (const row of rows) storedAt.set(row.id, Number(row.created_at));
  }
  return storedAt;
}

const HEADER =
  'phase                  fast received   fast/s  p50 ms  p99 ms  max ms  500s    slow  trickle seconds';

function print(result: PhaseResult): void {
  console.log(
    [
      result.name.padEnd(22),
      `${result.fastDelivered}/${result.fastExpected}`.padStart(13),
      result.fastPerSecond.toFixed(0).padStart(9),
      result.p50Ms.toFixed(0).padStart(7),
      result.p99Ms.toFixed(0).padStart(7),
      result.maxMs.toFixed(0).padStart(7),
      String(result.failingAnswered).padStart(8),
      String(result.slowAttempts).padStart(8),
      String(result.tricklingAttempts).padStart(8),
      result.seconds.toFixed(1).padStart(7),
    ].join(' '),
  );
}

/** Runs `work` on an app of its own, on a database of its own. */
async function withApp(
  scenario: string,
  timeoutMs: number,
  work: (app: INestApplicationContext, label: string) => Promise<void>,
): Promise<void> {
  const target = await openBenchDatabase(`deliver_bench_${scenario}`);
  const app = await bootDeliveryApp(target.url, timeoutMs);
  try {
    await work(app, target.label);
  } finally {
    await app.close();
    await target.drop();
  }
}

const kindsOf = (counts: Partial<Record<ReceiverKind, number>>): ReceiverKind[] =>
  (Object.entries(counts) as [ReceiverKind, number][]).flatMap(([kind, count]) =>
    Array<ReceiverKind>(count).fill(kind),
  );

async function slowScenario(name: string, options: Options): Promise<void> {
  const slowMs = options.slowMs ?? options.timeoutMs * 2;
  await withApp(name, options.timeoutMs, async (app, label) => {
    console.log(
      `${name} receivers on ${label}: ${options.alerts} alerts ` +
        `${options.rate > 0 ? `at ${options.rate}/s` : 'stored at once'}, ` +
        `${options.fast} fast + ${options.failing} failing (500) webhooks, ` +
        `then + ${options.slow} slow (answer after ${slowMs} ms, deadline ${options.timeoutMs} ms)`,
    );
    console.log(HEADER);
    const account = { fast: options.fast, failing: options.failing };
    // Unprinted: so the baseline does not pay for compiling the code the second phase reuses.
    await runPhase(
      app,
      'warmup',
      { ...options, alerts: WARM_UP_ALERTS },
      [kindsOf(account)],
      slowMs,
    );
    const baseline = await runPhase(app, 'baseline', options, [kindsOf(account)], slowMs);
    print(baseline);
    const mixed = await runPhase(
      app,
      'withslow',
      options,
      [kindsOf({ ...account, slow: options.slow })],
      slowMs,
    );
    print(mixed);
    console.log(
      `fast deliveries/s with slow receivers / without: ${(mixed.fastPerSecond / baseline.fastPerSecond).toFixed(2)}` +
        ` (p99 ${mixed.p99Ms.toFixed(0)} ms vs ${baseline.p99Ms.toFixed(0)} ms)`,
    );
  });
}

async function isolationScenario(options: Options): Promise<void> {
  const timeoutMs = options.isolationTimeoutMs;
  await withApp('isolation', timeoutMs, async (app, label) => {
    console.log(
      `isolation on ${label}: ${options.alerts} alerts per account ` +
        `${options.rate > 0 ? `at ${options.rate}/s` : 'stored at once'}; an account with ` +
        `${options.fast} fast webhooks, alone, then beside an account with ${options.trickling} ` +
        `trickling and ${options.isolationSlow} slow webhooks (deadline ${timeoutMs} ms)`,
    );
    console.log(HEADER);
    const others = kindsOf({ fast: options.fast });
    const alone = await runPhase(app, 'others-alone', options, [others], timeoutMs * 2);
    print(alone);
    const noisy = kindsOf({ trickling: options.trickling, slow: options.isolationSlow });
    const beside = await runPhase(app, 'others+noisy', options, [others, noisy], timeoutMs * 2);
    print(beside);
    console.log(
      `other account's p99 beside the noisy one / alone: ${(beside.p99Ms / alone.p99Ms).toFixed(2)}` +
        ` (${beside.p99Ms.toFixed(0)} ms vs ${alone.p99Ms.toFixed(0)} ms; p50 ${beside.p50Ms.toFixed(0)} vs ${alone.p50Ms.toFixed(0)} ms)`,
    );
  });
}

/** The issue's figure: one account's 8 fast webhooks beside 2 of its own that hang for 12 s. */
const HANGING: Partial<Options> = {
  alerts: 1000,
  fast: 8,
  slow: 2,
  failing: 1,
  timeoutMs: 2000,
  slowMs: 12_000,
};

const FAN_OUT_WEBHOOKS = 200;
const FAN_OUT_ITEMS = 100;

/**
 * An account with one fast webhook, alone, then beside an account with 200 fast webhooks whose
 * keywords match the same items: how long storing 100 items takes (the wide account's 20,000
 * outbox rows are written in the same transactions) and the narrow account's delivery latency.
 */
async function fanOutScenario(options: Options): Promise<void> {
  await withApp('fanout', options.timeoutMs, async (app, label) => {
    console.log(
      `fan-out on ${label}: ${FAN_OUT_ITEMS} items stored at once, each matching an account with ` +
        `1 webhook, alone, then also an account with ${FAN_OUT_WEBHOOKS} webhooks`,
    );
    console.log('phase          ingest ms  deliveries  narrow p50 ms  narrow p95 ms  seconds');
    const phases: Array<{ name: string; ingestMs: number; p95Ms: number }> = [];
    for (const [name, wide] of [
      ['narrow-alone', 0],
      ['narrow+wide', FAN_OUT_WEBHOOKS],
    ] as const) {
      const kinds = kindsOf({ fast: 1 + wide });
      const receivers = await Receivers.start({ kinds, slowMs: 0 });
      try {
        const narrowTerms = await subscribe(
          app,
          `${name}n`,
          FAN_OUT_ITEMS,
          receivers.urls.slice(0, 1),
        );
        const termLists = [narrowTerms];
        if (wide > 0) {
          termLists.push(await subscribe(app, `${name}w`, FAN_OUT_ITEMS, receivers.urls.slice(1)));
        }
        const posts = postsFor(termLists, FAN_OUT_ITEMS, name.replace('+', ''));
        const startedAt = Date.now();
        await app.get(IngestionPipeline).process(posts);
        const ingestMs = Date.now() - startedAt;
        const expected = FAN_OUT_ITEMS * kinds.length;
        await waitFor(
          () => receivers.received('fast') >= expected,
          startedAt + options.maxSeconds * 1000,
        );
        const seconds = (Date.now() - startedAt) / 1000;
        const [narrow] = await receivers.arrivals();
        const { latencies } = await latenciesOf(app, [narrow]);
        const p95Ms = percentile(latencies, 95);
        phases.push({ name, ingestMs, p95Ms });
        console.log(
          [
            name.padEnd(14),
            String(ingestMs).padStart(9),
            `${receivers.received('fast')}/${expected}`.padStart(11),
            percentile(latencies, 50).toFixed(0).padStart(14),
            p95Ms.toFixed(0).padStart(14),
            seconds.toFixed(1).padStart(8),
          ].join(' '),
        );
      } finally {
        await receivers.close();
      }
    }
    const [alone, beside] = phases;
    console.log(
      `beside the wide account / alone: ingest ${(beside.ingestMs / alone.ingestMs).toFixed(2)}, ` +
        `narrow p95 ${(beside.p95Ms / alone.p95Ms).toFixed(2)}`,
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string' },
      alerts: { type: 'string' },
      rate: { type: 'string' },
      fast: { type: 'string' },
      slow: { type: 'string' },
      failing: { type: 'string' },
      'timeout-ms': { type: 'string' },
      'slow-ms': { type: 'string' },
      trickling: { type: 'string' },
      'isolation-slow': { type: 'string' },
      'isolation-timeout-ms': { type: 'string' },
      'max-seconds': { type: 'string' },
    },
  });
  const scenario = (values.scenario ?? 'all') as Scenario;
  if (!SCENARIOS.includes(scenario)) {
    throw new Error(`--scenario must be one of ${SCENARIOS.join(', ')}`);
  }
  const options: Options = {
    scenario,
    alerts: Math.min(50_000, Number(values.alerts ?? 5000)),
    rate: Number(values.rate ?? 400),
    fast: Math.min(32, Number(values.fast ?? 4)),
    slow: Math.min(32, Number(values.slow ?? 2)),
    failing: Math.min(32, Number(values.failing ?? 1)),
    timeoutMs: Number(values['timeout-ms'] ?? 500),
    slowMs: values['slow-ms'] === undefined ? null : Number(values['slow-ms']),
    trickling: Math.min(32, Number(values.trickling ?? 6)),
    isolationSlow: Math.min(32, Number(values['isolation-slow'] ?? 2)),
    isolationTimeoutMs: Number(values['isolation-timeout-ms'] ?? 10_000),
    maxSeconds: Math.min(600, Number(values['max-seconds'] ?? 60)),
  };
  const runs = (scenario: Scenario) => options.scenario === 'all' || options.scenario === scenario;
  if (runs('slow')) await slowScenario('slow', options);
  if (runs('hanging')) await slowScenario('hanging', { ...options, ...HANGING });
  if (runs('isolation')) await isolationScenario(options);
  if (runs('fanout')) await fanOutScenario(options);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

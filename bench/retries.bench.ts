/**
 * Retries beside a healthy account (decisions.md section 16: waiting retries never hold a slot,
 * never delay another webhook's deliveries), through the real pipeline and worker in this process.
 *
 * Each run boots an app on a database of its own and measures, one after the other:
 * - alone: a healthy account (one webhook, a receiver answering 200 at once) is sent a backlog
 *   of --alerts alerts at once; its rate is deliveries per second from the first alert stored to
 *   the last delivery received;
 * - with retries: first --failing-webhooks webhooks (10 per account, retry_policy standard) to
 *   receivers that answer every attempt 503 with Retry-After: 1, each sent --failing-alerts
 *   alerts, whose first attempts are made and fail; then, while their retries fall due every
 *   second (the shortest wait a receiver can ask for, so the most retries there can be), the same
 *   healthy backlogs again;
 * - alone again, once every retry has been made: the same backlogs. Every backlog leaves its rows
 *   behind, so a later backlog drains a bigger database; measuring alone on both sides of the
 *   retries keeps that drift out of the ratio, which compares the median with retries to the
 *   median of the backlogs alone before and after.
 * It prints the rates, the ratio (target ≥ 0.9), the retries made while the healthy backlogs
 * drained, and how late the retries came (time between two attempts less the 1 s asked for).
 *
 *   npm run bench:retries -- [--runs 3] [--alerts 3000] [--failing-webhooks 1000]
 *     [--failing-alerts 3] [--max-seconds 120]
 *   DATABASE_URL unset: a temporary SQLite file. DATABASE_URL=postgres://…: a throwaway database
 *   created next to the one named, dropped at the end.
 */
import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { openBenchDatabase } from './bench-database.js';
import {
  bootDeliveryApp,
  feed,
  percentile,
  postsFor,
  subscribe,
  waitFor,
} from './delivery-bench-app.js';
import { RETRY_DELAYS_MS, type RetryPolicy } from '../src/modules/delivery/retry-policy.js';
import { printTable } from './print-table.js';
import { BUSY_RETRY_AFTER_MS, Receivers, type ReceiverKind } from './webhook-receivers.js';

const WEBHOOKS_PER_FAILING_ACCOUNT = 10;
/** Busy receivers the failing webhooks share (each its own port, as distinct hosts would be). */
const BUSY_RECEIVERS = 20;
const WARM_UP_ALERTS = 1000;
const WEBHOOK_TIMEOUT_MS = 10_000;

interface Options {
  runs: number;
  alerts: number;
  /** Backlogs drained on each side. */
  backlogs: number;
  failingWebhooks: number;
  failingAlerts: number;
  /** standard; none is the control: the same failing webhooks, without retries. */
  failingPolicy: RetryPolicy;
  maxSeconds: number;
}

interface HealthyDrain {
  perSecond: number;
  seconds: number;
  delivered: number;
  retriesDuring: number;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      alerts: { type: 'string', default: '2000' },
      backlogs: { type: 'string', default: '3' },
      'failing-webhooks': { type: 'string', default: '1000' },
      'failing-alerts': { type: 'string', default: '3' },
      'failing-policy': { type: 'string', default: 'standard' },
      'max-seconds': { type: 'string', default: '120' },
    },
  });
  return {
    runs: Number(values.runs),
    alerts: Number(values.alerts),
    backlogs: Number(values.backlogs),
    failingWebhooks: Number(values['failing-webhooks']),
    failingAlerts: Number(values['failing-alerts']),
    failingPolicy: values['failing-policy'] === 'none' ? 'none' : 'standard',
    maxSeconds: Number(values['max-seconds']),
  };
}

/** Sends a new healthy account `alerts` alerts at once and waits for all of them to arrive. */
async function drainHealthy(
  app: INestApplicationContext,
  receivers: Receivers,
  phase: string,
  alerts: number,
  maxSeconds: number,
): Promise<HealthyDrain> {
  const before = receivers.received('fast');
  const terms = await subscribe(app, phase, alerts, [receivers.urls[0]]);
  const retriesBefore = receivers.requestsTo('busy');
  const startedAt = Date.now();
  await feed(app, postsFor([terms], alerts, phase), 0);
  await waitFor(() => receivers.received('fast') >= before + alerts, startedAt + maxSeconds * 1000);
  const seconds = (Date.now() - startedAt) / 1000;
  const delivered = receivers.received('fast') - before;
  return {
    perSecond: delivered / seconds,
    seconds,
    delivered,
    retriesDuring: receivers.requestsTo('busy') - retriesBefore,
  };
}

/**
 * Failing accounts whose every webhook's first attempts have been made (and failed); resolves
 * to the number of requests the busy receivers will have seen once every retry has been made.
 */
async function startFailing(
  app: INestApplicationContext,
  receivers: Receivers,
  run: number,
  opts: Options,
): Promise<number> {
  const busyUrls = receivers.urls.slice(1);
  const accounts = Math.ceil(opts.failingWebhooks / WEBHOOKS_PER_FAILING_ACCOUNT);
  const termLists: string[][] = [];
  for (let account = 0; account < accounts; account += 1) {
    const urls = Array.from(
      { length: WEBHOOKS_PER_FAILING_ACCOUNT },
      (_, i) =>
        `${busyUrls[(account * WEBHOOKS_PER_FAILING_ACCOUNT + i) % busyUrls.length]}/${account}/${i}`,
    );
    termLists.push(
      await subscribe(app, `r${run}f${account}`, opts.failingAlerts, urls, {
        retryPolicy: opts.failingPolicy,
      }),
    );
  }
  const firstAttempts = accounts * WEBHOOKS_PER_FAILING_ACCOUNT * opts.failingAlerts;
  const before = receivers.requestsTo('busy');
  await feed(app, postsFor(termLists, opts.failingAlerts, `r${run}f`), 0);
  await waitFor(
    () => receivers.requestsTo('busy') >= before + firstAttempts,
    Date.now() + opts.maxSeconds * 1000,
  );
  const attemptsEach = opts.failingPolicy === 'standard' ? RETRY_DELAYS_MS.length + 1 : 1;
  return before + firstAttempts * attemptsEach;
}

const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Backlogs drained alone, then the failing webhooks' first attempts, then backlogs drained while
 * their retries fall due, then (every retry made) backlogs alone again; each side's rate is the
 * median of its backlogs.
 */
async function oneRun(run: number, opts: Options) {
  const target = await openBenchDatabase(`retries_bench_${run}`);
  const app = await bootDeliveryApp(target.url, WEBHOOK_TIMEOUT_MS);
  const kinds: ReceiverKind[] = ['fast', ...Array<ReceiverKind>(BUSY_RECEIVERS).fill('busy')];
  const receivers = await Receivers.start({ kinds, slowMs: 0 });
  let vacuumed = false;
  const drains = async (phase: string): Promise<HealthyDrain[]> => {
    const done: HealthyDrain[] = [];
    for (let i = 0; i < opts.backlogs; i += 1) {
      if (await target.standInForAutovacuum()) vacuumed = true;
      done.push(
        await drainHealthy(app, receivers, `r${run}${phase}${i}`, opts.alerts, opts.maxSeconds),
      );
    }
    return done;
  };
  try {
    await drainHealthy(app, receivers, `r${run}w`, WARM_UP_ALERTS, opts.maxSeconds);
    const aloneBefore = await drains('a');
    const everyAttempt = await startFailing(app, receivers, run, opts);
    const withRetries = await drains('b');
    await waitFor(
      () => receivers.requestsTo('busy') >= everyAttempt,
      Date.now() + opts.maxSeconds * 1000,
    );
    const aloneAfter = await drains('c');
    const lateness = (await receivers.retryGaps())
      .map((gap) => gap - BUSY_RETRY_AFTER_MS)
      .sort((a, b) => a - b);
    const label = vacuumed ? `${target.label} (vacuumed between backlogs)` : target.label;
    return { label, aloneBefore, withRetries, aloneAfter, lateness };
  } finally {
    await receivers.close();
    await app.close();
    await target.drop();
  }
}

const rates = (drained: HealthyDrain[]) =>
  drained.map((drain) => drain.perSecond.toFixed(0)).join(', ');

async function main(): Promise<void> {
  const opts = options();
  console.log(
    `retries bench: a healthy account's backlogs of ${opts.alerts} alerts, ${opts.backlogs} alone, then ` +
      `${opts.backlogs} while ${opts.failingWebhooks} webhooks (retry_policy ${opts.failingPolicy}, ` +
      `${opts.failingAlerts} alerts each) are answered 503 with Retry-After: 1, then ` +
      `${opts.backlogs} alone again; ${opts.runs} runs`,
  );
  const rows: string[][] = [];
  const ratios: number[] = [];
  for (let run = 1; run <= opts.runs; run += 1) {
    const { label, aloneBefore, withRetries, aloneAfter, lateness } = await oneRun(run, opts);
    const alone = [...aloneBefore, ...aloneAfter];
    const ratio =
      median(withRetries.map((drain) => drain.perSecond)) /
      median(alone.map((drain) => drain.perSecond));
    ratios.push(ratio);
    const retries = withRetries.reduce((sum, drain) => sum + drain.retriesDuring, 0);
    const seconds = withRetries.reduce((sum, drain) => sum + drain.seconds, 0);
    const delivered = [...alone, ...withRetries].every((drain) => drain.delivered === opts.alerts);
    rows.push([
      String(run),
      label,
      delivered ? 'all' : 'NOT all',
      rates(aloneBefore),
      rates(withRetries),
      rates(aloneAfter),
      ratio.toFixed(2),
      String(retries),
      (retries / seconds).toFixed(0),
      String(lateness.length),
      percentile(lateness, 50).toFixed(0),
      percentile(lateness, 99).toFixed(0),
    ]);
  }
  printTable(
    [
      'run',
      'database',
      'delivered',
      'alone before /s',
      'with retries /s',
      'alone after /s',
      'ratio of medians',
      'retries during',
      'retries /s',
      'retries seen',
      'late p50 ms',
      'late p99 ms',
    ],
    rows,
  );
  const low = Math.min(...ratios);
  const high = Math.max(...ratios);
  console.log(
    `ratio over ${opts.runs} runs: ${low.toFixed(2)}–${high.toFixed(2)} (target ≥ 0.90): ` +
      (low >= 0.9 ? 'met' : 'NOT met'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * GraphQL under hostile documents: the real app (SQLite in a temporary file) serves on 127.0.0.1
 * in the main thread; a worker thread sends the attacks while another probes GET /health, so the
 * clients' own work never stalls the server's event loop. Each attack is sent back to back for
 * --ms, with and without a valid key, while /health is probed; /health is first probed alone
 * (the baseline) for as long.
 *
 *   npm run build && node dist/bench/graphql.bench.js [--ms 2000]
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { AppModule } from '../src/app.module.js';
import { loadConfig } from '../src/config/app-config.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import { OPERATION_LIMITS } from '../src/modules/graphql/limits/operation-limits.js';
import { setupApp } from '../src/setup-app.js';

type Job =
  | { kind: 'health'; base: string; ms: number }
  | { kind: 'attack'; base: string; apiKey: string | null; body: string; ms: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `n ${sorted.length}, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};

async function runJob(job: Job): Promise<unknown> {
  if (job.kind === 'health') {
    const times: number[] = [];
    const end = performance.now() + job.ms;
    while (performance.now() < end) {
      const started = performance.now();
      const res = await fetch(`${job.base}/health`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    return times;
  }
  const results: Array<{ status: number; ms: number }> = [];
  const end = performance.now() + job.ms;
  while (performance.now() < end) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (job.apiKey) headers.Authorization = `Bearer ${job.apiKey}`;
    const started = performance.now();
    const res = await fetch(`${job.base}/graphql`, { method: 'POST', headers, body: job.body });
    await res.arrayBuffer();
    results.push({ status: res.status, ms: performance.now() - started });
  }
  return results;
}

function inWorker<T>(job: Job): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The documents an attacker sends, each at or past a limit. */
function attacks(): Array<{ name: string; query: string }> {
  const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}:usage{plan} `).join('');
  const underTokenLimit = Math.floor(OPERATION_LIMITS.tokens / 4) - 2;
  return [
    { name: '100,000 aliases (1.9 MB)', query: `{${aliases(100_000)}}` },
    {
      name: `${underTokenLimit} identical root fields`,
      query: `{${' keywords{count}'.repeat(underTokenLimit)}}`,
    },
    {
      name: `${underTokenLimit} identical nested fields`,
      query: `{ alerts { edges { node {${' keyword{id}'.repeat(underTokenLimit - 8)}} } } }`,
    },
    {
      name: '16 aliases',
      query: `{ keywords { ${Array.from({ length: 16 }, (_, i) => `c${i}: count`).join(' ')} } }`,
    },
    {
      name: 'a valid dashboard query',
      query: '{ keywords { count nodes { id text } } usage { plan } }',
    },
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ms: { type: 'string', default: '2000' } },
  });
  const probeMs = Number(values.ms);
  const dir = mkdtempSync(join(tmpdir(), 'graphql-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    AUTH_FAILURES_PER_MINUTE: '1000000',
  });
  const app = await NestFactory.create(
    AppModule.forRoot({ config, logger: pino({ level: 'silent' }) }),
    { bodyParser: false, logger: false },
  );
  setupApp(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const { apiKey } = await app
    .get(AccountsService)
    .createAccount({ plan: 'starter', product: 'alerts' });
  try {
    const alone = await inWorker<number[]>({ kind: 'health', base, ms: probeMs });
    console.log(`GET /health alone: ${summary(alone)}`);
    for (const { name, query } of attacks()) {
      const body = JSON.stringify({ query });
      for (const key of [apiKey, null]) {
        const [results, health] = await Promise.all([
          inWorker<Array<{ status: number; ms: number }>>({
            kind: 'attack',
            base,
            apiKey: key,
            body,
            ms: probeMs,
          }),
          inWorker<number[]>({ kind: 'health', base, ms: probeMs }),
        ]);
        const statuses = [...new Set(results.map((r) => r.status))].join('/');
        const healthMax = Math.max(...health);
        console.log(
          `${name}, ${key ? 'valid key' : 'no key'}: status ${statuses}, ` +
            `${summary(results.map((r) => r.ms))}; /health meanwhile: ${summary(health)} ` +
            `(max ${(healthMax / Math.max(...alone)).toFixed(1)}x the baseline's max)`,
        );
      }
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  void runJob(workerData as Job).then((result) => parentPort!.postMessage(result));
}

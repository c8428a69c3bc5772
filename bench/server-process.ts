import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { StageBucket } from '../src/modules/metrics/pipeline-stages.js';

/**
 * The checkout whose build serves: this one (this file runs as <root>/dist/bench/server-process.js),
 * or BENCH_APP_ROOT, another checkout built with `npm run build`, for the same bench against the
 * code before a change.
 */
const ROOT = process.env.BENCH_APP_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'dist/src/main.js');
const ADMIN = join(ROOT, 'dist/src/cli/admin.js');

/** Runs one admin command in its own process and parses the JSON line it prints. */
export function adminCommand<T>(args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADMIN, ...args], {
      env,
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`admin ${args[0]}: ${code}`)),
    );
  });
}

/** The server (dist/src/main.js) in its own process, its logs piped to the caller. */
export function spawnServer(env: NodeJS.ProcessEnv, nodeOptions: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeOptions, SERVER], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  await once(server, 'exit');
}

export async function waitForHealth(base: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const ok = await fetch(`${base}/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error('server did not start');
}

/** One scrape of a Prometheus endpoint: the value of an unlabelled sample by name (0 if absent). */
/** Cumulative bucket counts of a histogram with a `stage` label, by stage, as /metrics shows them. */
export async function scrapeStageBuckets(
  url: string,
  histogram: string,
): Promise<Map<string, StageBucket[]>> {
  const byStage = new Map<string, StageBucket[]>();
  const pattern = new RegExp(`^${histogram}_bucket\\{(.*)\\} (\\S+)$`);
  for (const line of (await (await fetch(url)).text()).split('\n')) {
    const match = pattern.exec(line);
    if (match === null) continue;
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(match[1])?.[1];
    const stage = label('stage');
    const le = label('le');
    if (stage === undefined || le === undefined) continue;
    const bucket = {
      le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le),
      count: Number(match[2]),
    };
    byStage.set(stage, [...(byStage.get(stage) ?? []), bucket]);
  }
  return byStage;
}

export async function scrapeMetrics(url: string): Promise<(name: string) => number> {
  const lines = (await (await fetch(url)).text()).split('\n');
  return (name) =>
    Number(lines.find((line) => line.startsWith(`${name} `))?.slice(name.length + 1) ?? 0);
}

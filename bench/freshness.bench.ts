/**
 * Time from a new post to GET /alerts on a quiet Reddit: the real server (dist/src/main.js, its
 * own process) polls the simulated Reddit of bench/reddit-sim in real time. Each scenario starts
 * a fresh simulator, database and server; an older post starts the walk, then (with a gap)
 * twenty ids Reddit never shows are taken, three new posts follow, and once they are on
 * GET /alerts three more, the last of which enters the listing 20 s late (4% of items on Reddit
 * come 5-25 s late). A post's time is its alert's `timestamp` (the match, stored in the same
 * transaction) minus its creation.
 *
 *   npm run bench:freshness -- [--runs 1] [--intervals 250,500,2000]
 *   DATABASE_URL=postgres://…/db npm run bench:freshness   (a throwaway database per scenario)
 *
 * Every run includes INGEST_POLL_MS=2000, the default, as the baseline the others are shown
 * against.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';
import { RedditSimServer } from './reddit-sim/reddit-sim-server.js';

const SERVER = fileURLToPath(new URL('../src/main.js', import.meta.url));
const ADMIN = fileURLToPath(new URL('../src/cli/admin.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASELINE_MS = 2_000;
const KEYWORD = 'zebra crossing';
/** GET /alerts is limited to 60 a minute per key: look once a second. */
const LOOK_EVERY_MS = 1_050;
const WAVE_LIMIT_MS = 30_000;

interface Scenario {
  pollMs: number;
  gap: boolean;
  rateLimitHeaders: boolean;
}

/**
 * The slowest post's time to GET /alerts in ms (Infinity: not there after 30 s): of the first
 * wave, of the second wave's two listed in time, and the late-listed one.
 */
interface Timing {
  first: number;
  second: number;
  late: number;
}

interface Database {
  url: string;
  drop(): Promise<void>;
}

let databases = 0;

async function freshDatabase(): Promise<Database> {
  const given = process.env.DATABASE_URL;
  if (given === undefined || !given.startsWith('postgres')) {
    const directory = mkdtempSync(join(tmpdir(), 'freshness-bench-'));
    return {
      url: `sqlite:${join(directory, 'alerts.sqlite')}`,
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  databases += 1;
  const name = `freshness_bench_${process.pid}_${databases}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(given);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE ${name} WITH (FORCE)`) };
}

function admin(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADMIN, ...args], { env, cwd: ROOT });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin: ${code}`))));
  });
}

async function measure(scenario: Scenario): Promise<Timing> {
  const reddit = await RedditSimServer.start({ rateLimitHeaders: scenario.rateLimitHeaders });
  const database = await freshDatabase();
  const base = `http://127.0.0.1:${await freePort()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: new URL(base).port,
    ROLE: 'all',
    LOG_LEVEL: 'warn',
    INGEST_POLL_MS: String(scenario.pollMs),
    REDDIT_CLIENT_ID: 'client-a',
    REDDIT_CLIENT_SECRET: 'secret-a',
    REDDIT_API_BASE: reddit.baseUrl,
    REDDIT_AUTH_BASE: reddit.baseUrl,
  };
  const { api_key: apiKey } = JSON.parse(await admin(['create-account', '--plan', 'pro'], env)) as {
    api_key: string;
  };
  const server = spawn(process.execPath, [SERVER], { env, cwd: ROOT, stdio: 'ignore' });
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  try {
    for (let attempt = 0; ; attempt += 1) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (attempt > 300) throw new Error('server did not start');
      await sleep(100);
    }
    const created = await fetch(`${base}/api/v1/keywords`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ keywords: [{ text: KEYWORD }] }),
    });
    if (!created.ok) throw new Error(`keyword: ${created.status}`);
    const alerted = async () => {
      const response = await fetch(`${base}/api/v1/alerts?limit=100`, { headers });
      const { data } = (await response.json()) as { data: { id: string; timestamp: string }[] };
      return new Map(data.map((alert) => [alert.id, Date.parse(alert.timestamp)]));
    };
    const timesToAlert = async (ids: string[]): Promise<number[]> => {
      const until = Date.now() + WAVE_LIMIT_MS;
      let alerts = new Map<string, number>();
      while (Date.now() < until && !ids.every((id) => alerts.has(id))) {
        await sleep(LOOK_EVERY_MS);
        alerts = await alerted();
      }
      return ids.map(
        (id) => (alerts.get(id) ?? Infinity) - reddit.world.thing(`t3_${id}`)!.createdMs,
      );
    };

    reddit.addPost({ title: 'an older post' }, { hidden: false, listedAt: Date.now() });
    await sleep(4_000);
    if (scenario.gap) reddit.remove(reddit.addPosts(20).map((id) => `t3_${id}`));
    const wave = (late: boolean) =>
      Array.from({ length: 3 }, (_, index) =>
        reddit.addPost(
          { title: `post ${index} ${KEYWORD}` },
          late && index === 2
            ? { hidden: false, listedAt: Date.now() + 20_000 }
            : { hidden: false },
        ),
      );
    const first = await timesToAlert(wave(false));
    const [secondA, secondB, late] = await timesToAlert(wave(true));
    return { first: Math.max(...first), second: Math.max(secondA, secondB), late };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await reddit.close();
    await database.drop();
  }
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1_000).toFixed(2)} s` : '> 30 s');
const label = ({ gap, rateLimitHeaders }: Scenario) =>
  `${gap ? '20-id gap' : 'no gap   '}, ${rateLimitHeaders ? 'with   ' : 'without'} X-Ratelimit-*`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      intervals: { type: 'string', default: '250,500' },
    },
  });
  const intervals = [...new Set([...values.intervals.split(',').map(Number), BASELINE_MS])];
  const database = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
  console.log(
    `time from a new post to GET /alerts, quiet Reddit, ${database}: ` +
      'first wave / second wave / its post listed 20 s late (slowest of each)',
  );
  for (let run = 1; run <= Number(values.runs); run += 1) {
    for (const gap of [true, false]) {
      for (const rateLimitHeaders of [false, true]) {
        const timings = new Map<number, Timing>();
        for (const pollMs of intervals) {
          timings.set(pollMs, await measure({ pollMs, gap, rateLimitHeaders }));
        }
        const baseline = timings.get(BASELINE_MS)!;
        const figures = ({ first, second, late }: Timing) =>
          `${seconds(first)} / ${seconds(second)} / ${seconds(late)}`;
        for (const [pollMs, timing] of timings) {
          console.log(
            `run ${run}  ${label({ pollMs, gap, rateLimitHeaders })}  INGEST_POLL_MS=${String(pollMs).padEnd(4)}  ` +
              figures(timing) +
              (pollMs === BASELINE_MS ? '  (baseline)' : `  vs baseline ${figures(baseline)}`),
          );
        }
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

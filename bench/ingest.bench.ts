/**
 * End-to-end ingest throughput: the real `admin ingest` command reading an NDJSON dump into
 * SQLite and PostgreSQL, with keywords spread over several accounts (and one webhook each, so
 * every alert also writes its outbox row).
 *
 * Synthetic (default): synthetic items and keywords.
 *   npm run bench:ingest [-- --items 100000 --keywords 1000]
 * With `--filtered-share 0.3`, the same keywords twice, without filters and with that share of
 * them filtered (syntheticFilters), each ingesting the dump `--rounds` times (default 3) into a
 * fresh copy, alternately.
 * Realistic: items recombined from real Reddit sentences, "brand software-term" keywords from
 * real lists over 40 accounts, each keyword count against a run with 10 keywords, and 20,000
 * queries drawn from the first 20,000 of those keywords as `bench:match` draws them
 * (bench/query-mix.ts) against the same run with 10.
 *   npm run bench:ingest -- --reddit ../shared/data/reddit --keyword-lists ../shared/data/keywords
 *     [--items 20000 --counts 10,20000,100000 --rounds 3]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test (default; unreachable → skipped)
 * Each round's summary shows three cold loads of the keyword index: the one `admin ingest` logs
 * (on its thread, overlapping the start-up), how long its first batch waited for it, and the same
 * load in a fresh process doing nothing else (cold-load.ts).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { planLimits } from '../src/config/plans.js';
import { dumpFile, seed, type SeededKeyword } from './ingest-fixtures.js';
import { comparisonQueries, QUERY_COUNT } from './query-comparison.js';
import { realItems, realKeywords, redditText } from './real-corpus.js';
import {
  syntheticFilters,
  syntheticItems,
  syntheticKeywords,
  type SyntheticKeyword,
} from './synthetic-stream.js';

const run = promisify(execFile);
const KEYWORDS_PER_ACCOUNT = planLimits('scale').keywordLimit;
const REAL_ACCOUNTS = 40;

interface Target {
  name: string;
  url: string;
  drop(): Promise<void>;
  /** A copy of this database as it is now (its app closed), to ingest into more than once. */
  copy(): Promise<Target>;
  /**
   * Does now what the database would do in the background after seeding: PostgreSQL's autovacuum
   * would vacuum and analyze the new rows a minute later, in the middle of a measured round, and
   * slow every process on a 2-core machine.
   */
  settle(): Promise<void>;
}

const FILTER_SEED = 13;

/** The query comparison's queries over the keywords' words, as keywords to seed. */
function queryKeywords(keywords: readonly SyntheticKeyword[]): SeededKeyword[] {
  return comparisonQueries(keywords.map(({ text }) => text)).map((query, index) => ({
    text: `query ${index}`,
    mode: 'exact',
    query,
  }));
}

function sqliteTarget(dir: string, from?: string): Target {
  const sqliteDir = mkdtempSync(join(dir, 'sqlite-'));
  const file = join(sqliteDir, 'bench.sqlite');
  for (const suffix of ['', '-wal']) {
    if (from !== undefined && existsSync(from + suffix)) copyFileSync(from + suffix, file + suffix);
  }
  return {
    name: 'SQLite',
    url: `sqlite:${file}`,
    drop: async () => rmSync(sqliteDir, { recursive: true, force: true }),
    copy: async () => sqliteTarget(dir, file),
    settle: async () => undefined,
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let postgresDatabases = 0;

async function postgresTarget(admin: string, template?: string): Promise<Target> {
  postgresDatabases += 1;
  const name = `bench_${process.pid}_${postgresDatabases}`;
  await withClient(admin, (client) =>
    client.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    drop: () =>
      withClient(admin, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
    copy: () => postgresTarget(admin, name),
    settle: () =>
      withClient(url.toString(), (client) => client.query('VACUUM ANALYZE')).then(() => undefined),
  };
}

async function targets(dir: string): Promise<Target[]> {
  const list: Target[] = [sqliteTarget(dir)];
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  try {
    await withClient(admin, () => Promise.resolve());
  } catch {
    console.log(`PostgreSQL unreachable at ${admin}: skipped`);
    return list;
  }
  list.push(await postgresTarget(admin));
  return list;
}

/** The "keyword index loaded" line the admin command logs at info level: a cold start. */
interface IndexLoad {
  /** How long the load took, on the index thread while the process was starting. */
  ms: number;
  /** How long the process's first batch waited for it: what the load added to the start. */
  waitedMs: number;
}

interface Run {
  indexLoad: IndexLoad;
  itemsPerSecond: number;
  /** Items per second of CPU time of the admin process (user + system, its own threads only). */
  itemsPerCpuSecond: number;
  alerts: number;
  capped: number;
  seconds: number;
}

/** bash's `times`: the CPU time of the shell, then of its children ("0m1.234s 0m0.056s"). */
function childCpuSeconds(stderr: string): number {
  const lines = stderr.trim().split('\n');
  const [user, system] = lines[lines.length - 1].split(' ').map((time) => {
    const [minutes, seconds] = time.replace('s', '').split('m');
    return Number(minutes) * 60 + Number(seconds);
  });
  return user + system;
}

function indexLoad(stderr: string): IndexLoad {
  for (const line of stderr.split('\n')) {
    if (!line.includes('"keyword index loaded"')) continue;
    const { ms, waitedMs, thread } = JSON.parse(line) as IndexLoad & { thread: boolean };
    if (!thread) throw new Error('admin ingest loaded its keyword index without its thread');
    return { ms, waitedMs };
  }
  throw new Error('admin ingest logged no keyword index load');
}

/** A cold load of the database's keywords on its thread, with nothing else in the process. */
async function loadAloneMs(target: Target): Promise<number> {
  const { stdout } = await run('node', ['dist/bench/cold-load.js', target.url]);
  return (JSON.parse(stdout) as { ms: number }).ms;
}

/**
 * The real `admin ingest` command, process start to exit. Its CPU time is taken too: on a
 * machine shared with other work, wall time grows with the load, CPU time much less.
 */
async function timedIngest(target: Target, file: string, itemCount: number): Promise<Run> {
  const started = process.hrtime.bigint();
  const { stdout, stderr } = await run(
    'bash',
    ['-c', 'node dist/src/cli/admin.js ingest "$1" && times >&2', 'bash', file],
    { env: { ...process.env, DATABASE_URL: target.url, LOG_LEVEL: 'info' }, maxBuffer: 1 << 24 },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = JSON.parse(stdout) as { alerts: number; capped: number };
  return {
    indexLoad: indexLoad(stderr),
    itemsPerSecond: itemCount / seconds,
    itemsPerCpuSecond: itemCount / childCpuSeconds(stderr),
    ...summary,
    seconds,
  };
}

async function synthetic(dir: string, itemCount: number, keywordCount: number): Promise<void> {
  const file = dumpFile(dir, syntheticItems(itemCount, 7));
  const keywords = syntheticKeywords(keywordCount, 11);
  const accountCount = Math.ceil(keywordCount / KEYWORDS_PER_ACCOUNT);
  console.log(
    `ingest benchmark: ${itemCount} items, ${keywordCount} keywords (mixed modes) over ${accountCount} accounts, 1 webhook each`,
  );
  console.log(
    'database     items/s   alerts   capped   seconds (admin ingest, process start to exit)   index load ms   waited ms',
  );
  for (const target of await targets(dir)) {
    try {
      await seed(target.url, keywords, accountCount);
      await target.settle();
      const result = await timedIngest(target, file, itemCount);
      console.log(
        `${target.name.padEnd(10)} ${String(Math.round(result.itemsPerSecond)).padStart(9)} ${String(result.alerts).padStart(8)} ${String(result.capped).padStart(8)} ${result.seconds.toFixed(2).padStart(9)} ${String(result.indexLoad.ms).padStart(50)} ${String(result.indexLoad.waitedMs).padStart(11)}`,
      );
    } finally {
      await target.drop();
    }
  }
}

interface Seeded {
  /** What this database holds, e.g. its keyword count. */
  label: string;
  target: Target;
  runs: Run[];
  /** Each round's load of the same keywords in a fresh process that does nothing else. */
  loadsAlone: number[];
}

function range(values: number[], digits: number): string {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
}

/** The range of ratios with their median, which one slowed process does not move. */
function ratioRange(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  const spread = range(values, 2);
  return spread.includes('–') ? `${spread} (${median.toFixed(2)})` : spread;
}

/**
 * Every seeded database ingests the dump into a fresh copy of itself in every round; a round
 * runs them all, so each ratio (against the first entry of the same database) compares runs
 * made minutes apart.
 */
async function compareRounds(
  seeded: Seeded[],
  file: string,
  itemCount: number,
  rounds: number,
): Promise<void> {
  const firstOf = (entry: Seeded) => seeded.find((e) => e.target.name === entry.target.name)!;
  console.log(
    'round  database    keywords              items/s  vs first  items/CPU s  vs first   alerts   seconds',
  );
  for (let round = 1; round <= rounds; round++) {
    for (const entry of seeded) {
      const copy = await entry.target.copy();
      try {
        const result = await timedIngest(copy, file, itemCount);
        entry.runs.push(result);
        entry.loadsAlone.push(await loadAloneMs(copy));
        const baseline = firstOf(entry).runs[round - 1];
        const ratio = result.itemsPerSecond / baseline.itemsPerSecond;
        const cpuRatio = result.itemsPerCpuSecond / baseline.itemsPerCpuSecond;
        console.log(
          `${String(round).padStart(5)}  ${entry.target.name.padEnd(10)} ${entry.label.padStart(20)} ${String(Math.round(result.itemsPerSecond)).padStart(9)} ${ratio.toFixed(2).padStart(9)} ${String(Math.round(result.itemsPerCpuSecond)).padStart(12)} ${cpuRatio.toFixed(2).padStart(9)} ${String(result.alerts).padStart(8)} ${result.seconds.toFixed(2).padStart(9)}`,
        );
      } finally {
        await copy.drop();
      }
    }
  }
  console.log(`\nover ${rounds} rounds (ratio: against the first entry's run of the same round)`);
  console.log(
    'database    keywords               items/s            ratio (median)     ratio (CPU, median)  ' +
      'cold index load ms: in admin ingest, on its thread   what its first batch waited   alone',
  );
  for (const entry of seeded) {
    const first = firstOf(entry);
    const ratios = entry.runs.map((r, i) => r.itemsPerSecond / first.runs[i].itemsPerSecond);
    const cpuRatios = entry.runs.map(
      (r, i) => r.itemsPerCpuSecond / first.runs[i].itemsPerCpuSecond,
    );
    console.log(
      `${entry.target.name.padEnd(10)} ${entry.label.padStart(20)}   ${range(
        entry.runs.map((r) => r.itemsPerSecond),
        0,
      ).padEnd(
        16,
      )}   ${ratioRange(ratios).padEnd(16)}   ${ratioRange(cpuRatios).padEnd(18)}   ${range(
        entry.runs.map((r) => r.indexLoad.ms),
        0,
      ).padEnd(49)}   ${range(
        entry.runs.map((r) => r.indexLoad.waitedMs),
        0,
      ).padEnd(27)}   ${range(entry.loadsAlone, 0)}`,
    );
  }
}

interface Variant {
  label: string;
  seed(url: string): Promise<void>;
}

/** Each variant seeded once into a fresh database of each kind, then compared round after round. */
async function seedAndCompare(
  dir: string,
  variants: Variant[],
  file: string,
  itemCount: number,
  rounds: number,
): Promise<void> {
  const seeded: Seeded[] = [];
  try {
    for (const variant of variants) {
      for (const target of await targets(dir)) {
        const entry: Seeded = {
          label: variant.label,
          target,
          runs: [],
          loadsAlone: [],
        };
        seeded.push(entry);
        await variant.seed(target.url);
        await target.settle();
      }
    }
    await compareRounds(seeded, file, itemCount, rounds);
  } finally {
    for (const entry of seeded) await entry.target.drop();
  }
}

async function realistic(
  dir: string,
  sources: { reddit: string; keywordLists: string },
  itemCount: number,
  counts: number[],
  rounds: number,
): Promise<void> {
  const file = dumpFile(dir, realItems(redditText(sources.reddit), itemCount, 7));
  const largest = realKeywords(sources.keywordLists, Math.max(QUERY_COUNT, ...counts), 11);
  console.log(
    `ingest benchmark (realistic): ${itemCount} items recombined from real Reddit sentences; ` +
      `"brand software-term" keywords from real lists, a third each exact, proximity, broad, ` +
      `over ${REAL_ACCOUNTS} accounts, 1 webhook each, and ${QUERY_COUNT} queries drawn from ` +
      `the first ${QUERY_COUNT} of them (30% OR groups, 20% NOT, 20% field-scoped, 10% NEAR, ` +
      `20% plain); ${rounds} rounds`,
  );
  const variants = counts.map((count) => ({
    label: String(count),
    seed: (url: string) => seed(url, largest.slice(0, count), REAL_ACCOUNTS),
  }));
  const queries = queryKeywords(largest.slice(0, QUERY_COUNT));
  variants.push({
    label: `${QUERY_COUNT} queries`,
    seed: (url: string) => seed(url, queries, REAL_ACCOUNTS),
  });
  await seedAndCompare(dir, variants, file, itemCount, rounds);
}

/** The same synthetic keywords without filters and with `share` of them filtered. */
async function syntheticFiltered(
  dir: string,
  itemCount: number,
  keywordCount: number,
  share: number,
  rounds: number,
): Promise<void> {
  const file = dumpFile(dir, syntheticItems(itemCount, 7));
  const keywords = syntheticKeywords(keywordCount, 11);
  const accountCount = Math.ceil(keywordCount / KEYWORDS_PER_ACCOUNT);
  const percent = Math.round(share * 100);
  console.log(
    `ingest benchmark: ${itemCount} items, ${keywordCount} keywords (mixed modes) over ` +
      `${accountCount} accounts, 1 webhook each, without filters and with ${percent}% of the ` +
      `keywords filtered; ${rounds} rounds`,
  );
  const filters = syntheticFilters(keywordCount, share, FILTER_SEED);
  const variants = [
    { label: String(keywordCount), seed: (url: string) => seed(url, keywords, accountCount) },
    {
      label: `${keywordCount}, ${percent}% filtered`,
      seed: (url: string) => seed(url, keywords, accountCount, filters),
    },
  ];
  await seedAndCompare(dir, variants, file, itemCount, rounds);
}

/** Items of `--quick` (as bench:match passes it on), for a short run. */
const QUICK_ITEMS = 20_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      items: { type: 'string' },
      keywords: { type: 'string' },
      reddit: { type: 'string' },
      'keyword-lists': { type: 'string' },
      counts: { type: 'string' },
      rounds: { type: 'string' },
      'filtered-share': { type: 'string' },
      quick: { type: 'boolean' },
    },
  });
  const defaultItems = values.quick === true ? QUICK_ITEMS : 100_000;
  const dir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
  try {
    if (values.reddit !== undefined || values['keyword-lists'] !== undefined) {
      if (values.reddit === undefined || values['keyword-lists'] === undefined) {
        throw new Error('give both --reddit DIR and --keyword-lists DIR');
      }
      const counts = (values.counts ?? '10,20000,100000').split(',').map(Number);
      await realistic(
        dir,
        { reddit: values.reddit, keywordLists: values['keyword-lists'] },
        Number(values.items ?? 20_000),
        counts,
        Number(values.rounds ?? 3),
      );
    } else if (values['filtered-share'] !== undefined) {
      await syntheticFiltered(
        dir,
        Number(values.items ?? defaultItems),
        Number(values.keywords ?? 1_000),
        Number(values['filtered-share']),
        Number(values.rounds ?? 3),
      );
    } else {
      await synthetic(dir, Number(values.items ?? defaultItems), Number(values.keywords ?? 1_000));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

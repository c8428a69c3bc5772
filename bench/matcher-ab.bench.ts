import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import type { KeywordDefinition } from '../src/modules/matching/keyword-definition.js';
import type { KeywordMatcher } from '../src/modules/matching/keyword-matcher.js';
import type { MatchInput } from '../src/modules/matching/match-input.js';
import { buildStream, realStream } from './match-streams.js';
import { printTable } from './print-table.js';
import {
  comparisonQueries,
  QUERIES_FLAG,
  QUERY_COUNT,
  QUERY_ROUNDS,
  REAL_FLAG,
  type QueryComparison,
} from './query-comparison.js';
import { realKeywords } from './real-corpus.js';
import { syntheticKeywords, type SyntheticKeyword } from './synthetic-stream.js';

/**
 * The matcher of this build against another checkout's (`--before DIR`, its `dist` built), on the
 * query comparison of bench:match: 20,000 queries and the 10-keyword baseline, each build's, four
 * matchers in one process, measured on chunks of the stream in alternation (CPU time), so each
 * round compares runs made a fraction of a second apart. Each measurement runs twice, in two
 * processes loading the builds in either order (the build loaded second came out 1–3% faster or
 * slower, whichever it was); the figure is the geometric mean of the two orders' medians. A
 * whole bench:match run moves by more than a single change between runs on this shared machine;
 * this is how each change of docs/performance.md was measured against the code before it.
 *
 * With `--comparisons N`, it then runs bench:match's own query comparison N times with each
 * build, alternating builds, each run a process of its own: the figure bench:match reports
 * (queries against the baseline, median over its rounds) as a mean over the runs. A process
 * comes out a few percent faster or slower as a whole, whichever build it runs; running both
 * builds in one process (above) shares that, but has a bias of its own, by load order.
 *
 *   npm run bench:matcher-ab -- --before ../previous-checkout [--reddit DIR --keyword-lists DIR]
 *     [--rounds 60] [--chunk 10000] [--comparisons 8]
 */

const ITEMS = 60_000;
const WARM_UP_ITEMS = 5_000;
const CHECKED_ITEMS = 20_000;
const BASELINE_KEYWORDS = 10;
const KEYWORD_SEED = 7;
const MATCHER_MODULE = 'dist/src/modules/matching/keyword-matcher.js';
const MATCH_BENCH = 'dist/bench/match.bench.js';
const ORDER_FLAG = '--order';
const SCRIPT = fileURLToPath(import.meta.url);

type Build = 'before' | 'after';

interface Side {
  readonly build: Build;
  readonly kind: 'baseline' | 'queries';
  readonly matcher: KeywordMatcher;
  readonly runs: number[];
}

type MatcherClass = new (definitions: Iterable<KeywordDefinition>) => KeywordMatcher;

interface OrderResult {
  readonly order: string;
  /** Matches of each build's queries on the first CHECKED_ITEMS items: equal unless answers changed. */
  readonly matches: { before: number; after: number };
  /** Medians over the rounds: µs of CPU per item, and queries against their own build's baseline. */
  readonly microseconds: Record<string, number>;
  readonly queriesToBaseline: { before: number; after: number };
  /** Median over the rounds of the after build's query time to the before build's. */
  readonly afterToBefore: number;
}

/** Where each build's checkout is: `--before`'s, and this script's own. */
function rootsOf(before: string): Record<Build, string> {
  return { before: resolve(before), after: resolve(dirname(SCRIPT), '..', '..') };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function definitionsOf(
  keywords: readonly SyntheticKeyword[],
): [KeywordDefinition[], KeywordDefinition[]] {
  const definition = (
    text: string,
    mode: KeywordDefinition['mode'],
    query: string | null,
    index: number,
  ) => ({
    id: `kw-${index}`,
    accountId: `account-${index % 500}`,
    text,
    mode,
    query,
    trackPosts: true,
    trackComments: true,
  });
  const baseline = keywords
    .slice(0, BASELINE_KEYWORDS)
    .map(({ text, mode }, index) => definition(text, mode, null, index));
  const queries = comparisonQueries(keywords.map(({ text }) => text)).map((query, index) =>
    definition(`query ${index}`, 'exact', query, index),
  );
  return [baseline, queries];
}

async function measureOrder(args: {
  before: string;
  order: string;
  reddit?: string;
  keywordLists?: string;
  rounds: number;
  chunk: number;
}): Promise<OrderResult> {
  const real = args.reddit !== undefined && args.keywordLists !== undefined;
  const { inputs } = real ? realStream(args.reddit as string, ITEMS) : buildStream(ITEMS, 1);
  const keywords = real
    ? realKeywords(args.keywordLists as string, QUERY_COUNT, KEYWORD_SEED)
    : syntheticKeywords(QUERY_COUNT, KEYWORD_SEED);
  const [baseline, queries] = definitionsOf(keywords);
  const roots = rootsOf(args.before);
  const builds: Build[] = args.order === 'before-first' ? ['before', 'after'] : ['after', 'before'];
  const sides: Side[] = [];
  for (const build of builds) {
    const { KeywordMatcher: Matcher } = (await import(
      pathToFileURL(join(roots[build], MATCHER_MODULE)).href
    )) as { KeywordMatcher: MatcherClass };
    sides.push(
      { build, kind: 'baseline', matcher: new Matcher(baseline), runs: [] },
      { build, kind: 'queries', matcher: new Matcher(queries), runs: [] },
    );
  }
  const matches = { before: 0, after: 0 };
  for (const side of sides) {
    for (const input of inputs.slice(0, WARM_UP_ITEMS)) side.matcher.match(input);
    if (side.kind !== 'queries') continue;
    for (const input of inputs.slice(0, CHECKED_ITEMS)) {
      matches[side.build] += side.matcher.match(input).length;
    }
  }
  for (let round = 0; round < args.rounds; round++) {
    const from = (round * args.chunk) % inputs.length;
    const chunk: MatchInput[] = inputs.slice(from, from + args.chunk);
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const started = cpuSeconds();
      for (const input of chunk) side.matcher.match(input);
      side.runs.push(((cpuSeconds() - started) * 1e6) / chunk.length);
    }
  }
  const runsOf = (build: string, kind: string) =>
    (sides.find((side) => side.build === build && side.kind === kind) as Side).runs;
  const ratios = (numerator: number[], denominator: number[]) =>
    median(numerator.map((value, round) => value / denominator[round]));
  const microseconds = Object.fromEntries(
    sides.map((side) => [`${side.build} ${side.kind}`, median(side.runs)]),
  );
  return {
    order: args.order,
    matches,
    microseconds,
    queriesToBaseline: {
      before: ratios(runsOf('before', 'baseline'), runsOf('before', 'queries')),
      after: ratios(runsOf('after', 'baseline'), runsOf('after', 'queries')),
    },
    afterToBefore: ratios(runsOf('after', 'queries'), runsOf('before', 'queries')),
  };
}

/** One run of a build's bench:match query comparison: queries and v1 against the baseline. */
function comparisonRun(root: string, realArgs: readonly string[]): { queries: number; v1: number } {
  const output = execFileSync(
    process.execPath,
    [join(root, MATCH_BENCH), ...realArgs, QUERIES_FLAG, String(QUERY_ROUNDS), String(ITEMS)],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const { sides } = JSON.parse(output) as QueryComparison;
  return { v1: median(sides[1].ratios), queries: median(sides[2].ratios) };
}

function compareProcesses(
  roots: Record<Build, string>,
  realArgs: readonly string[],
  runs: number,
): void {
  const results: Record<Build, { queries: number; v1: number }[]> = { before: [], after: [] };
  for (let run = 0; run < runs; run++) {
    const builds: Build[] = run % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const build of builds) results[build].push(comparisonRun(roots[build], realArgs));
  }
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  const range = (values: readonly number[]) =>
    `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;
  console.log(
    `\nbench:match's query comparison, ${runs} runs of each build alternated, a process each: medians over its ${QUERY_ROUNDS} rounds`,
  );
  printTable(
    ['build', 'queries x baseline: mean (range)', 'v1 x baseline: mean (range)'],
    (['before', 'after'] as Build[]).map((build) => {
      const queries = results[build].map((result) => result.queries);
      const v1 = results[build].map((result) => result.v1);
      return [
        build,
        `${mean(queries).toFixed(3)} (${range(queries)})`,
        `${mean(v1).toFixed(3)} (${range(v1)})`,
      ];
    }),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      before: { type: 'string' },
      reddit: { type: 'string' },
      'keyword-lists': { type: 'string' },
      rounds: { type: 'string', default: '60' },
      chunk: { type: 'string', default: '10000' },
      comparisons: { type: 'string', default: '0' },
      order: { type: 'string' },
    },
  });
  if (values.before === undefined) {
    throw new Error('--before DIR: a checkout whose dist is built (npm run build there)');
  }
  const measured = {
    before: values.before,
    reddit: values.reddit,
    keywordLists: values['keyword-lists'],
    rounds: Number(values.rounds),
    chunk: Number(values.chunk),
  };
  if (values.order !== undefined) {
    process.stdout.write(JSON.stringify(await measureOrder({ ...measured, order: values.order })));
    return;
  }
  const childArgs = process.argv.slice(2);
  const results = ['before-first', 'after-first'].map(
    (order) =>
      JSON.parse(
        execFileSync(process.execPath, [SCRIPT, ...childArgs, ORDER_FLAG, order], {
          encoding: 'utf8',
          maxBuffer: 1 << 24,
        }),
      ) as OrderResult,
  );
  const corpus = measured.reddit === undefined ? 'synthetic stream' : 'real Reddit text';
  console.log(
    `This build's matcher against ${measured.before}'s, ${corpus}: ${ITEMS.toLocaleString('en-US')} items, ${measured.rounds} rounds of ${measured.chunk.toLocaleString('en-US')} items, CPU time, medians over the rounds`,
  );
  printTable(
    [
      'load order',
      'matches (before, after)',
      'queries x baseline: before',
      'after',
      'query time: after / before',
    ],
    results.map((result) => [
      result.order,
      `${result.matches.before}, ${result.matches.after}`,
      result.queriesToBaseline.before.toFixed(3),
      result.queriesToBaseline.after.toFixed(3),
      result.afterToBefore.toFixed(3),
    ]),
  );
  const geometricMean = Math.sqrt(results[0].afterToBefore * results[1].afterToBefore);
  console.log(`query time, after / before, both orders: ${geometricMean.toFixed(3)}`);
  const comparisons = Number(values.comparisons);
  if (comparisons > 0) {
    const realArgs =
      measured.reddit === undefined || measured.keywordLists === undefined
        ? []
        : [REAL_FLAG, measured.reddit, measured.keywordLists];
    compareProcesses(rootsOf(measured.before), realArgs, comparisons);
  }
}

await main();

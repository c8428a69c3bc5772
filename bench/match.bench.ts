import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import type {
  KeywordDefinition,
  KeywordFilters,
} from '../src/modules/matching/keyword-definition.js';
import { KeywordMatcher, type MatchInput } from '../src/modules/matching/keyword-matcher.js';
import { foldCase } from '../src/modules/matching/text/text-normalization.js';
import { tokenize } from '../src/modules/matching/text/tokenizer.js';
import { printTable } from './print-table.js';
import {
  compareQueries,
  QUERIES_FLAG,
  QUERY_COUNT,
  QUERY_ROUNDS,
  REAL_FLAG,
  type QueryComparison,
} from './query-comparison.js';
import { buildStream, byteSize, realStream, type Stream } from './match-streams.js';
import { realKeywords } from './real-corpus.js';
import { syntheticFilters, syntheticKeywords, type SyntheticKeyword } from './synthetic-stream.js';

/**
 * Keyword matcher throughput, single-threaded, on a synthetic Reddit-like stream: the floor
 * (fold case + tokenise only), the KeywordMatcher, and a naive baseline (one case-insensitive
 * RegExp per keyword, tested on every field). With `--reddit DIR --keyword-lists DIR` it also
 * runs a realistic corpus: items recombined from real Reddit sentences and "brand software-term"
 * keywords from real lists (real-corpus.ts), matcher against floor. `--counts 1000,100000`
 * picks the keyword counts; `--filtered-share 0.3` also measures each count, on each corpus,
 * with that share of its keywords carrying filters (exclusion phrases, subreddits, authors:
 * syntheticFilters) against the same keywords without.
 *
 * Every measurement runs in a fresh child process of this script, as a service holds one
 * matcher: V8 optimises code for what it has run before, so a matcher measured after others,
 * or a floor measured after keywords were compiled (which runs the same tokenizer on other
 * string shapes), would come out slower than it is. The floor is measured before and after the
 * matchers, and its best run counts. The filtered comparison is the exception: its two matchers
 * share a process and run in alternation, so that both run the same code and a ratio measured on
 * a shared machine compares rounds made seconds apart.
 */

const STREAM_ITEMS = 60_000;
const LONG_STREAM_ITEMS = 15_000;
const WARM_UP_ITEMS = 5_000;
const ROUNDS = 5;
const KEYWORD_COUNTS = [1_000, 10_000, 100_000];
const REAL_KEYWORD_COUNTS = [1_000, 20_000, 100_000];
/** Items the naive baseline runs on: 2,000 at 1,000 keywords, fewer with more (it is far too slow). */
const naiveSample = (count: number) => Math.max(20, Math.round(2_000_000 / count));
/** Naive patterns are compiled and run this many at a time, to bound compiled-code memory. */
const NAIVE_CHUNK = 10_000;
const KEYWORD_SEED = 7;
const FILTER_SEED = 13;
/** Rounds of the filtered comparison, each measuring both matchers one after the other. */
const FILTER_ROUNDS = 8;

const FLOOR_FLAG = '--floor';
const KEYWORDS_FLAG = '--keywords';
const FILTERED_FLAG = '--filtered';
const QUICK_ROUNDS = 3;
/** Items of the quick run's stream (`--quick`: the query comparison alone). */
const QUICK_ITEMS = 20_000;

/** Where the realistic corpus comes from (given on the command line), or null: synthetic only. */
interface RealSources {
  readonly reddit: string;
  readonly keywordLists: string;
}

interface Throughput {
  readonly itemsPerSecond: number;
  readonly megabytesPerSecond: number;
  readonly matches: number;
}

type Pass = (input: MatchInput) => number;

function measure(inputs: readonly MatchInput[], pass: Pass): Throughput {
  const started = performance.now();
  let matches = 0;
  for (const input of inputs) matches += pass(input);
  const seconds = (performance.now() - started) / 1000;
  return {
    itemsPerSecond: inputs.length / seconds,
    megabytesPerSecond: byteSize(inputs) / 1e6 / seconds,
    matches,
  };
}

/** Best of ROUNDS runs, so a busy machine or a garbage collection skews the figure less. */
function bestOf(inputs: readonly MatchInput[], pass: Pass): Throughput {
  let best = measure(inputs, pass);
  for (let round = 1; round < ROUNDS; round++) {
    const next = measure(inputs, pass);
    if (next.itemsPerSecond > best.itemsPerSecond) best = next;
  }
  return best;
}

function floorPass(input: MatchInput): number {
  let tokens = 0;
  for (const field of input.fields) tokens += tokenize(foldCase(field)).tokens.length;
  return tokens > 0 ? 0 : 1;
}

function definitions(
  keywords: SyntheticKeyword[],
  accounts: number,
  filters: readonly (KeywordFilters | undefined)[] = [],
): KeywordDefinition[] {
  return keywords.map(({ text, mode }, index) => ({
    id: `kw-${index}`,
    accountId: `account-${index % accounts}`,
    text,
    mode,
    trackPosts: true,
    trackComments: true,
    filters: filters[index],
  }));
}

const STARTS_WITH_WORD = /^[A-Za-z0-9]/;
const ENDS_WITH_WORD = /[A-Za-z0-9]$/;

/** What a naive implementation would write: the phrase, \b where it starts/ends with a word. */
function naivePattern(text: string): RegExp {
  const body = text
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('\\s+');
  const start = STARTS_WITH_WORD.test(text) ? '\\b' : '';
  const end = ENDS_WITH_WORD.test(text) ? '\\b' : '';
  return new RegExp(start + body + end, 'i');
}

/** Naive baseline on a sample: patterns compiled and warmed chunk by chunk (untimed). */
function measureNaive(keywords: KeywordDefinition[], sample: readonly MatchInput[]): Throughput {
  let seconds = 0;
  let matches = 0;
  for (let from = 0; from < keywords.length; from += NAIVE_CHUNK) {
    const patterns = keywords.slice(from, from + NAIVE_CHUNK).map((k) => naivePattern(k.text));
    for (const pattern of patterns) pattern.test(sample[0].fields[0]);
    const started = performance.now();
    for (const input of sample) {
      for (const pattern of patterns) {
        if (input.fields.some((field) => pattern.test(field))) matches++;
      }
    }
    seconds += (performance.now() - started) / 1000;
  }
  return {
    itemsPerSecond: sample.length / seconds,
    megabytesPerSecond: byteSize(sample) / 1e6 / seconds,
    matches,
  };
}

function formatNumber(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

interface Floors {
  readonly stream: Throughput;
  readonly longStream: Throughput;
}

interface MatcherResult {
  readonly count: number;
  readonly buildMs: number;
  readonly matched: Throughput;
  readonly longMatched: Throughput;
  readonly naive: Throughput;
  readonly sampleSize: number;
  readonly candidates: number;
}

function measureFloors(stream: Stream, longStream: Stream): Floors {
  for (const input of stream.inputs.slice(0, WARM_UP_ITEMS)) floorPass(input);
  return {
    stream: bestOf(stream.inputs, floorPass),
    longStream: bestOf(longStream.inputs, floorPass),
  };
}

/** Candidates the matcher reaches per item, counted over one more pass of the stream. */
function candidatesPerItem(matcher: KeywordMatcher, inputs: readonly MatchInput[]): number {
  matcher.candidatesVerified = 0;
  for (const input of inputs) matcher.match(input);
  return matcher.candidatesVerified / inputs.length;
}

function buildMatcher(keywords: KeywordDefinition[]): { matcher: KeywordMatcher; buildMs: number } {
  const buildStarted = performance.now();
  const matcher = new KeywordMatcher(keywords);
  return { matcher, buildMs: performance.now() - buildStarted };
}

function measureMatcher(count: number, stream: Stream, longStream: Stream): MatcherResult {
  const keywords = definitions(syntheticKeywords(count, KEYWORD_SEED), SYNTHETIC_ACCOUNTS);
  const { matcher, buildMs } = buildMatcher(keywords);
  const match: Pass = (input) => matcher.match(input).length;
  for (const input of stream.inputs.slice(0, WARM_UP_ITEMS)) match(input);
  const matched = bestOf(stream.inputs, match);
  const longMatched = bestOf(longStream.inputs, match);
  const candidates = candidatesPerItem(matcher, stream.inputs);
  const sample = stream.inputs.slice(0, naiveSample(count));
  const naive = measureNaive(keywords, sample);
  return { count, buildMs, matched, longMatched, naive, sampleSize: sample.length, candidates };
}

/** The matcher alone on one stream: what the realistic corpus and the filtered comparison need. */
interface StreamResult {
  readonly count: number;
  readonly buildMs: number;
  readonly matched: Throughput;
  readonly candidates: number;
}

const REAL_ACCOUNTS = 40;
const SYNTHETIC_ACCOUNTS = 500;

function realStreamOf(sources: RealSources, count = STREAM_ITEMS): Stream {
  return realStream(sources.reddit, count);
}

function measureRealMatcher(count: number, sources: RealSources, stream: Stream): StreamResult {
  const keywords = realKeywords(sources.keywordLists, count, KEYWORD_SEED);
  const { matcher, buildMs } = buildMatcher(definitions(keywords, REAL_ACCOUNTS));
  const match: Pass = (input) => matcher.match(input).length;
  for (const input of stream.inputs.slice(0, WARM_UP_ITEMS)) match(input);
  const matched = bestOf(stream.inputs, match);
  return { count, buildMs, matched, candidates: candidatesPerItem(matcher, stream.inputs) };
}

interface FilteredResult {
  readonly count: number;
  readonly plain: StreamResult;
  readonly filtered: StreamResult;
  /** Filtered/plain items per second of each round (a round runs both), lowest first. */
  readonly ratios: number[];
}

/**
 * Two matchers over the same keywords in one process, the second with filters on `share` of
 * them, measured in alternation: both run the same compiled code, and a change of machine load
 * between rounds affects both sides of a round alike.
 */
function measureFiltered(
  keywords: SyntheticKeyword[],
  accounts: number,
  share: number,
  stream: Stream,
): FilteredResult {
  const filters = syntheticFilters(keywords.length, share, FILTER_SEED);
  const sides = [definitions(keywords, accounts), definitions(keywords, accounts, filters)].map(
    (side) => {
      const { matcher, buildMs } = buildMatcher(side);
      const match: Pass = (input) => matcher.match(input).length;
      for (const input of stream.inputs.slice(0, WARM_UP_ITEMS)) match(input);
      return { matcher, buildMs, match, runs: [] as Throughput[] };
    },
  );
  for (let round = 0; round < FILTER_ROUNDS; round++) {
    for (const side of sides) side.runs.push(measure(stream.inputs, side.match));
  }
  const [plain, filtered] = sides.map(({ matcher, buildMs, runs }): StreamResult => ({
    count: keywords.length,
    buildMs,
    matched: runs.reduce(fasterOf),
    candidates: candidatesPerItem(matcher, stream.inputs),
  }));
  const ratios = sides[1].runs
    .map((run, round) => run.itemsPerSecond / sides[0].runs[round].itemsPerSecond)
    .sort((a, b) => a - b);
  return { count: keywords.length, plain, filtered, ratios };
}

function inChildProcess<T>(...args: string[]): T {
  const script = fileURLToPath(import.meta.url);
  return JSON.parse(execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' })) as T;
}

function fasterOf(a: Throughput, b: Throughput): Throughput {
  return a.itemsPerSecond >= b.itemsPerSecond ? a : b;
}

/** The floors measured in a fresh process, best of this run and the previous ones. */
function bestFloors(previous: Floors | undefined): Floors {
  const floors = inChildProcess<Floors>(FLOOR_FLAG);
  if (previous === undefined) return floors;
  return {
    stream: fasterOf(previous.stream, floors.stream),
    longStream: fasterOf(previous.longStream, floors.longStream),
  };
}

/** In a child process: one measurement, printed as JSON. */
async function runChild(args: string[]): Promise<void> {
  const real = args[0] === REAL_FLAG ? { reddit: args[1], keywordLists: args[2] } : undefined;
  const [flag, argument, share] = real === undefined ? args : args.slice(3);
  const itemCount = flag === QUERIES_FLAG ? Number(share) : STREAM_ITEMS;
  const stream = real === undefined ? buildStream(itemCount, 1) : realStreamOf(real, itemCount);
  let result: unknown;
  if (flag === QUERIES_FLAG) {
    const keywords =
      real === undefined
        ? syntheticKeywords(QUERY_COUNT, KEYWORD_SEED)
        : realKeywords(real.keywordLists, QUERY_COUNT, KEYWORD_SEED);
    result = await compareQueries(keywords, stream.inputs, Number(argument));
  } else if (flag === FILTERED_FLAG) {
    const count = Number(argument);
    const keywords =
      real === undefined
        ? syntheticKeywords(count, KEYWORD_SEED)
        : realKeywords(real.keywordLists, count, KEYWORD_SEED);
    const accounts = real === undefined ? SYNTHETIC_ACCOUNTS : REAL_ACCOUNTS;
    result = measureFiltered(keywords, accounts, Number(share), stream);
  } else if (real !== undefined) {
    result =
      flag === FLOOR_FLAG
        ? measureFloors(stream, stream)
        : measureRealMatcher(Number(argument), real, stream);
  } else {
    const longStream = buildStream(LONG_STREAM_ITEMS, 4);
    result =
      flag === FLOOR_FLAG
        ? measureFloors(stream, longStream)
        : measureMatcher(Number(argument), stream, longStream);
  }
  process.stdout.write(JSON.stringify(result));
}

/** Each count with `share` of its keywords filtered against the same keywords without. */
function filteredComparison(
  childArgs: readonly string[],
  counts: readonly number[],
  share: number,
  itemCount: number,
): void {
  console.log(
    `\nFilters: ${Math.round(share * 100)}% of the keywords filtered (exclusion phrases, ` +
      'subreddits to keep or leave out, authors) against the same keywords without, two ' +
      `matchers in one process measured in alternation, ${FILTER_ROUNDS} rounds`,
  );
  const results = counts.map((count) =>
    inChildProcess<FilteredResult>(...childArgs, FILTERED_FLAG, String(count), String(share)),
  );
  const perItem = (value: number) => (value / itemCount).toFixed(3);
  printTable(
    [
      'keywords',
      'build ms (plain / filtered)',
      'plain items/s',
      'filtered items/s',
      'filtered/plain: best runs, rounds (median, range)',
      'matches/item (plain / filtered)',
      'candidates/item (plain / filtered)',
    ],
    results.map(({ count, plain, filtered, ratios }) => [
      formatNumber(count),
      `${plain.buildMs.toFixed(0)} / ${filtered.buildMs.toFixed(0)}`,
      formatNumber(plain.matched.itemsPerSecond),
      formatNumber(filtered.matched.itemsPerSecond),
      `${(filtered.matched.itemsPerSecond / plain.matched.itemsPerSecond).toFixed(2)}, ` +
        `${ratios[ratios.length >> 1].toFixed(2)} (${ratios[0].toFixed(2)}–${ratios[ratios.length - 1].toFixed(2)})`,
      `${perItem(plain.matched.matches)} / ${perItem(filtered.matched.matches)}`,
      `${plain.candidates.toFixed(2)} / ${filtered.candidates.toFixed(2)}`,
    ]),
  );
}

function realCorpus(sources: RealSources, counts: readonly number[], share?: number): void {
  const stream = realStreamOf(sources);
  const childArgs = [REAL_FLAG, sources.reddit, sources.keywordLists];
  console.log(
    `\nRealistic corpus: ${formatNumber(stream.inputs.length)} items recombined from real Reddit ` +
      `sentences, ${(stream.bytes / 1e6).toFixed(1)} MB; "brand software-term" keywords from real ` +
      `lists, a third each exact, proximity, broad, over ${REAL_ACCOUNTS} accounts`,
  );
  let floor = inChildProcess<Floors>(...childArgs, FLOOR_FLAG).stream;
  const results = counts.map((count) =>
    inChildProcess<StreamResult>(...childArgs, KEYWORDS_FLAG, String(count)),
  );
  floor = fasterOf(floor, inChildProcess<Floors>(...childArgs, FLOOR_FLAG).stream);
  printTable(
    [
      'keywords',
      'build ms',
      'floor items/s',
      'matcher items/s',
      'matcher MB/s',
      'matches/item',
      'candidates/item',
      'matcher/floor',
    ],
    results.map(({ count, buildMs, matched, candidates }) => [
      formatNumber(count),
      buildMs.toFixed(0),
      formatNumber(floor.itemsPerSecond),
      formatNumber(matched.itemsPerSecond),
      matched.megabytesPerSecond.toFixed(1),
      (matched.matches / stream.inputs.length).toFixed(3),
      candidates.toFixed(2),
      (matched.itemsPerSecond / floor.itemsPerSecond).toFixed(2),
    ]),
  );
  if (share !== undefined) filteredComparison(childArgs, counts, share, stream.inputs.length);
}

/** Ratios measured over rounds (lowest first): their median, and their range. */
function medianAndRange(ratios: readonly number[]): string {
  const median = ratios[ratios.length >> 1].toFixed(2);
  return `${median} (${ratios[0].toFixed(2)}–${ratios[ratios.length - 1].toFixed(2)})`;
}

/** 10 plain keywords, v1 at 20,000 and 20,000 queries side by side, on one corpus. */
function queryComparison(
  corpus: string,
  childArgs: readonly string[],
  itemCount: number,
  rounds: number,
): void {
  const { sides, languageMicroseconds, languageLoadMs } = inChildProcess<QueryComparison>(
    ...childArgs,
    QUERIES_FLAG,
    String(rounds),
    String(itemCount),
  );
  console.log(
    `\nQueries beside keywords, ${corpus}: ${formatNumber(itemCount)} items; three matchers in ` +
      `one process measured in alternation (CPU time), ${rounds} rounds (30% OR groups, 20% NOT, 20% ` +
      'field-scoped, 10% NEAR, 20% plain)',
  );
  printTable(
    [
      'matcher',
      'build ms',
      'items/s of CPU (best round)',
      'x baseline: median (range over rounds)',
      'x v1 at the same count',
      'matches/item',
      'candidates verified/item',
    ],
    sides.map((side) => [
      side.label,
      side.buildMs.toFixed(0),
      formatNumber(side.itemsPerSecond),
      medianAndRange(side.ratios),
      medianAndRange(side.v1Ratios),
      side.matchesPerItem.toFixed(3),
      side.candidatesPerItem.toFixed(2),
    ]),
  );
  console.log(
    `lang: ${languageMicroseconds.toFixed(0)} µs of CPU per item that reaches a lang: clause ` +
      `(eld large on the item's text; loading it once: ${formatNumber(languageLoadMs)} ms)`,
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if ([FLOOR_FLAG, KEYWORDS_FLAG, REAL_FLAG, FILTERED_FLAG, QUERIES_FLAG].includes(args[0])) {
    await runChild(args);
    return;
  }
  // Not strict: `npm run bench:match` passes the same arguments to the ingest benchmark.
  const { values } = parseArgs({
    args,
    strict: false,
    options: {
      reddit: { type: 'string' },
      'keyword-lists': { type: 'string' },
      counts: { type: 'string' },
      'filtered-share': { type: 'string' },
      quick: { type: 'boolean' },
    },
  });
  const { reddit, 'keyword-lists': keywordLists } = values;
  const givenCounts =
    typeof values.counts === 'string' ? values.counts.split(',').map(Number) : undefined;
  const counts = givenCounts ?? KEYWORD_COUNTS;
  const share =
    values['filtered-share'] === undefined ? undefined : Number(values['filtered-share']);
  if ((reddit === undefined) !== (keywordLists === undefined)) {
    throw new Error('give both --reddit DIR and --keyword-lists DIR, or neither');
  }
  const benchStarted = performance.now();
  const realArgs = reddit === undefined ? [] : [REAL_FLAG, String(reddit), String(keywordLists)];
  const corpus = reddit === undefined ? 'synthetic stream' : 'real Reddit text and keyword lists';
  if (values.quick === true) {
    queryComparison(corpus, realArgs, QUICK_ITEMS, QUICK_ROUNDS);
    console.log(`\ntotal bench time ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
    return;
  }
  queryComparison('synthetic stream', [], STREAM_ITEMS, QUERY_ROUNDS);
  if (reddit !== undefined) queryComparison(corpus, realArgs, STREAM_ITEMS, QUERY_ROUNDS);
  const stream = buildStream(STREAM_ITEMS, 1);
  const longStream = buildStream(LONG_STREAM_ITEMS, 4);
  console.log(
    `stream: ${formatNumber(stream.inputs.length)} items, ${(stream.bytes / 1e6).toFixed(1)} MB; ` +
      `long stream (4x text): ${formatNumber(longStream.inputs.length)} items, ` +
      `${(longStream.bytes / 1e6).toFixed(1)} MB; node ${process.version}, one thread, ` +
      'one process per measurement',
  );
  let floors = bestFloors(undefined);
  const results: MatcherResult[] = [];
  for (const count of counts) {
    results.push(inChildProcess<MatcherResult>(KEYWORDS_FLAG, String(count)));
    console.log(`  ${formatNumber(count)} keywords done`);
  }
  floors = bestFloors(floors);

  const floor = floors.stream;
  const longFloor = floors.longStream;
  const rows = results.map(({ count, buildMs, matched, naive, sampleSize, candidates }) => [
    formatNumber(count),
    buildMs.toFixed(0),
    formatNumber(floor.itemsPerSecond),
    floor.megabytesPerSecond.toFixed(1),
    formatNumber(matched.itemsPerSecond),
    matched.megabytesPerSecond.toFixed(1),
    (matched.matches / stream.inputs.length).toFixed(2),
    candidates.toFixed(2),
    `${formatNumber(naive.itemsPerSecond)} (${sampleSize} items)`,
    (naive.matches / sampleSize).toFixed(2),
    (matched.itemsPerSecond / floor.itemsPerSecond).toFixed(2),
    `${formatNumber(matched.itemsPerSecond / naive.itemsPerSecond)}x`,
  ]);
  const longRows = results.map(({ count, matched, longMatched }) => [
    formatNumber(count),
    formatNumber(matched.itemsPerSecond),
    formatNumber(longMatched.itemsPerSecond),
    (matched.itemsPerSecond / longMatched.itemsPerSecond).toFixed(2),
    matched.megabytesPerSecond.toFixed(1),
    longMatched.megabytesPerSecond.toFixed(1),
    (longMatched.itemsPerSecond / longFloor.itemsPerSecond).toFixed(2),
  ]);

  console.log('');
  printTable(
    [
      'keywords',
      'build ms',
      'floor items/s',
      'floor MB/s',
      'matcher items/s',
      'matcher MB/s',
      'matches/item',
      'candidates/item',
      'naive items/s',
      'naive matches/item',
      'matcher/floor',
      'matcher/naive',
    ],
    rows,
  );
  console.log(
    'floor: NFKC + lower-case + tokenise only, best of several runs. ' +
      'naive: one case-insensitive RegExp per keyword ' +
      '(its phrase with \\b, whatever the mode, so its matches differ), run on the first N items ' +
      'only and extrapolated to items/s.\n',
  );
  console.log('Cost follows text length: the same keywords on texts 4x longer');
  printTable(
    [
      'keywords',
      'items/s (1x)',
      'items/s (4x)',
      'slowdown',
      'MB/s (1x)',
      'MB/s (4x)',
      'matcher/floor (4x)',
    ],
    longRows,
  );
  if (share !== undefined) filteredComparison([], counts, share, stream.inputs.length);
  if (reddit !== undefined && keywordLists !== undefined) {
    realCorpus(
      { reddit: String(reddit), keywordLists: String(keywordLists) },
      givenCounts ?? REAL_KEYWORD_COUNTS,
      share,
    );
  }
  console.log(`\ntotal bench time ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import type { KeywordDefinition } from '../src/modules/matching/keyword-definition.js';
import { KeywordMatcher } from '../src/modules/matching/keyword-matcher.js';
import type { MatchInput } from '../src/modules/matching/match-input.js';
import { loadLanguageDetector } from '../src/modules/matching/language/detect-language.js';
import { queryMix } from './query-mix.js';
import type { SyntheticKeyword } from './synthetic-stream.js';

/**
 * Queries beside keywords (issue #33, item 5): 10 plain v1 keywords (the baseline), v1 at
 * 20,000 keywords and 20,000 queries drawn like real ones, three matchers in one process measured
 * in alternation (turns on chunks of a round's items), so each round's ratios compare work done
 * a fraction of a second apart on the same code.
 */

export const QUERY_COUNT = 20_000;
/** Rounds of the query comparison, each running its three matchers over every item, in turns. */
export const QUERY_ROUNDS = 5;
/**
 * bench:match's child arguments: `[--real REDDIT LISTS] --queries ROUNDS ITEMS` runs this
 * comparison and prints it as JSON (bench:matcher-ab runs another checkout's that way too).
 */
export const REAL_FLAG = '--real';
export const QUERIES_FLAG = '--queries';
const BASELINE_KEYWORDS = 10;
const QUERY_SEED = 21;
const WARM_UP_ITEMS = 5_000;
/**
 * Items each matcher takes in its turn: 0.02–0.1 s of CPU, long enough that a turn's cold caches
 * weigh little, short enough that a round of 60,000 items has a dozen turns each.
 */
const CHUNK_ITEMS = 5_000;
/** Items whose language is detected to time `lang:` (each once, as an item reaching it is). */
const LANGUAGE_ITEMS = 3_000;

export interface SideResult {
  readonly label: string;
  readonly buildMs: number;
  /** Best round's items per second of CPU time. */
  readonly itemsPerSecond: number;
  /** Against the baseline, per round, lowest first. */
  readonly ratios: number[];
  /** Against v1 at the same count, per round, lowest first (the cost of queries themselves). */
  readonly v1Ratios: number[];
  readonly matchesPerItem: number;
  readonly candidatesPerItem: number;
}

export interface QueryComparison {
  readonly sides: SideResult[];
  /** CPU microseconds per detection of an item's language (what a `lang:` clause costs it). */
  readonly languageMicroseconds: number;
  readonly languageLoadMs: number;
}

/** The comparison's queries, drawn from the words of a keyword set (bench/query-mix.ts). */
export function comparisonQueries(texts: readonly string[]): string[] {
  return queryMix(texts, QUERY_COUNT, QUERY_SEED);
}

function definitionsOf(texts: readonly { text: string; query?: string }[]): KeywordDefinition[] {
  return texts.map(({ text, query }, index) => ({
    id: `kw-${index}`,
    accountId: `account-${index % 500}`,
    text,
    mode: 'exact',
    query: query ?? null,
    trackPosts: true,
    trackComments: true,
  }));
}

function v1Definitions(keywords: readonly SyntheticKeyword[]): KeywordDefinition[] {
  return definitionsOf(keywords).map((definition, index) => ({
    ...definition,
    mode: keywords[index].mode,
  }));
}

/** Seconds of CPU the process has used (its threads, the garbage collector's included). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * One round: every matcher over every item, in chunks of CHUNK_ITEMS taken in turn (the first
 * matcher of a chunk rotating), so a change in the host's speed during the round falls on all
 * three alike instead of on whichever ran in that stretch. Items per second of CPU time, per
 * matcher: on a shared, loaded machine wall-clock time also counts the time a process waited for
 * a core.
 */
function timeRound(matchers: readonly KeywordMatcher[], inputs: readonly MatchInput[]): number[] {
  const seconds = matchers.map(() => 0);
  for (let from = 0, chunk = 0; from < inputs.length; from += CHUNK_ITEMS, chunk++) {
    const items = inputs.slice(from, from + CHUNK_ITEMS);
    for (let turn = 0; turn < matchers.length; turn++) {
      const side = (chunk + turn) % matchers.length;
      const started = cpuSeconds();
      for (const input of items) matchers[side].match(input);
      seconds[side] += cpuSeconds() - started;
    }
  }
  return seconds.map((spent) => inputs.length / spent);
}

/** The item's own text, as QueryItem.language() hands it to the detector. */
function itemText(input: MatchInput): string {
  return input.fields.filter((field) => field !== '').join('\n');
}

async function languageCost(inputs: readonly MatchInput[]): Promise<[number, number]> {
  const loadStarted = performance.now();
  const detect = await loadLanguageDetector();
  const loadMs = performance.now() - loadStarted;
  const texts = inputs.slice(0, LANGUAGE_ITEMS).map(itemText);
  for (const text of texts.slice(0, 200)) detect(text);
  const started = cpuSeconds();
  for (const text of texts) detect(text);
  return [((cpuSeconds() - started) * 1e6) / texts.length, loadMs];
}

export async function compareQueries(
  keywords: readonly SyntheticKeyword[],
  inputs: readonly MatchInput[],
  rounds: number,
): Promise<QueryComparison> {
  const queries = comparisonQueries(keywords.map(({ text }) => text));
  const plans: [string, KeywordDefinition[]][] = [
    [
      `${BASELINE_KEYWORDS} v1 keywords (baseline)`,
      v1Definitions(keywords.slice(0, BASELINE_KEYWORDS)),
    ],
    [`${keywords.length.toLocaleString('en-US')} v1 keywords`, v1Definitions(keywords)],
    [
      `${QUERY_COUNT.toLocaleString('en-US')} queries`,
      definitionsOf(queries.map((query, index) => ({ text: `query ${index}`, query }))),
    ],
  ];
  const sides = plans.map(([label, definitions]) => {
    const started = performance.now();
    const matcher = new KeywordMatcher(definitions);
    const buildMs = performance.now() - started;
    for (const input of inputs.slice(0, WARM_UP_ITEMS)) matcher.match(input);
    return { label, matcher, buildMs, runs: [] as number[] };
  });
  const matchers = sides.map(({ matcher }) => matcher);
  for (let round = 0; round < rounds; round++) {
    const perSide = timeRound(matchers, inputs);
    sides.forEach((side, index) => side.runs.push(perSide[index]));
  }
  const [baseline, v1] = sides.map(({ runs }) => runs);
  const ratiosTo = (runs: number[], reference: number[]) =>
    runs.map((run, round) => run / reference[round]).sort((a, b) => a - b);
  const results = sides.map(({ label, matcher, buildMs, runs }): SideResult => {
    matcher.candidatesVerified = 0;
    let matches = 0;
    for (const input of inputs) matches += matcher.match(input).length;
    return {
      label,
      buildMs,
      itemsPerSecond: Math.max(...runs),
      ratios: ratiosTo(runs, baseline),
      v1Ratios: ratiosTo(runs, v1),
      matchesPerItem: matches / inputs.length,
      candidatesPerItem: matcher.candidatesVerified / inputs.length,
    };
  });
  const [languageMicroseconds, languageLoadMs] = await languageCost(inputs);
  return { sides: results, languageMicroseconds, languageLoadMs };
}

/**
 * Language identification for `lang:`: candidate packages compared on short social-media texts
 * (bench/data/language-samples.json), each in a fresh process so its load time and heap are its
 * own. Accuracy is per length bucket; "unsure" counts the texts a candidate gave no answer for.
 * The last row is the project's detector (eld's large model behind detectionText and the unsure
 * rule of detect-language.ts), the cost of `lang:` for each item that reaches one. With
 * `--reddit DIR` it is also timed on items recombined from real Reddit text. Times are CPU time,
 * so that other work on the machine does not count.
 *
 *   npm run bench:lang [-- --rounds 5] [-- --reddit ../shared/data/reddit]
 *
 * Only eld is a dependency; install the others beside it to compare them
 * (`npm install --no-save tinyld franc-min`). A candidate that is not installed is reported so.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  loadLanguageDetector,
  type LanguageModel,
} from '../src/modules/matching/language/detect-language.js';
import { printTable } from './print-table.js';
import { realItems, redditText } from './real-corpus.js';

const CHILD_FLAG = '--candidate';
const SAMPLES = fileURLToPath(new URL('../../bench/data/language-samples.json', import.meta.url));
const REAL_ITEMS = 1_000;

interface Sample {
  language: string;
  text: string;
}

/** Answers with an ISO 639-1 code, or '' for no answer. */
type Identify = (text: string) => string;

interface Candidate {
  name: string;
  load(): Promise<Identify>;
}

/** franc answers ISO 639-3 (`und` when unsure); these are the sample set's languages. */
const FRANC_CODES: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  por: 'pt',
  ita: 'it',
  nld: 'nl',
  swe: 'sv',
  pol: 'pl',
  rus: 'ru',
  ukr: 'uk',
  tur: 'tr',
  jpn: 'ja',
  cmn: 'zh',
};

/** A package the project does not depend on, imported by a name TypeScript does not check. */
async function importOptional(specifier: string): Promise<Record<string, unknown>> {
  return (await import(specifier)) as Record<string, unknown>;
}

function eldCandidate(size: string): Candidate {
  return {
    name: `eld ${size}`,
    load: async () => {
      const { eld } = (await importOptional(`eld/${size}`)) as { eld: LanguageModel };
      return (text) => eld.detect(text).language;
    },
  };
}

function tinyldCandidate(entry: string): Candidate {
  return {
    name: entry === 'tinyld' ? 'tinyld' : `tinyld ${entry.split('/')[1]}`,
    load: async () => {
      const { detect } = (await importOptional(entry)) as { detect: (text: string) => string };
      return (text) => detect(text);
    },
  };
}

const CANDIDATES: Candidate[] = [
  eldCandidate('large'),
  eldCandidate('medium'),
  eldCandidate('small'),
  eldCandidate('extrasmall'),
  tinyldCandidate('tinyld'),
  tinyldCandidate('tinyld/heavy'),
  {
    name: 'franc-min',
    load: async () => {
      const { franc } = (await importOptional('franc-min')) as {
        franc: (text: string, options: { minLength: number }) => string;
      };
      return (text) => {
        const code = franc(text, { minLength: 1 });
        return code === 'und' ? '' : (FRANC_CODES[code] ?? code);
      };
    },
  },
  {
    name: 'detectLanguage (eld large)',
    load: async () => {
      const detect = await loadLanguageDetector();
      return (text) => detect(text) ?? '';
    },
  },
];

const BUCKETS = [
  { name: '≤40', fits: (length: number) => length <= 40 },
  { name: '41–120', fits: (length: number) => length > 40 && length <= 120 },
  { name: '>120', fits: (length: number) => length > 120 },
];

interface Result {
  name: string;
  installed: boolean;
  loadMs?: number;
  heapMb?: number;
  /** Correct answers per bucket, and texts per bucket. */
  correct?: number[];
  total?: number[];
  unsure?: number;
  microsPerText?: number;
  microsPerRealItem?: number;
  /** How many of the real items got each answer ('' for none). */
  realAnswers?: Record<string, number>;
}

function samples(): Sample[] {
  return (JSON.parse(readFileSync(SAMPLES, 'utf8')) as { samples: Sample[] }).samples;
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

/**
 * CPU time (user and system) since `started`: the machines this runs on are shared, and waiting
 * for a core would otherwise count as the candidate's time.
 */
function cpuMicros(started: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(started);
  return user + system;
}

/** CPU microseconds per text, the best of `rounds` passes after one to warm up. */
function timePerText(identify: Identify, texts: string[], rounds: number): number {
  let best = Infinity;
  for (let round = 0; round <= rounds; round++) {
    const started = process.cpuUsage();
    for (const text of texts) identify(text);
    const micros = cpuMicros(started) / texts.length;
    if (round > 0) best = Math.min(best, micros);
  }
  return best;
}

function realTexts(dir: string): string[] {
  return [...realItems(redditText(dir), REAL_ITEMS, 11)].map((item) =>
    [item.title, item.selftext, item.body].filter((text) => text !== undefined).join('\n'),
  );
}

function answerCounts(identify: Identify, texts: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const text of texts) {
    const answer = identify(text);
    counts[answer] = (counts[answer] ?? 0) + 1;
  }
  return counts;
}

/** In a child process: one candidate, printed as JSON. */
async function runChild(name: string, rounds: number, reddit: string | undefined): Promise<void> {
  const candidate = CANDIDATES.find((each) => each.name === name) as Candidate;
  const heapBefore = heapMb();
  const loadStarted = process.cpuUsage();
  let identify: Identify;
  try {
    identify = await candidate.load();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.log(JSON.stringify({ name, installed: false } satisfies Result));
    return;
  }
  const loadMs = cpuMicros(loadStarted) / 1000;
  const set = samples();
  const correct = BUCKETS.map(() => 0);
  const total = BUCKETS.map(() => 0);
  let unsure = 0;
  for (const { language, text } of set) {
    const bucket = BUCKETS.findIndex((each) => each.fits(text.length));
    const answer = identify(text);
    total[bucket]++;
    if (answer === language) correct[bucket]++;
    if (answer === '') unsure++;
  }
  const texts = set.map((sample) => sample.text);
  const real = reddit === undefined ? undefined : realTexts(reddit);
  const result: Result = {
    name,
    installed: true,
    loadMs,
    heapMb: heapMb() - heapBefore,
    correct,
    total,
    unsure,
    microsPerText: timePerText(identify, texts, rounds),
    microsPerRealItem: real && timePerText(identify, real, rounds),
    realAnswers: real && answerCounts(identify, real),
  };
  console.log(JSON.stringify(result));
}

function inChildProcess(name: string, rounds: number, reddit: string | undefined): Result {
  const script = fileURLToPath(import.meta.url);
  const args = [script, CHILD_FLAG, name, '--rounds', String(rounds)];
  if (reddit !== undefined) args.push('--reddit', reddit);
  return JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', ...args], { encoding: 'utf8' }),
  ) as Result;
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`;
}

/** The three commonest answers, "none" for no answer: "en 93%, none 4%, de 1%". */
function commonestAnswers(counts: Record<string, number>): string {
  const all = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([answer, count]) => `${answer === '' ? 'none' : answer} ${percent(count, all)}`)
    .join(', ');
}

function row(result: Result, realColumns: number): string[] {
  const columns = 4 + BUCKETS.length + realColumns;
  if (!result.installed) return [result.name, 'not installed', ...Array(columns - 1).fill('')];
  const correct = result.correct as number[];
  const total = result.total as number[];
  const all = total.reduce((sum, count) => sum + count, 0);
  const real =
    result.realAnswers === undefined
      ? []
      : [(result.microsPerRealItem as number).toFixed(1), commonestAnswers(result.realAnswers)];
  return [
    result.name,
    percent(
      correct.reduce((sum, count) => sum + count, 0),
      all,
    ),
    ...BUCKETS.map((_, bucket) => percent(correct[bucket], total[bucket])),
    percent(result.unsure as number, all),
    (result.microsPerText as number).toFixed(1),
    `${(result.loadMs as number).toFixed(0)} ms, ${(result.heapMb as number).toFixed(0)} MB`,
    ...real,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      candidate: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      reddit: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  if (values.candidate !== undefined) {
    await runChild(values.candidate, rounds, values.reddit);
    return;
  }
  const set = samples();
  const languages = new Set(set.map((sample) => sample.language));
  const counts = BUCKETS.map(
    (bucket) => set.filter((sample) => bucket.fits(sample.text.length)).length,
  );
  console.log(
    `${set.length} texts in ${languages.size} languages (${BUCKETS.map((bucket, index) => `${bucket.name}: ${counts[index]}`).join(', ')}); ` +
      `node ${process.version}, one process per candidate, best of ${rounds} rounds`,
  );
  const realHeaders = values.reddit === undefined ? [] : ['µs per real item', 'real items'];
  printTable(
    [
      'candidate',
      'accuracy',
      ...BUCKETS.map((bucket) => `${bucket.name} chars`),
      'unsure',
      'µs per text',
      'load, heap',
      ...realHeaders,
    ],
    CANDIDATES.map((candidate) =>
      row(inChildProcess(candidate.name, rounds, values.reddit), realHeaders.length),
    ),
  );
}

await main();

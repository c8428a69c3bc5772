import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeywordMode } from '../src/modules/matching/keyword-definition.js';
import { checkKeywordDraft, keywordIdentity } from '../src/modules/keywords/keyword-rules.js';
import {
  seededRandom,
  type Random,
  type SyntheticItem,
  type SyntheticKeyword,
} from './synthetic-stream.js';

/**
 * A realistic corpus from the real data samples (paths given on the command line, never part of
 * the project): items recombined from the sentences of real Reddit posts and comments, and
 * keyword sets of "brand software-term" phrases built from real brand and software-term lists,
 * a third each exact, proximity and broad.
 */

const REMOVED = new Set(['[deleted]', '[removed]', '']);
/** Brands that are not common English words, and software terms (see the data's README). */
const BRAND_LIST = 'DERIVED_brands_filtered_not-in-top20k-english.txt';
const TERM_LISTS = [
  'software-terms_cspell-dict-software-terms_5.4.9.txt',
  'software-tools_cspell-dict-software-terms_5.4.9.txt',
  'programming-languages_linguist-languages_9.5.0.txt',
];
const MODES: readonly KeywordMode[] = ['exact', 'proximity', 'broad'];

export interface RedditText {
  titles: string[];
  sentences: string[];
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') && entry.name !== 'PROVENANCE.json' ? [path] : [];
  });
}

/** Every t1/t3 `data` object anywhere in a response body, by fullname (each once). */
function collectThings(value: unknown, things: Map<string, Record<string, unknown>>): void {
  if (Array.isArray(value)) {
    for (const element of value) collectThings(element, things);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const data = record.data as Record<string, unknown> | undefined;
  if ((record.kind === 't1' || record.kind === 't3') && data && typeof data.id === 'string') {
    things.set(`${record.kind}_${data.id}`, data);
  }
  for (const child of Object.values(record)) collectThings(child, things);
}

function sentencesOf(text: unknown): string[] {
  if (typeof text !== 'string' || REMOVED.has(text.trim())) return [];
  return text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 3);
}

export function redditText(dir: string): RedditText {
  const things = new Map<string, Record<string, unknown>>();
  for (const file of jsonFiles(dir)) {
    collectThings(JSON.parse(readFileSync(file, 'utf8')) as unknown, things);
  }
  const titles: string[] = [];
  const sentences: string[] = [];
  for (const data of things.values()) {
    if (typeof data.title === 'string' && data.title.trim() !== '') titles.push(data.title.trim());
    sentences.push(...sentencesOf(data.selftext), ...sentencesOf(data.body));
  }
  if (titles.length === 0 || sentences.length === 0) {
    throw new Error(`no Reddit posts and comments found under ${dir}`);
  }
  return { titles, sentences };
}

function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

function paragraph(random: Random, sentences: readonly string[], count: number): string {
  return Array.from({ length: count }, () => pick(random, sentences)).join(' ');
}

/** Items as the synthetic stream shapes them (35% posts), each text recombined from real ones. */
export function* realItems(
  text: RedditText,
  count: number,
  seed: number,
): Generator<SyntheticItem> {
  const random = seededRandom(seed);
  for (let index = 0; index < count; index++) {
    if (random() < 0.35) {
      yield {
        type: 'post',
        title: pick(random, text.titles),
        selftext: paragraph(random, text.sentences, Math.floor(random() * 7)),
      };
    } else {
      yield {
        type: 'comment',
        body: paragraph(random, text.sentences, 1 + Math.floor(random() * 4)),
      };
    }
  }
}

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** `count` distinct valid "brand term" keywords, modes in turn exact, proximity, broad. */
export function realKeywords(dir: string, count: number, seed: number): SyntheticKeyword[] {
  const brands = lines(join(dir, BRAND_LIST));
  const terms = TERM_LISTS.flatMap((name) => lines(join(dir, name)));
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const keywords: SyntheticKeyword[] = [];
  for (let attempts = 0; keywords.length < count; attempts++) {
    if (attempts > count * 20) throw new Error(`cannot build ${count} distinct keywords`);
    const text = `${pick(random, brands)} ${pick(random, terms)}`;
    const mode = MODES[keywords.length % MODES.length];
    const parsed = checkKeywordDraft({ text, mode });
    if (!parsed.ok || seen.has(keywordIdentity(text))) continue;
    seen.add(keywordIdentity(text));
    keywords.push({ text: parsed.keyword.text, mode });
  }
  return keywords;
}

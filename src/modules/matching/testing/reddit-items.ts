import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { MatchInput } from '../match-input.js';

/*
 * Real Reddit posts and comments for the matcher's property tests: those of ../shared/data/reddit
 * (real API listings, not part of the project) when it is there, else a small built-in sample of
 * real-looking ones, so the tests pass on a fresh clone and say which they used.
 */

const REDDIT_DATA = resolve(process.cwd(), '../shared/data/reddit');
const REMOVED = new Set(['', '[deleted]', '[removed]']);

/** Real-looking posts ([title, selftext]) and comments ([body]) for a clone without the data. */
const SAMPLE: MatchInput[] = [
  post(
    'Best alternatives to Notion for a small team?',
    'We tried Notion, Coda and Obsidian. Pricing is killing us: $10/user/month adds up fast.',
  ),
  post(
    '[Help] Node.js app crashes after upgrading to v20',
    'Stack trace says "ERR_REQUIRE_ESM". Tried downgrading node-fetch, still broken.',
  ),
  post('TIL the Eiffel Tower grows ~15 cm in summer', ''),
  post(
    'Looking for a CRM that integrates with HubSpot & Salesforce',
    'Budget is tight. Any recommendations? Tracking price changes matters most.',
  ),
  comment(
    'I switched from Salesforce to HubSpot last year and honestly the price tracking alone was worth it.',
  ),
  comment('C++20 modules are still half-baked in most compilers, ngl.'),
  comment('This. 100% this. The prices tracked by that tool are always off by a day or two'),
  comment("Can't believe they removed the dark mode toggle again... r/assholedesign material"),
  comment('Use pg_dump for backups, then restore with pg_restore --clean. Postgres docs cover it.'),
  comment('Edit: thanks for the gold, kind stranger! 🚀🚀'),
  comment('tracking, tracked, tracks: the stemmer treats all of them as track'),
  comment('Acme Corp acquired Globex; the acme-corp.com site redirects now.'),
];

function post(title: string, selftext: string): MatchInput {
  return { type: 'post', fields: [title, selftext], subreddit: 'sample', author: 'sample' };
}

function comment(body: string): MatchInput {
  return { type: 'comment', fields: [body], subreddit: 'sample', author: 'sample' };
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') && entry.name !== 'PROVENANCE.json' ? [path] : [];
  });
}

function text(value: unknown): string {
  return typeof value === 'string' && !REMOVED.has(value.trim()) ? value : '';
}

/** Every post and comment of the listings, each once. */
function redditItems(dir: string): MatchInput[] {
  const things = new Map<string, MatchInput>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const { kind, data } = value as { kind?: string; data?: Record<string, unknown> };
    if (data && typeof data.id === 'string' && (kind === 't3' || kind === 't1')) {
      const item =
        kind === 't3' ? post(text(data.title), text(data.selftext)) : comment(text(data.body));
      if (item.fields.some((field) => field.trim() !== '')) things.set(`${kind}_${data.id}`, item);
    }
    Object.values(value).forEach(visit);
  };
  for (const file of jsonFiles(dir)) visit(JSON.parse(readFileSync(file, 'utf8')));
  return [...things.values()];
}

export interface RedditItems {
  readonly items: readonly MatchInput[];
  /** What the items are, for the test's name. */
  readonly source: string;
  /** Whether they are the real data, not the sample. */
  readonly real: boolean;
}

export function redditItemsForTests(): RedditItems {
  if (!existsSync(REDDIT_DATA)) {
    return {
      items: SAMPLE,
      source: `the built-in sample of ${SAMPLE.length} items, ../shared/data/reddit being absent`,
      real: false,
    };
  }
  const items = redditItems(REDDIT_DATA);
  return {
    items,
    source: `${items.length} real posts and comments of ../shared/data/reddit`,
    real: true,
  };
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import fc from 'fast-check';

import type { KeywordDefinition, KeywordMode } from '../keyword-definition.js';
import { KeywordMatcher } from '../keyword-matcher.js';
import type { MatchInput } from '../match-input.js';
import { keywordQuery } from './keyword-query.js';
import { evaluateQuery } from './query-evaluator.js';
import { QueryItem } from './query-item.js';

/*
 * Every v1 keyword means what its tree (keywordQuery) means: the matcher's specialised rules for
 * the keyword and the query evaluator for the tree find the same items. Keywords are random
 * picks of nearby words (as written: case, punctuation, symbols) from real Reddit text, so most
 * match somewhere; the items are real posts and comments: those of ../shared/data/reddit when it
 * is there, else the sample below.
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

const usesRealData = existsSync(REDDIT_DATA);
const ITEMS = usesRealData ? redditItems(REDDIT_DATA) : SAMPLE;
const WORDS = ITEMS.map((item) =>
  item.fields
    .join(' ')
    .split(/\s+/)
    .filter((word) => word !== ''),
);

const keywordDraft = fc.record({
  item: fc.nat(ITEMS.length - 1),
  start: fc.nat(),
  /** Offsets of the keyword's words after the first, each within a few words of it. */
  offsets: fc.array(fc.nat(6), { maxLength: 3 }),
  mode: fc.constantFrom<KeywordMode>('exact', 'proximity', 'broad'),
});

type KeywordDraft = typeof keywordDraft extends fc.Arbitrary<infer T> ? T : never;

function keywordText({ item, start, offsets }: KeywordDraft): string {
  const words = WORDS[item];
  if (words.length === 0) return 'reddit';
  const first = start % words.length;
  return [0, ...offsets].map((offset) => words[(first + offset) % words.length]).join(' ');
}

describe(`every v1 keyword and its tree match the same items (${usesRealData ? `${ITEMS.length} real posts and comments of ../shared/data/reddit` : `the built-in sample of ${ITEMS.length} items, ../shared/data/reddit being absent`})`, () => {
  it('on random keywords of real words', () => {
    const item = new QueryItem();
    let drawn = 0;
    let matchedWhereDrawn = 0;
    fc.assert(
      fc.property(
        fc.array(keywordDraft, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (drafts, shift) => {
          const keywords: KeywordDefinition[] = drafts.map((draft, index) => ({
            id: String(index),
            accountId: 'account',
            text: keywordText(draft),
            mode: draft.mode,
            trackPosts: true,
            trackComments: true,
          }));
          const trees = keywords.map(({ text, mode }) => keywordQuery(text, mode));
          const matcher = new KeywordMatcher(keywords);
          // The items the keywords were drawn from, and as many others.
          const inputs = drafts.flatMap(({ item: index }) => [
            ITEMS[index],
            ITEMS[(index + shift) % ITEMS.length],
          ]);
          inputs.forEach((input, position) => {
            const byRules = matcher
              .match(input)
              .map(({ id }) => Number(id))
              .sort((a, b) => a - b);
            item.reset(input);
            const byTrees = trees.flatMap((tree, index) =>
              evaluateQuery(tree, item) === 'match' ? [index] : [],
            );
            if (position % 2 === 0) {
              drawn++;
              if (byRules.includes(position / 2)) matchedWhereDrawn++;
            }
            expect({ item: input.fields, matches: byTrees }).toEqual({
              item: input.fields,
              matches: byRules,
            });
          });
        },
      ),
      { numRuns: usesRealData ? 300 : 100 },
    );
    // Not a vacuous agreement: many keywords match the item they were drawn from.
    expect(matchedWhereDrawn / drawn).toBeGreaterThan(0.3);
  });
});

/**
 * Keywords made only of symbols ("++", "=>", "$$$") against long items. They have no word to be
 * indexed under: before, each was searched for in every field of every item (one RegExp per
 * keyword, PhraseSearchRule); now one automaton pass per field finds all of them
 * (SymbolPhraseLists). Measured in one process, on the same items:
 * - floor: the matcher holding only the ordinary keywords;
 * - matcher: the same plus the symbol keywords;
 * - per-keyword search: what the symbol keywords cost before, each rule tested on every field.
 *
 *   npm run build && node dist/bench/symbols.bench.js [--symbols 500] [--kb 40] [--items 50]
 *     [--words 10000] [--rounds 5]
 */
import { parseArgs } from 'node:util';
import type { FieldView } from '../src/modules/matching/text/field-view.js';
import type { KeywordDefinition } from '../src/modules/matching/keyword-definition.js';
import { KeywordMatcher, type MatchInput } from '../src/modules/matching/keyword-matcher.js';
import { PhraseSearchRule } from '../src/modules/matching/rules/phrase-search-rule.js';
import { foldCase } from '../src/modules/matching/text/text-normalization.js';
import { SeededRandom } from './reddit-sim/random.js';

const SYMBOLS = ['+', '#', '$', '=', '>', '<', '-', '*', '!', '?', '&', '|', '~', '^', '%', '@'];
const WORDS = [
  'the',
  'code',
  'build',
  'release',
  'error',
  'node',
  'value',
  'user',
  'query',
  'port',
];

interface Options {
  symbols: number;
  kb: number;
  items: number;
  words: number;
  rounds: number;
}

/** Distinct phrases of 1 to 4 symbols, some with a space inside. */
function symbolPhrases(count: number, random: SeededRandom): string[] {
  const phrases = new Set<string>();
  while (phrases.size < count) {
    const length = 1 + Math.floor(random.next() * 4);
    let phrase = '';
    for (let i = 0; i < length; i++) {
      phrase += SYMBOLS[Math.floor(random.next() * SYMBOLS.length)];
      if (i < length - 1 && random.chance(0.1)) phrase += ' ';
    }
    phrases.add(phrase);
  }
  return [...phrases];
}

/** Code-flavoured prose: words with operators and punctuation, about `kb` kilobytes. */
function longItem(kb: number, random: SeededRandom): MatchInput {
  const parts: string[] = [];
  let length = 0;
  while (length < kb * 1000) {
    const part = random.chance(0.15)
      ? SYMBOLS[Math.floor(random.next() * SYMBOLS.length)].repeat(
          1 + Math.floor(random.next() * 2),
        )
      : `${WORDS[Math.floor(random.next() * WORDS.length)]}${Math.floor(random.next() * 1000)}`;
    parts.push(part);
    length += part.length + 1;
  }
  const body = parts.join(random.chance(0.5) ? ' ' : '\n');
  return { type: 'comment', fields: [body], subreddit: 'programming', author: 'bench' };
}

function definition(text: string, index: number): KeywordDefinition {
  return {
    id: `kw-${index}`,
    accountId: `account-${index % 50}`,
    text,
    mode: 'exact',
    trackPosts: true,
    trackComments: true,
  };
}

/** Milliseconds per item, best of `rounds` passes over the items, and the matches per pass. */
function timed(items: readonly MatchInput[], rounds: number, pass: (item: MatchInput) => number) {
  let best = Number.POSITIVE_INFINITY;
  let matches = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    matches = 0;
    for (const item of items) matches += pass(item);
    best = Math.min(best, (performance.now() - started) / items.length);
  }
  return { msPerItem: best, matches };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      symbols: { type: 'string' },
      kb: { type: 'string' },
      items: { type: 'string' },
      words: { type: 'string' },
      rounds: { type: 'string' },
    },
  });
  const options: Options = {
    symbols: Number(values.symbols ?? 500),
    kb: Number(values.kb ?? 40),
    items: Number(values.items ?? 50),
    words: Number(values.words ?? 10_000),
    rounds: Number(values.rounds ?? 5),
  };
  const random = new SeededRandom(23);
  const phrases = symbolPhrases(options.symbols, random);
  const ordinary = Array.from({ length: options.words }, (_, i) =>
    definition(`${WORDS[i % WORDS.length]}${i} term${i}`, options.symbols + i),
  );
  const symbolKeywords = phrases.map(definition);
  const items = Array.from({ length: options.items }, () => longItem(options.kb, random));

  const floorMatcher = new KeywordMatcher(ordinary);
  const matcher = new KeywordMatcher([...ordinary, ...symbolKeywords]);
  const rules = phrases.map((phrase) => new PhraseSearchRule(phrase));
  const perKeywordSearch = (item: MatchInput): number => {
    let found = 0;
    for (const text of item.fields) {
      const field = { text: foldCase(text) } as FieldView;
      for (const rule of rules) if (rule.matches(field)) found++;
    }
    return found;
  };

  const floor = timed(items, options.rounds, (item) => floorMatcher.match(item).length);
  const indexed = timed(items, options.rounds, (item) => matcher.match(item).length);
  const searched = timed(items, options.rounds, perKeywordSearch);
  const symbolMatches = indexed.matches - floor.matches;
  if (symbolMatches !== searched.matches) {
    throw new Error(
      `the matcher found ${symbolMatches} symbol matches, the search ${searched.matches}`,
    );
  }

  console.log(
    `${options.symbols} symbol-only keywords beside ${options.words} ordinary ones; ` +
      `${options.items} items of ${options.kb} KB; ${(symbolMatches / options.items).toFixed(1)} symbol matches per item`,
  );
  const row = (name: string, ms: number) =>
    console.log(`${name.padEnd(44)} ${ms.toFixed(3).padStart(9)} ms/item`);
  row('matcher, ordinary keywords only (floor)', floor.msPerItem);
  row('matcher, with the symbol keywords', indexed.msPerItem);
  row('symbol keywords, one search each (before)', searched.msPerItem);
  console.log(
    `symbol keywords' cost per item: ${(indexed.msPerItem - floor.msPerItem).toFixed(3)} ms indexed ` +
      `vs ${searched.msPerItem.toFixed(3)} ms searched one by one ` +
      `(${(searched.msPerItem / Math.max(0.001, indexed.msPerItem - floor.msPerItem)).toFixed(0)}x)`,
  );
}

main();

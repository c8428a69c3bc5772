/*
 * The recent window's full-text index: what writing it costs in the ingestion transaction, its
 * size, and how fast it finds the candidates of a rare and of a common word (docs/preview.md,
 * "The recent window").
 *
 *   DATABASE_URL=postgres://… npm run bench:recent-window -- --reddit ../shared/data/reddit
 *   npm run bench:recent-window -- --reddit ../shared/data/reddit          (SQLite)
 *
 * Items are recombined from the sentences of real Reddit posts and comments (bench/real-corpus.ts).
 * On PostgreSQL it first compares the two index options on the same lexemes (window-terms.ts),
 * each in a table of its own written batch by batch in alternation: a tsvector column under GIN,
 * and the lexemes as one text under a pg_trgm GIN index. Then, on either database, the window
 * itself (RecentItemStore: the whole row and its index) as the pipeline writes it.
 */
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { Database } from '../src/database/database.js';
import type { NewItem } from '../src/modules/ingestion/ingestion-sinks.js';
import { alertParentOf, matchInputOf } from '../src/modules/ingestion/item-match-input.js';
import type { RedditItem } from '../src/modules/ingestion/reddit-item.js';
import { RecentItemStore } from '../src/modules/recent-items/recent-item.store.js';
import { PRUNE_BATCH_SIZE } from '../src/modules/recent-items/recent-window.service.js';
import { keywordAnchors, windowSearch } from '../src/modules/recent-items/window-search.js';
import { itemLexemes } from '../src/modules/recent-items/window-terms.js';
import { openBenchDatabase } from './bench-database.js';
import { printTable } from './print-table.js';
import { realItems, redditText } from './real-corpus.js';
import { seededRandom } from './synthetic-stream.js';

const { values } = parseArgs({
  options: {
    reddit: { type: 'string' },
    items: { type: 'string', default: '120000' },
  },
});
if (values.reddit === undefined) throw new Error('give --reddit <dir> (the real data samples)');
const ITEM_COUNT = Number(values.items);
/** Items per transaction, as a poller batch or a dump batch stores them. */
const BATCH = 500;
const RUNS = 7;
/** What a preview might count up to before it samples instead. */
const COUNT_CAP = 1_000;
const SUBREDDITS = ['AskReddit', 'technology', 'rust', 'pics', 'smallbusiness', 'startups'];

function newItems(): NewItem[] {
  const random = seededRandom(7);
  const text = redditText(values.reddit!);
  let index = 0;
  return [...realItems(text, ITEM_COUNT, 11)].map((synthetic) => {
    const id = `w${(index++).toString(36)}`;
    const subreddit = SUBREDDITS[Math.floor(random() * SUBREDDITS.length)];
    const common = {
      id,
      subreddit,
      author: `user${Math.floor(random() * 5000)}`,
      permalink: `/r/${subreddit}/comments/${id}/_/`,
      createdUtc: 1_763_700_000 + index,
      score: 1,
    };
    const item: RedditItem =
      synthetic.type === 'post'
        ? {
            type: 'post',
            ...common,
            title: synthetic.title ?? '',
            selftext: synthetic.selftext ?? '',
            numComments: 0,
            flair: null,
            url: null,
            domain: null,
            nsfw: false,
            isSelf: true,
          }
        : {
            type: 'comment',
            ...common,
            postId: 'p0',
            body: synthetic.body ?? '',
            linkTitle: text.titles[Math.floor(random() * text.titles.length)],
          };
    return { item, parent: alertParentOf(item), foundParent: undefined };
  });
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function medianOf(work: () => Promise<unknown>): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await timed(work));
  return median(samples);
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The rarest word held by 5 items or more, and the commonest, by the items whose text holds them. */
function chooseWords(lexemes: readonly string[][]): { rare: string; common: string } {
  const counts = new Map<string, number>();
  for (const itemLexemes of lexemes) {
    const words = new Set<string>();
    for (const lexeme of itemLexemes) {
      if (/^[ab]t[a-wyz]+$/.test(lexeme)) words.add(lexeme.slice(2));
    }
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const byCount = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const rare = byCount.findLast(([word, count]) => count >= 5 && word.length >= 5);
  return { rare: rare![0], common: byCount[0][0] };
}

/** PostgreSQL: tsvector/GIN against pg_trgm/GIN, on the same lexemes, in tables of their own. */
async function compareOptions(
  database: Database,
  items: readonly NewItem[],
  lexemes: readonly string[][],
  words: { rare: string; common: string },
): Promise<void> {
  const query = (sql: string, parameters: unknown[] = []) =>
    database.dataSource.query(sql, parameters) as Promise<Record<string, unknown>[]>;
  await query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await query(`CREATE TABLE option_tsvector (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    seen_at bigint NOT NULL, terms tsvector NOT NULL)`);
  await query('CREATE INDEX option_tsvector_terms ON option_tsvector USING gin (terms)');
  await query(`CREATE TABLE option_trgm (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    seen_at bigint NOT NULL, terms text NOT NULL)`);
  await query('CREATE INDEX option_trgm_terms ON option_trgm USING gin (terms gin_trgm_ops)');
  for (const table of ['option_tsvector', 'option_trgm']) {
    await query(`CREATE INDEX ${table}_seen ON ${table} (seen_at, id)`);
    // As the migration sets it for recent_items.terms.
    await query(`ALTER TABLE ${table} ALTER COLUMN terms SET STATISTICS 1000`);
  }
  const writeMs = { option_tsvector: 0, option_trgm: 0 };
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = lexemes.slice(start, start + BATCH);
    const seenAt = start;
    writeMs.option_tsvector += await timed(() =>
      database.transaction((manager) =>
        manager.query(
          `INSERT INTO option_tsvector (seen_at, terms)
           SELECT $1, array_to_tsvector(string_to_array(t, ' ')) FROM unnest($2::text[]) t`,
          [seenAt, batch.map((l) => l.join(' '))],
        ),
      ),
    );
    writeMs.option_trgm += await timed(() =>
      database.transaction((manager) =>
        manager.query(
          `INSERT INTO option_trgm (seen_at, terms) SELECT $1, t FROM unnest($2::text[]) t`,
          [seenAt, batch.map((l) => ` ${l.join(' ')} `)],
        ),
      ),
    );
  }
  await query('VACUUM ANALYZE option_tsvector');
  await query('VACUUM ANALYZE option_trgm');
  const size = async (relation: string) =>
    Number((await query('SELECT pg_relation_size($1) AS n', [relation]))[0].n);
  const total = async (relation: string) =>
    Number((await query('SELECT pg_total_relation_size($1) AS n', [relation]))[0].n);
  const tsquery = (word: string) => `'at${word}' | 'bt${word}'`;
  const trgmCondition = `(terms LIKE $1 OR terms LIKE $2)`;
  const trgmParameters = (word: string) => [`% at${word} %`, `% bt${word} %`];
  const rows: string[][] = [];
  for (const [option, condition, parameters] of [
    ['tsvector + GIN', 'terms @@ $1::tsquery', (w: string) => [tsquery(w)]],
    ['pg_trgm + GIN', trgmCondition, trgmParameters],
  ] as const) {
    const table = option.startsWith('tsvector') ? 'option_tsvector' : 'option_trgm';
    const row = [
      option,
      ms((writeMs[table] / items.length) * 1000),
      mb(await size(`${table}_terms`)),
      mb(await total(table)),
    ];
    for (const word of [words.rare, words.common]) {
      const [{ n }] = await query(
        `SELECT COUNT(*) AS n FROM ${table} WHERE ${condition}`,
        parameters(word),
      );
      row.push(
        `${n}`,
        ms(
          await medianOf(() =>
            query(
              `SELECT id FROM ${table} WHERE ${condition} ORDER BY seen_at DESC, id DESC LIMIT 25`,
              parameters(word),
            ),
          ),
        ),
        ms(
          await medianOf(() =>
            query(`SELECT COUNT(*) FROM ${table} WHERE ${condition}`, parameters(word)),
          ),
        ),
      );
    }
    rows.push(row);
  }
  console.log(
    `\nPostgreSQL index options, ${items.length} items, the same lexemes ` +
      `(rare: "${words.rare}", common: "${words.common}"; median of ${RUNS}):\n`,
  );
  printTable(
    [
      'option',
      'write ms / 1,000 items',
      'index MB',
      'table + indexes MB',
      'rare: items',
      'newest 25 ms',
      'count ms',
      'common: items',
      'newest 25 ms',
      'count ms',
    ],
    rows,
  );
}

/** The window as the pipeline writes it, and its searches (RecentItemStore), on either database. */
async function measureWindow(
  database: Database,
  items: readonly NewItem[],
  words: { rare: string; common: string },
): Promise<void> {
  const store = new RecentItemStore(database);
  let writeMs = 0;
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    writeMs += await timed(() =>
      database.transaction((manager) => store.write(manager, batch, start)),
    );
  }
  // What autovacuum's analyze does within a minute of such a write: the planner's row counts.
  await database.dataSource.query(
    database.kind === 'postgres' ? 'ANALYZE recent_items' : 'ANALYZE',
  );
  const range = { fromMs: 0, toMs: items.length + 1 };
  const rows: string[][] = [];
  for (const [label, word] of [
    ['rare', words.rare],
    ['common', words.common],
  ]) {
    const search = windowSearch(keywordAnchors({ text: word, mode: 'exact' }));
    rows.push([
      `${label} "${word}"`,
      `${await store.countCandidates(search, range)}`,
      ms(await medianOf(() => store.candidates(search, range, { limit: 25 }))),
      ms(await medianOf(() => store.countCandidates(search, range))),
      ms(await medianOf(() => store.countCandidates(search, range, COUNT_CAP))),
    ]);
  }
  const size =
    database.kind === 'postgres'
      ? Number(
          (
            (await database.dataSource.query(
              "SELECT pg_total_relation_size('recent_items') AS n",
            )) as { n: string }[]
          )[0].n,
        )
      : Number(
          (
            (await database.dataSource.query(
              'SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()',
            )) as { n: number }[]
          )[0].n,
        );
  console.log(
    `\nThe window on ${database.kind}: ${items.length} items written in transactions of ` +
      `${BATCH}, ${ms((writeMs / items.length) * 1000)} ms per 1,000 items ` +
      `(lexemes included), ${mb(size)} MB with its indexes (median of ${RUNS}):\n`,
  );
  printTable(
    ['word', 'candidates', 'newest 25 ms', 'count ms', `count up to ${COUNT_CAP} ms`],
    rows,
  );
  const half = Math.floor(items.length / 2);
  let pruned = 0;
  const pruneMs = await timed(async () => {
    pruned = await store.pruneOlderThan(half, PRUNE_BATCH_SIZE);
  });
  const batches = Math.ceil(pruned / PRUNE_BATCH_SIZE);
  console.log(
    `\nPruning the older half: ${pruned} items in ${batches} transactions of up to ` +
      `${PRUNE_BATCH_SIZE}, ${ms((pruneMs / pruned) * 1000)} ms per 1,000 items, ` +
      `${ms(pruneMs / batches)} ms per transaction`,
  );
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase('recent_window');
  const dataSource = await new DataSource(buildDataSourceOptions(bench.url)).initialize();
  try {
    const database = await Database.open(dataSource);
    const items = newItems();
    const lexemeStart = process.hrtime.bigint();
    const lexemes = items.map(({ item, foundParent }) =>
      itemLexemes(matchInputOf(item, foundParent)),
    );
    const lexemeMs = Number(process.hrtime.bigint() - lexemeStart) / 1e6;
    const perItem = lexemes.reduce((sum, l) => sum + l.length, 0) / lexemes.length;
    console.log(
      `${items.length} items, ${perItem.toFixed(1)} lexemes each on average, ` +
        `computed in ${ms((lexemeMs / items.length) * 1000)} ms per 1,000 items`,
    );
    const words = chooseWords(lexemes);
    if (database.kind === 'postgres') await compareOptions(database, items, lexemes, words);
    await bench.standInForAutovacuum();
    await measureWindow(database, items, words);
    await database.onApplicationShutdown();
  } finally {
    await dataSource.destroy();
    await bench.drop();
  }
}

void main();

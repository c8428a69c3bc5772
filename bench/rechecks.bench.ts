/**
 * The /api/info requests the re-checks of `score:` and `comments:` cost at firehose rates
 * (decisions.md section 13, issue #33 item 5). On real Reddit text, 1,000 threshold queries
 * (`<brand> score:>=25`, `<brand> comments:>=10`, alternately, from the real brand list) are
 * matched as new items come: score 1, no comments yet, so every item that holds but for its
 * counts is pending. The share of items pending and the ids each costs (a comment's post rides
 * along for its comment count) give the requests per hour at a firehose's rate:
 *
 *   pending items per hour × 2 re-checks × ids per item ÷ 100 ids per request
 *
 * set against the re-checks' budget (a tenth of 100 requests a minute per credential).
 *
 *   npm run build && node dist/bench/rechecks.bench.js --reddit ../shared/data/reddit
 *     --keyword-lists ../shared/data/keywords [--queries 1000] [--items 20000]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KeywordMatcher } from '../src/modules/matching/keyword-matcher.js';
import type { KeywordDefinition } from '../src/modules/matching/keyword-definition.js';
import type { MatchInput } from '../src/modules/matching/match-input.js';
import { parseQuery } from '../src/modules/matching/query/query-parser.js';
import { realItems, redditText } from './real-corpus.js';
import { printTable } from './print-table.js';
import { seededRandom } from './synthetic-stream.js';

const BRAND_LIST = 'DERIVED_brands_filtered_not-in-top20k-english.txt';
/** Visible items a second: bench:coverage's steady and peak streams (ids/s × 0.85 visible). */
const FIREHOSE = [
  { name: 'steady (110 ids/s)', itemsPerSecond: 110 * 0.85 },
  { name: 'peak (240 ids/s)', itemsPerSecond: 240 * 0.85 },
];
const RECHECKS_PER_ITEM = 2;
const IDS_PER_REQUEST = 100;
const BUDGET_PER_CREDENTIAL_HOUR = 60 * 10;

const { values } = parseArgs({
  options: {
    reddit: { type: 'string' },
    'keyword-lists': { type: 'string' },
    queries: { type: 'string', default: '1000' },
    items: { type: 'string', default: '20000' },
  },
});
if (values.reddit === undefined || values['keyword-lists'] === undefined) {
  throw new Error('give --reddit <dir> and --keyword-lists <dir> (the real data samples)');
}

function thresholdQueries(count: number): KeywordDefinition[] {
  const brands = readFileSync(join(values['keyword-lists']!, BRAND_LIST), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[\p{L}\p{N} ]+$/u.test(line));
  const random = seededRandom(33);
  const definitions: KeywordDefinition[] = [];
  const used = new Set<string>();
  while (definitions.length < count) {
    const brand = brands[Math.floor(random() * brands.length)];
    if (used.has(brand)) continue;
    used.add(brand);
    const term = brand.includes(' ') ? `"${brand}"` : brand;
    const query = `${term} ${definitions.length % 2 === 0 ? 'score:>=25' : 'comments:>=10'}`;
    parseQuery(query);
    definitions.push({
      id: `q${definitions.length}`,
      accountId: 'a',
      text: brand,
      mode: 'exact',
      trackPosts: true,
      trackComments: true,
      query,
    });
  }
  return definitions;
}

const matcher = new KeywordMatcher();
for (const definition of thresholdQueries(Number(values.queries))) matcher.add(definition);

let items = 0;
let pendingItems = 0;
let pendingIds = 0;
let pendingRows = 0;
for (const item of realItems(redditText(values.reddit), Number(values.items), 7)) {
  items++;
  const fields = item.type === 'post' ? [item.title ?? '', item.selftext ?? ''] : [item.body ?? ''];
  const input: MatchInput = {
    type: item.type,
    fields,
    subreddit: 'AskReddit',
    author: 'someone',
    score: 1,
    numComments: 0,
  };
  const pending: KeywordDefinition[] = [];
  matcher.match(input, pending);
  if (pending.length === 0) continue;
  pendingItems++;
  pendingRows += pending.length;
  pendingIds += item.type === 'post' ? 1 : 2;
}

const share = pendingItems / items;
const idsPerItem = pendingItems === 0 ? 0 : pendingIds / pendingItems;
console.log(
  `${values.queries} threshold queries, ${items} real-text items: ${pendingItems} pending ` +
    `(${(share * 100).toFixed(2)} %, ${pendingRows} keyword × item rows), ` +
    `${idsPerItem.toFixed(2)} ids each (a comment's post rides along)`,
);
printTable(
  ['firehose', 'pending items/h', 're-check requests/h', 'per minute', 'credentials for a tenth'],
  FIREHOSE.map(({ name, itemsPerSecond }) => {
    const pendingPerHour = itemsPerSecond * 3_600 * share;
    const requests = (pendingPerHour * RECHECKS_PER_ITEM * idsPerItem) / IDS_PER_REQUEST;
    return [
      name,
      Math.round(pendingPerHour).toLocaleString('en'),
      Math.round(requests).toLocaleString('en'),
      (requests / 60).toFixed(1),
      String(Math.ceil(requests / BUDGET_PER_CREDENTIAL_HOUR)),
    ];
  }),
);

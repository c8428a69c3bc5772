import fc from 'fast-check';

import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { loadConfig } from '../../config/app-config.js';
import type { NewItem } from '../ingestion/ingestion-sinks.js';
import { alertParentOf, matchInputOf } from '../ingestion/item-match-input.js';
import type { ParentPostFields, RedditItem } from '../ingestion/reddit-item.js';
import type { KeywordDefinition, KeywordMode } from '../matching/keyword-definition.js';
import { KeywordMatcher } from '../matching/keyword-matcher.js';
import { parseQuery } from '../matching/query/query-parser.js';
import { redditItemsForTests } from '../matching/testing/reddit-items.js';
import { RecentItemStore } from './recent-item.store.js';
import { RecentWindow } from './recent-window.service.js';
import { keywordAnchors } from './window-search.js';

/*
 * The window never misses: for random items and random keywords (every mode, and queries with
 * every kind of anchor), each item the live matcher matches is among the candidates the database
 * finds by the keyword's anchors, whatever the database's own tokenizer would make of the text
 * (Unicode that NFKC or lower-casing changes, symbols, stems, long tokens, links).
 */

/** Words our tokenizer, folding and stemmer treat in ways a database's might not. */
const WORDS = [
  'tracking',
  'tracked',
  'Tracks',
  'price',
  'PRICES',
  'pricing',
  'Acme',
  'acmecorp',
  'acme-corp',
  'c++',
  'C++20',
  'Ｃ＋＋',
  '.net',
  'ASP.NET',
  'node.js',
  'e-mail',
  'email',
  'Café',
  'cafe\u0301',
  'ﬁsh',
  'fish',
  'İstanbul',
  'istanbul',
  'naïve',
  'Straße',
  'STRASSE',
  'ΣΊΣΥΦΟΣ',
  'σίσυφος',
  '\u212Aelvin',
  'kelvin',
  'x'.repeat(70) + 'é'.repeat(20),
  'x'.repeat(70) + 'é'.repeat(21),
  "don't",
  'dont',
  '2024',
  'best',
  'vpn',
  'generalization',
  'general',
  '🚀',
  '$$$',
  '=>',
  'r/rust',
  'https://docs.acme.io/path',
  'http://EXAMPLE.com/a',
];
const SEPARATORS = [' ', ' ', ', ', '\n', '-', '.', '  ', '\t', '/'];

const { items: REAL } = redditItemsForTests();

const text = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), {
      minLength: 0,
      maxLength: 10,
    })
    .map((parts) => parts.map(([word, separator]) => word + separator).join('')),
  fc.nat(REAL.length - 1).map((index) => REAL[index].fields.join(' ')),
);

const itemDraft = fc.record({
  post: fc.boolean(),
  title: text,
  body: text,
  parentFound: fc.boolean(),
  linkTitle: fc.option(text),
  subreddit: fc.constantFrom('rust', 'Pics', 'AskReddit'),
  author: fc.constantFrom('alice', 'Bob', 'carol_99'),
  link: fc.constantFrom(null, 'https://blog.acme.io/x', 'https://EXAMPLE.com'),
});

type ItemDraft = typeof itemDraft extends fc.Arbitrary<infer T> ? T : never;

function newItemOf(draft: ItemDraft, index: number): NewItem {
  const common = {
    id: `i${index}`,
    subreddit: draft.subreddit,
    author: draft.author,
    permalink: `/r/${draft.subreddit}/comments/i${index}/_/`,
    createdUtc: 1_763_700_000,
    score: 3,
  };
  if (draft.post) {
    const item: RedditItem = {
      type: 'post',
      ...common,
      title: draft.title,
      selftext: draft.body,
      numComments: 1,
      flair: null,
      url: draft.link,
      domain: draft.link === null ? null : new URL(draft.link).hostname,
      nsfw: false,
      isSelf: draft.link === null,
    };
    return { item, parent: alertParentOf(item), foundParent: undefined };
  }
  const item: RedditItem = {
    type: 'comment',
    ...common,
    postId: `p${index}`,
    body: draft.body,
    linkTitle: draft.linkTitle,
  };
  const foundParent: ParentPostFields | undefined = draft.parentFound
    ? {
        title: draft.title,
        selftext: '',
        score: 1,
        numComments: 2,
        flair: null,
        nsfw: false,
        isSelf: true,
      }
    : undefined;
  return { item, parent: alertParentOf(item, foundParent), foundParent };
}

type Shape =
  | { t: 'word' | 'phrase' | 'prefix' | 'case' | 'literal'; a: string; b: string }
  | { t: 'name'; i: number }
  | { t: 'and' | 'or' | 'near'; a: Shape; b: Shape }
  | { t: 'not'; a: Shape }
  | { t: 'scope'; title: boolean; a: Shape };

const { shape } = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      t: fc.constantFrom('word', 'word', 'phrase', 'prefix', 'case', 'literal'),
      a: fc.constantFrom(...WORDS),
      b: fc.constantFrom(...WORDS),
    }) as fc.Arbitrary<Shape>,
    fc.record({ t: fc.constant('name'), i: fc.nat(5) }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constantFrom('and', 'or', 'near'),
      a: tie('shape'),
      b: tie('shape'),
    }) as fc.Arbitrary<Shape>,
    fc.record({ t: fc.constant('not'), a: tie('shape') }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constant('scope'),
      title: fc.boolean(),
      a: tie('shape'),
    }) as fc.Arbitrary<Shape>,
  ),
}));

const NAMES = [
  'sub:rust',
  'sub:(pics,golang)',
  'author:alice',
  'author:(bob,dave)',
  'site:acme.io',
  'site:example.com',
];

/** The query a shape stands for; words the parser refuses make the whole query refused. */
function written(shape: Shape, inNear = false): string {
  switch (shape.t) {
    case 'word':
      return shape.a;
    case 'phrase':
      return `"${shape.a} ${shape.b}"`;
    case 'prefix':
      return `${shape.a.slice(0, 4)}*`;
    case 'case':
      return `{${shape.a}}`;
    case 'literal':
      return `\`${shape.a}\``;
    case 'name':
      return inNear ? 'price' : NAMES[shape.i];
    case 'and':
      return `(${written(shape.a, inNear)} ${written(shape.b, inNear)})`;
    case 'or':
      return `(${written(shape.a, inNear)} OR ${written(shape.b, inNear)})`;
    case 'near':
      return `(${written(shape.a, true)}) NEAR/3 (${written(shape.b, true)})`;
    case 'not':
      return inNear ? written(shape.a, true) : `-(${written(shape.a)})`;
    case 'scope':
      return inNear
        ? written(shape.a, true)
        : `${shape.title ? 'title' : 'body'}:(${written(shape.a)})`;
  }
}

const keywordDraft = fc.oneof(
  fc.record({
    query: fc.constant(null),
    text: fc
      .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
      .map((words) => words.join(' ')),
    mode: fc.constantFrom<KeywordMode>('exact', 'proximity', 'broad'),
  }),
  fc.record({
    query: shape.map((s) => written(s)),
    text: fc.constant('q'),
    mode: fc.constant<KeywordMode>('exact'),
  }),
);

/** A keyword the matcher takes, or null for a query the parser refuses. */
function definitionOf(
  draft: { query: string | null; text: string; mode: KeywordMode },
  index: number,
): KeywordDefinition | null {
  if (draft.query !== null) {
    try {
      parseQuery(draft.query);
    } catch {
      return null;
    }
  }
  return {
    id: `k${index}`,
    accountId: 'account',
    text: draft.text,
    mode: draft.mode,
    trackPosts: true,
    trackComments: true,
    query: draft.query,
  };
}

describe.each(testDatabaseKinds())('candidates on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: RecentItemStore;
  let window: RecentWindow;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new RecentItemStore(storage.database);
    window = new RecentWindow(loadConfig({}), storage.clock, store);
  });
  afterAll(() => storage.close());

  it('hold every item a keyword matches, for random items and keywords', async () => {
    let run = 0;
    let matches = 0;
    let keywords = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemDraft, { minLength: 1, maxLength: 10 }),
        fc.array(keywordDraft, { minLength: 1, maxLength: 8 }),
        async (itemDrafts, keywordDrafts) => {
          // Each run writes at a millisecond of its own, and searches that millisecond only.
          const seenAt = ++run;
          const range = { fromMs: seenAt, toMs: seenAt + 1 };
          const items = itemDrafts.map((draft, index) => newItemOf(draft, run * 100 + index));
          await storage.database.transaction((manager) => store.write(manager, items, seenAt));
          const definitions = keywordDrafts.flatMap((draft, index) => {
            const definition = definitionOf(draft, index);
            return definition === null ? [] : [definition];
          });
          for (const definition of definitions) {
            const matcher = new KeywordMatcher([definition]);
            const matched = items
              .filter(
                ({ item, foundParent }) =>
                  matcher.match(matchInputOf(item, foundParent)).length > 0,
              )
              .map(({ item }) => item.id);
            const anchors = keywordAnchors(definition);
            const candidates = await window.candidates(anchors, range, { limit: 100 });
            keywords += 1;
            matches += matched.length;
            expect({
              keyword: definition,
              missing: matched.filter((id) => !candidates.some((c) => c.item.id === id)),
            }).toEqual({ keyword: definition, missing: [] });
            expect(await window.countCandidates(anchors, range)).toBe(candidates.length);
            expect(await window.countCandidates(anchors, range, 2)).toBe(
              Math.min(2, candidates.length),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
    // Not vacuous: many keywords were compared, and they matched often.
    expect(keywords).toBeGreaterThan(300);
    expect(matches).toBeGreaterThan(100);
  });
});

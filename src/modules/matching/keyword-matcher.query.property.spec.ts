import fc from 'fast-check';

import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordMatcher } from './keyword-matcher.js';
import type { MatchInput } from './match-input.js';
import { evaluateQuery } from './query/query-evaluator.js';
import { QueryItem, type LanguageDetector } from './query/query-item.js';
import { parseQuery } from './query/query-parser.js';
import { redditItemsForTests } from './testing/reddit-items.js';
import { foldCase } from './text/text-normalization.js';
import { tokenize } from './text/tokenizer.js';

/*
 * The index never misses: random queries over the words of real Reddit items, with every
 * operator and item field, are found by the matcher (anchors, candidate lists, item field lists,
 * the specialised rules of keyword shapes) on exactly the items the evaluator says they match
 * when it reads every query on every item, and set apart as pending on exactly the others it
 * says are pending.
 */

const { items: ITEMS, source, real } = redditItemsForTests();

type Shape =
  | { t: 'word' | 'phrase' | 'prefix' | 'case' | 'literal'; i: number }
  | { t: 'field'; f: number; i: number }
  | { t: 'and' | 'or'; a: Shape; b: Shape }
  | { t: 'not'; a: Shape }
  | { t: 'near'; n: number; ordered: boolean; a: Shape; b: Shape }
  | { t: 'scope'; title: boolean; a: Shape };

const { shape } = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      t: fc.constantFrom('word', 'word', 'phrase', 'prefix', 'case', 'literal'),
      i: fc.nat(),
    }) as fc.Arbitrary<Shape>,
    fc.record({ t: fc.constant('field'), f: fc.nat(10), i: fc.nat() }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constantFrom('and', 'or'),
      a: tie('shape'),
      b: tie('shape'),
    }) as fc.Arbitrary<Shape>,
    fc.record({ t: fc.constant('not'), a: tie('shape') }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constant('near'),
      n: fc.integer({ min: 1, max: 8 }),
      ordered: fc.boolean(),
      a: tie('shape'),
      b: tie('shape'),
    }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constant('scope'),
      title: fc.boolean(),
      a: tie('shape'),
    }) as fc.Arbitrary<Shape>,
  ),
}));

const extras = fc.record({
  subreddit: fc.constantFrom('rust', 'pics', 'Technology'),
  author: fc.constantFrom('alice', 'Bob'),
  nsfw: fc.option(fc.boolean()),
  isSelf: fc.option(fc.boolean()),
  flair: fc.constantFrom(null, 'Help', 'Meme'),
  url: fc.constantFrom(null, 'https://blog.acme.io/x', 'https://example.com'),
  score: fc.option(fc.integer({ min: 0, max: 50 })),
  numComments: fc.option(fc.integer({ min: 0, max: 50 })),
});

/** The words of an item's text: folded and as written, with their text around them. */
class Words {
  private readonly folded;
  private readonly raw;

  constructor(readonly input: MatchInput) {
    const text = input.fields.join(' \n ');
    this.folded = tokenize(foldCase(text));
    this.raw = tokenize(text.normalize('NFKC'));
  }

  get isEmpty(): boolean {
    return this.folded.tokens.length < 2;
  }

  word(index: number): string {
    return this.folded.tokens[index % this.folded.tokens.length];
  }

  phrase(index: number): string {
    const at = index % (this.folded.tokens.length - 1);
    return `"${this.word(at)} ${this.word(at + 1)}"`;
  }

  prefix(index: number): string {
    const word = this.word(index);
    const letters = [...word];
    return letters.length > 3
      ? `${letters.slice(0, 3 + (index % (letters.length - 3))).join('')}*`
      : word;
  }

  caseSensitive(index: number): string {
    const word = this.raw.tokens[index % this.raw.tokens.length];
    return `{${word}}`;
  }

  /** A token with the characters around it, as a literal when they hold no backtick. */
  literal(index: number): string {
    const { text, starts, ends, tokens } = this.folded;
    const at = index % tokens.length;
    const slice = text.slice(Math.max(0, starts[at] - 1), ends[at] + 1).trim();
    return slice.includes('`') || slice === '' ? this.word(index) : `\`${slice}\``;
  }
}

const FIELDS: ((index: number) => string)[] = [
  (index) => `sub:${['rust', 'pics', 'golang'][index % 3]}`,
  (index) => `author:(${['alice', 'carol'][index % 2]},dave)`,
  (index) => `type:${index % 2 === 0 ? 'post' : 'comment'}`,
  (index) => `nsfw:${index % 2 === 0 ? 'yes' : 'no'}`,
  (index) => `self:${index % 2 === 0 ? 'yes' : 'no'}`,
  (index) => `flair:${index % 2 === 0 ? 'help' : '"Meme"'}`,
  (index) => `site:${['acme.io', 'example.com', 'reddit.com'][index % 3]}`,
  (index) => `score:>=${index % 40}`,
  (index) => `comments:<${index % 40}`,
  (index) => `lang:${index % 2 === 0 ? 'en' : 'de'}`,
  (index) => `sub:${['technology', 'rust'][index % 2]}`,
];

/** The query a shape stands for on an item's words; `textOnly` inside a NEAR or a scope. */
function written(shape: Shape, words: Words, textOnly = false, inScope = false): string {
  switch (shape.t) {
    case 'word':
      return words.word(shape.i);
    case 'phrase':
      return words.phrase(shape.i);
    case 'prefix':
      return words.prefix(shape.i);
    case 'case':
      return words.caseSensitive(shape.i);
    case 'literal':
      return words.literal(shape.i);
    case 'field':
      return textOnly || inScope ? words.word(shape.i) : FIELDS[shape.f](shape.i);
    case 'and':
      return `(${written(shape.a, words, textOnly, inScope)} ${written(shape.b, words, textOnly, inScope)})`;
    case 'or':
      return `(${written(shape.a, words, textOnly, inScope)} OR ${written(shape.b, words, textOnly, inScope)})`;
    case 'not':
      return textOnly
        ? written(shape.a, words, true)
        : `-(${written(shape.a, words, false, inScope)})`;
    case 'near':
      return `(${written(shape.a, words, true)}) ${shape.ordered ? 'ONEAR' : 'NEAR'}/${shape.n} (${written(shape.b, words, true)})`;
    case 'scope':
      return textOnly || inScope
        ? written(shape.a, words, textOnly, inScope)
        : `${shape.title ? 'title' : 'body'}:(${written(shape.a, words, false, true)})`;
  }
}

function parses(query: string): boolean {
  try {
    parseQuery(query);
    return true;
  } catch {
    return false;
  }
}

const detectLanguage: LanguageDetector = (text) => (text.length % 3 === 0 ? 'de' : 'en');

describe(`queries are found on exactly the items they match (${source})`, () => {
  it('on random queries of real words', () => {
    const item = new QueryItem(detectLanguage);
    let compared = 0;
    let matched = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ shape, item: fc.nat(ITEMS.length - 1) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(
          fc.record({ item: fc.nat(ITEMS.length - 1), extras, parent: fc.nat(ITEMS.length - 1) }),
          { minLength: 1, maxLength: 12 },
        ),
        (drafts, itemDrafts) => {
          const definitions: KeywordDefinition[] = [];
          for (const draft of drafts) {
            const words = new Words(ITEMS[draft.item]);
            if (words.isEmpty) continue;
            const query = written(draft.shape, words);
            if (!parses(query)) continue;
            definitions.push({
              id: String(definitions.length),
              accountId: 'a',
              text: 'name',
              mode: 'exact',
              trackPosts: true,
              trackComments: true,
              query,
            });
          }
          const matcher = new KeywordMatcher(definitions, { detectLanguage });
          const trees = definitions.map(({ query }) => parseQuery(query as string));
          const inputs = [
            ...drafts.map(({ item: index }) => index),
            ...itemDrafts.map(({ item: index }) => index),
          ].map((index, position): MatchInput => {
            const { extras: more, parent } = itemDrafts[position % itemDrafts.length];
            const input = ITEMS[index];
            const parentTitle = ITEMS[parent].type === 'post' ? ITEMS[parent].fields[0] : null;
            return {
              ...input,
              ...more,
              parentTitle: input.type === 'comment' ? parentTitle : null,
            };
          });
          for (const input of inputs) {
            const pending: KeywordDefinition[] = [];
            const found = matcher
              .match(input, pending)
              .map(({ id }) => Number(id))
              .sort((a, b) => a - b);
            item.reset(input);
            const verdicts = trees.map((tree) => evaluateQuery(tree, item));
            const expected = verdicts.flatMap((verdict, index) =>
              verdict === 'match' ? [index] : [],
            );
            const expectedPending = verdicts.flatMap((verdict, index) =>
              verdict === 'pending' ? [index] : [],
            );
            compared += trees.length;
            matched += expected.length;
            expect({
              queries: definitions.map(({ query }) => query),
              found,
              pending: pending.map(({ id }) => Number(id)).sort((a, b) => a - b),
            }).toEqual({
              queries: definitions.map(({ query }) => query),
              found: expected,
              pending: expectedPending,
            });
          }
        },
      ),
      { numRuns: real ? 300 : 150 },
    );
    // Not vacuous: the queries compared are many, and a fair share of them match.
    expect(compared).toBeGreaterThan(1000);
    expect(matched / compared).toBeGreaterThan(0.05);
  });
});

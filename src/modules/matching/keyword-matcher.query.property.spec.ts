import fc from 'fast-check';

import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordMatcher } from './keyword-matcher.js';
import type { MatchInput } from './match-input.js';
import { evaluateQuery } from './query/query-evaluator.js';
import { QueryItem, type LanguageDetector } from './query/query-item.js';
import { parseQuery } from './query/query-parser.js';
import { extras, parses, shape, Words, written } from './testing/query-shapes.js';
import { redditItemsForTests } from './testing/reddit-items.js';

/*
 * The index never misses: random queries over the words of real Reddit items, with every
 * operator and item field, are found by the matcher (anchors, candidate lists, item field lists,
 * the specialised rules of keyword shapes) on exactly the items the evaluator says they match
 * when it reads every query on every item, and set apart as pending on exactly the others it
 * says are pending.
 */

const { items: ITEMS, source, real } = redditItemsForTests();

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

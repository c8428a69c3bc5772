import fc from 'fast-check';

import type { KeywordDefinition, KeywordMode } from '../keyword-definition.js';
import { KeywordMatcher } from '../keyword-matcher.js';
import { redditItemsForTests } from '../testing/reddit-items.js';
import { keywordQuery } from './keyword-query.js';
import { evaluateQuery } from './query-evaluator.js';
import { QueryItem } from './query-item.js';

/*
 * Every v1 keyword means what its tree (keywordQuery) means: the matcher's specialised rules for
 * the keyword and the query evaluator for the tree find the same items. Keywords are random
 * picks of nearby words (as written: case, punctuation, symbols) from real Reddit text, so most
 * match somewhere; the items are real posts and comments: those of ../shared/data/reddit when it
 * is there, else a built-in sample (testing/reddit-items.ts).
 */

const { items: ITEMS, source, real: usesRealData } = redditItemsForTests();
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

describe(`every v1 keyword and its tree match the same items (${source})`, () => {
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

import fc from 'fast-check';
import { stemmer } from 'stemmer';

import type { KeywordDefinition, KeywordMode } from '../keyword-definition.js';
import { KeywordMatcher } from '../keyword-matcher.js';
import type { MatchInput } from '../match-input.js';
import type { LanguageDetector } from '../query/query-item.js';
import { keywordQuery } from '../query/keyword-query.js';
import { parseQuery } from '../query/query-parser.js';
import { isTextTerm, type QueryNode, type TextTerm } from '../query/query-tree.js';
import { extras, parses, shape, Words, written } from '../testing/query-shapes.js';
import { redditItemsForTests } from '../testing/reddit-items.js';
import { foldCase } from '../text/text-normalization.js';
import { tokenize } from '../text/tokenizer.js';
import { matchHighlights, type Highlight } from './match-highlights.js';

/*
 * Highlights of random queries and keywords (written with the words of real items) on real items,
 * some with characters whose folding changes lengths put before their text: wherever the matcher
 * matches, each highlight lies in the item's own fields, in order and apart from the others, and
 * holds a word of a positive term; an item the matcher matches through its own text has one.
 */

const { items: ITEMS, source, real } = redditItemsForTests();

const detectLanguage: LanguageDetector = (text) => (text.length % 3 === 0 ? 'de' : 'en');

/** Characters that NFKC or lower-casing change in length, or that sit beside words. */
const TRICKY = ['ﬁ', 'İ', 'ß', 'Ａ', 'e\u0301', '🚀', '👍🏽', '⑴', 'Σ', 'ǅ', '\u0301', 'ｶﾞ', ' '];
const prelude = fc
  .array(fc.constantFrom(...TRICKY), { maxLength: 6 })
  .map((parts) => parts.join(''));

const MODES: readonly KeywordMode[] = ['exact', 'proximity', 'broad'];

/** The positive text terms of a tree (outside any NOT). */
function positiveTerms(node: QueryNode): TextTerm[] {
  if (isTextTerm(node)) return [node];
  if (node.kind === 'and' || node.kind === 'or') return node.operands.flatMap(positiveTerms);
  if (node.kind === 'scope') return positiveTerms(node.operand);
  if (node.kind === 'within') return [...node.operands];
  return node.kind === 'near' ? [...positiveTerms(node.left), ...positiveTerms(node.right)] : [];
}

/** Whether a NOT holds a NOT somewhere: a positive term may then be under two negations. */
function hasNestedNot(node: QueryNode, negated = false): boolean {
  if (node.kind === 'not') return negated || hasNestedNot(node.operand, true);
  if (node.kind === 'and' || node.kind === 'or') {
    return node.operands.some((operand) => hasNestedNot(operand, negated));
  }
  return node.kind === 'scope' && hasNestedNot(node.operand, negated);
}

/** Whether the folded text of a highlight holds a word of the term (for a stem, a word with its stem). */
function holdsWordOf(text: string, term: TextTerm): boolean {
  const folded = foldCase(text);
  if (term.kind === 'stem') {
    return tokenize(folded).tokens.some((token) => stemmer(token) === stemmer(term.text));
  }
  const { tokens } = tokenize(foldCase(term.text));
  const words = tokens.length > 0 ? tokens : term.text.split(' ').filter((part) => part !== '');
  return words.some((word) => folded.includes(word));
}

function fieldText(input: MatchInput, highlight: Highlight): string {
  return input.fields[highlight.field === 'selftext' ? 1 : 0];
}

const FIELD_ORDER = { title: 0, selftext: 1, comment: 0 };

function checkShape(input: MatchInput, highlights: readonly Highlight[]): void {
  const names = input.type === 'post' ? ['title', 'selftext'] : ['comment'];
  let previous: Highlight | null = null;
  for (const highlight of highlights) {
    expect(names).toContain(highlight.field);
    expect(highlight.start).toBeGreaterThanOrEqual(0);
    expect(highlight.end).toBeGreaterThan(highlight.start);
    expect(highlight.end).toBeLessThanOrEqual(fieldText(input, highlight).length);
    if (previous !== null) {
      const order = FIELD_ORDER[highlight.field] - FIELD_ORDER[previous.field];
      expect(order).toBeGreaterThanOrEqual(0);
      if (order === 0) expect(highlight.start).toBeGreaterThan(previous.end);
    }
    previous = highlight;
  }
}

/** The item with its own text replaced by as many characters that no term holds. */
function withoutOwnText(input: MatchInput): MatchInput {
  return { ...input, fields: input.fields.map((text) => '\u2060'.repeat(text.length)) };
}

describe(`highlights of matched items (${source})`, () => {
  it('on random queries and keywords of real words', () => {
    const counts = { matched: 0, highlighted: 0, throughText: 0 };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ shape, item: fc.nat(ITEMS.length - 1) }),
          fc.record({
            mode: fc.constantFrom(...MODES),
            words: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
            item: fc.nat(ITEMS.length - 1),
          }),
        ),
        fc.record({
          item: fc.nat(ITEMS.length - 1),
          extras,
          parent: fc.nat(ITEMS.length - 1),
          prelude,
          // Mostly the item the words come from, so that a fair share matches.
          other: fc.integer({ min: 0, max: 3 }),
        }),
        (draft, itemDraft) => {
          const words = new Words(ITEMS[draft.item]);
          if (words.isEmpty) return;
          const base = { id: 'k', accountId: 'a', trackPosts: true, trackComments: true };
          let definition: KeywordDefinition;
          if ('shape' in draft) {
            const query = written(draft.shape, words);
            if (!parses(query)) return;
            definition = { ...base, text: 'name', mode: 'exact', query };
          } else {
            const text = draft.words.map((index) => words.word(index)).join(' ');
            definition = { ...base, text, mode: draft.mode, query: null };
          }
          const tree =
            definition.query == null
              ? keywordQuery(definition.text, definition.mode)
              : parseQuery(definition.query);
          const item = ITEMS[itemDraft.other === 0 ? itemDraft.item : draft.item];
          const parent = ITEMS[itemDraft.parent];
          const input: MatchInput = {
            ...item,
            ...itemDraft.extras,
            fields: item.fields.map((text) => itemDraft.prelude + text),
            parentTitle:
              item.type === 'comment' && parent.type === 'post' ? parent.fields[0] : null,
          };
          const matcher = new KeywordMatcher([definition], { detectLanguage });
          const highlights = matchHighlights(definition, input, { detectLanguage });
          if (matcher.match(input).length === 0) {
            expect(highlights).toEqual([]);
            return;
          }
          counts.matched++;
          checkShape(input, highlights);
          const terms = positiveTerms(tree);
          for (const highlight of highlights) {
            const text = fieldText(input, highlight).slice(highlight.start, highlight.end);
            expect([text, terms.some((term) => holdsWordOf(text, term))]).toEqual([text, true]);
          }
          if (highlights.length > 0) counts.highlighted++;
          const throughText =
            !hasNestedNot(tree) &&
            !definition.query?.includes('site:') &&
            matcher.match(withoutOwnText(input)).length === 0;
          if (throughText) {
            counts.throughText++;
            expect([definition.query ?? definition.text, highlights.length]).not.toEqual([
              definition.query ?? definition.text,
              0,
            ]);
          }
        },
      ),
      { numRuns: real ? 1500 : 800 },
    );
    // Not vacuous: many items matched, most of them through their text.
    expect(counts.matched).toBeGreaterThan(200);
    expect(counts.throughText).toBeGreaterThan(100);
    expect(counts.highlighted).toBeGreaterThanOrEqual(counts.throughText);
  });
});

import fc from 'fast-check';

import { nearSpans, withinSpans } from './query-evaluator.js';
import { QueryText } from './query-text.js';
import type { NearNode, QueryNode, TextTerm } from './query-tree.js';
import { termSpans, type Span } from './term-spans.js';

/*
 * NEAR pairs and AND spans are found from occurrences sorted by start; they are the spans the
 * definitions give when every pair and every start is tried, as below.
 */

function pairsByDefinition(node: NearNode, field: QueryText): Span[] {
  const spans: Span[] = [];
  for (const [leftStart, leftEnd] of sideSpans(node.left, field)) {
    for (const [rightStart, rightEnd] of sideSpans(node.right, field)) {
      if (node.ordered && leftEnd >= rightStart) continue;
      const between = Math.max(leftStart, rightStart) - Math.min(leftEnd, rightEnd) - 1;
      if (between <= node.distance) {
        spans.push([Math.min(leftStart, rightStart), Math.max(leftEnd, rightEnd)]);
      }
    }
  }
  return spans;
}

/** For each start of an occurrence: the shortest span from it holding one of each operand. */
function andByDefinition(operands: Span[][]): Span[] {
  const spans: Span[] = [];
  for (const [start] of operands.flat()) {
    const ends = operands.map((occurrences) =>
      Math.min(...occurrences.filter(([from]) => from >= start).map(([, to]) => to)),
    );
    if (ends.every((end) => end !== Infinity)) spans.push([start, Math.max(-1, ...ends)]);
  }
  return spans;
}

function sideSpans(node: QueryNode, field: QueryText): Span[] {
  if (node.kind === 'near') return pairsByDefinition(node, field);
  if (node.kind === 'or') return node.operands.flatMap((operand) => sideSpans(operand, field));
  if (node.kind === 'and') {
    return andByDefinition(node.operands.map((operand) => sideSpans(operand, field)));
  }
  return termSpans(node as TextTerm, field);
}

function distinct(spans: readonly Span[]): string[] {
  return [...new Set(spans.map(([start, end]) => `${start}-${end}`))].sort();
}

const word = fc.constantFrom('a', 'b', 'c');
const term: fc.Arbitrary<TextTerm> = fc.oneof(
  word.map((text) => ({ kind: 'word' as const, text })),
  fc.tuple(word, word).map(([first, second]) => ({
    kind: 'phrase' as const,
    text: `${first} ${second}`,
  })),
  fc.constantFrom('+', 'a+', '+ b').map((text) => ({ kind: 'literal' as const, text })),
);
const { side } = fc.letrec<{ side: QueryNode }>((tie) => ({
  side: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    term,
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      operands: fc.array(tie('side'), { minLength: 2, maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constant('near' as const),
      ordered: fc.boolean(),
      distance: fc.integer({ min: 1, max: 4 }),
      left: tie('side'),
      right: tie('side'),
    }),
  ),
}));
const text = fc
  .array(fc.constantFrom('a', 'b', 'c', 'd', '+', 'a+', '+ b'), { maxLength: 30 })
  .map((words) => words.join(' '));

describe('NEAR and window spans', () => {
  it('are the pairs every pair of occurrences gives', () => {
    fc.assert(
      fc.property(
        side,
        side,
        fc.boolean(),
        fc.integer({ min: 1, max: 6 }),
        text,
        (left, right, ordered, distance, raw) => {
          const node: NearNode = { kind: 'near', ordered, distance, left, right };
          const field = new QueryText(raw);
          expect(distinct(nearSpans(node, field))).toEqual(
            distinct(pairsByDefinition(node, field)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('hold where a window of the words starts at one of them', () => {
    fc.assert(
      fc.property(
        fc.array(term, { minLength: 2, maxLength: 3 }),
        fc.integer({ min: 2, max: 8 }),
        text,
        (operands, window, raw) => {
          const field = new QueryText(raw);
          const occurrences = operands.map((operand) => termSpans(operand, field));
          const expected = andByDefinition(occurrences).filter(
            ([start, end]) => end <= start + window - 1,
          );
          expect(distinct(withinSpans({ kind: 'within', window, operands }, field))).toEqual(
            distinct(expected),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

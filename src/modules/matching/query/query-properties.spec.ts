import fc from 'fast-check';
import { hasAnchor } from './query-anchor.js';
import { QueryError } from './query-error.js';
import { MAX_QUERY_CHARACTERS, MAX_QUERY_TERMS, parseQuery } from './query-parser.js';
import { printQuery } from './query-printer.js';
import type { Comparison, ItemField, QueryNode, TextTerm } from './query-tree.js';

const wordText = fc.oneof(
  fc.constantFrom('acme', 'or', 'near', 'and', 'not', 'café', '42', 'x1', 'ärger', '日本'),
  fc.stringMatching(/^[a-z0-9]{1,8}$/),
);
const prefixStem = fc.oneof(
  fc.constantFrom('plug', 'switch fro', 'node.jsx', 'c++ mod'),
  fc.stringMatching(/^[a-z]{3,8}$/),
);
const phraseText = fc.oneof(
  fc.constantFrom('node.js', 'c++', 'pg_dump', '-acme', 'e-mail', "it's", '10:30', 'a (b)', 'x*y'),
  fc.array(wordText, { minLength: 2, maxLength: 3 }).map((words) => words.join(' ')),
);
const caseSensitiveText = fc.constantFrom('ACME', 'Acme Corp', 'C++', 'iOS', 'OR', 'Ärger');
const literalText = fc.constantFrom('c++20', ' c#', 'a b', '++', '.net', '(x)', 'a"b', '{}');

const textTerm: fc.Arbitrary<TextTerm> = fc.oneof(
  wordText.map((text) => ({ kind: 'word' as const, text })),
  phraseText.map((text) => ({ kind: 'phrase' as const, text })),
  prefixStem.map((text) => ({ kind: 'prefix' as const, text })),
  caseSensitiveText.map((text) => ({ kind: 'caseSensitive' as const, text })),
  literalText.map((text) => ({ kind: 'literal' as const, text })),
);

const names = fc.uniqueArray(fc.constantFrom('rust', 'a-b', 'x_y', 'automoderator', 'r2d2'), {
  minLength: 1,
  maxLength: 3,
});
const comparison = fc.constantFrom<Comparison>('>=', '>', '<=', '<', '=');

const itemField: fc.Arbitrary<ItemField> = fc.oneof(
  fc.record({ kind: fc.constantFrom('sub' as const, 'author' as const), names }),
  fc.record({ kind: fc.constant('flair' as const), text: fc.constantFrom('help wanted', 'meme') }),
  fc.record({
    kind: fc.constant('site' as const),
    domain: fc.constantFrom('acme.io', 'blog.example.co.uk'),
  }),
  fc.record({ kind: fc.constant('type' as const), value: fc.constantFrom('post', 'comment') }),
  fc.record({ kind: fc.constantFrom('self' as const, 'nsfw' as const), value: fc.boolean() }),
  fc.record({ kind: fc.constant('lang' as const), code: fc.constantFrom('en', 'de', 'ja') }),
  fc.record({
    kind: fc.constantFrom('score' as const, 'comments' as const),
    comparison,
    value: fc.integer({ min: -1000, max: 100_000 }),
  }),
);

const depth = { maxDepth: 3, depthIdentifier: 'query' } as const;

/** AND or OR of 2 or 3 operands, none of the same kind (the normal form). */
function junctionOf(kind: 'and' | 'or', operand: fc.Arbitrary<QueryNode>): fc.Arbitrary<QueryNode> {
  return fc
    .array(
      operand.filter((node) => node.kind !== kind),
      { minLength: 2, maxLength: 3, depthIdentifier: 'query' },
    )
    .map((operands) => ({ kind, operands }));
}

function junctionsOf(operand: fc.Arbitrary<QueryNode>): fc.Arbitrary<QueryNode>[] {
  return [junctionOf('and', operand), junctionOf('or', operand)];
}

function notOf(operand: fc.Arbitrary<QueryNode>): fc.Arbitrary<QueryNode> {
  return operand
    .filter((node) => node.kind !== 'not')
    .map((node) => ({ kind: 'not', operand: node }));
}

function nearOf(side: fc.Arbitrary<QueryNode>): fc.Arbitrary<QueryNode> {
  return fc.record({
    kind: fc.constant('near' as const),
    ordered: fc.boolean(),
    distance: fc.integer({ min: 1, max: 50 }),
    left: side,
    right: side,
  });
}

/** Normal-form trees: `any` anywhere, `scoped` inside a scope, `text` on a NEAR side. */
const trees = fc.letrec<{ any: QueryNode; scoped: QueryNode; text: QueryNode }>((tie) => ({
  any: fc.oneof(
    depth,
    textTerm,
    itemField,
    ...junctionsOf(tie('any')),
    notOf(tie('any')),
    nearOf(tie('text')),
    fc.record({
      kind: fc.constant('scope' as const),
      scope: fc.constantFrom('title' as const, 'body' as const),
      operand: tie('scoped'),
    }),
  ),
  scoped: fc.oneof(
    depth,
    textTerm,
    ...junctionsOf(tie('scoped')),
    notOf(tie('scoped')),
    nearOf(tie('text')),
  ),
  text: fc.oneof(depth, textTerm, ...junctionsOf(tie('text')), nearOf(tie('text'))),
}));

function children(node: QueryNode): readonly QueryNode[] {
  if (node.kind === 'and' || node.kind === 'or') return node.operands;
  if (node.kind === 'not' || node.kind === 'scope') return [node.operand];
  if (node.kind === 'near') return [node.left, node.right];
  return [];
}

/** Section 13's anchor rule: each OR outside an odd number of NOTs has anchored branches. */
function orBranchesAnchored(node: QueryNode, negated = false): boolean {
  if (node.kind === 'or' && !negated && !node.operands.every(hasAnchor)) return false;
  const inner = node.kind === 'not' ? !negated : negated;
  return children(node).every((child) => orBranchesAnchored(child, inner));
}

function termCount(node: QueryNode): number {
  const below = children(node);
  return below.length === 0 ? 1 : below.reduce((sum, child) => sum + termCount(child), 0);
}

const validTrees = trees.any.filter(
  (tree) =>
    hasAnchor(tree) &&
    orBranchesAnchored(tree) &&
    termCount(tree) <= MAX_QUERY_TERMS &&
    [...printQuery(tree)].length <= MAX_QUERY_CHARACTERS,
);

/** Parses, or refuses with a QueryError; anything else thrown fails the property. */
function parseOrRefuse(query: string): QueryNode | null {
  try {
    return parseQuery(query);
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    expect(error.message).toMatch(/^query: expected .+ at character \d+$/);
    expect(error.position).toBeGreaterThanOrEqual(1);
    expect(error.position).toBeLessThanOrEqual([...query].length + 1);
    return null;
  }
}

/** Whatever parses prints to a query that parses to the same tree. */
function expectCanonicalRoundTrip(query: string): void {
  const tree = parseOrRefuse(query);
  if (tree !== null) expect(parseQuery(printQuery(tree))).toEqual(tree);
}

describe('query properties', () => {
  it('prints every valid tree to a query that parses back to it', () => {
    fc.assert(
      fc.property(validTrees, (tree) => {
        expect(parseQuery(printQuery(tree))).toEqual(tree);
      }),
      { numRuns: 2000 },
    );
  });

  const pieces = fc.constantFrom(
    ...['(', ')', '"', '{', '}', '`', '-', '*', ':', ',', ' ', '  ', '\t', '/', '>=', '<'],
    ...['OR', 'AND', 'NOT', 'NEAR/3', 'ONEAR/', 'NEAR/99', 'or', 'title:', 'body:', 'sub:'],
    ...['author:', 'flair:', 'site:', 'type:', 'self:', 'nsfw:', 'lang:', 'score:', 'comments:'],
    ...['acme', 'a', 'é', 'e\u0301', '🚀', '＂', '｀', '＊', '0', '25', 'r/', 'u/', 'post', 'yes'],
    ...['en', 'x.io', 'ACME', '\u0000', '\ud800', '日本'],
  );
  const syntaxSoup = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

  it('never throws anything but a QueryError on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), expectCanonicalRoundTrip),
      { numRuns: 2000 },
    );
  });

  it('never throws anything but a QueryError on strings made of syntax', () => {
    fc.assert(fc.property(syntaxSoup, expectCanonicalRoundTrip), { numRuns: 5000 });
  });

  it('never throws anything but a QueryError on mutated valid queries', () => {
    const mutated = fc
      .tuple(validTrees, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), pieces), { maxLength: 4 }))
      .map(([tree, edits]) =>
        edits.reduce((query, [at, deleted, inserted]) => {
          const index = at % (query.length + 1);
          return query.slice(0, index) + inserted + query.slice(index + deleted);
        }, printQuery(tree)),
      );
    fc.assert(fc.property(mutated, expectCanonicalRoundTrip), { numRuns: 3000 });
  });
});

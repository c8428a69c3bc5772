import type { MatchInput } from '../match-input.js';
import { foldTermText } from './query-terms.js';
import { isWithinDomain, type QueryItem } from './query-item.js';
import type { QueryText } from './query-text.js';
import type {
  Comparison,
  CountField,
  NearNode,
  QueryNode,
  Scope,
  TextTerm,
  WithinNode,
} from './query-tree.js';
import { isTextTerm } from './query-tree.js';
import { firstAtLeast } from './sorted-search.js';
import { termOccurs, termSpans, type Span } from './term-spans.js';

/**
 * What a query says of an item: `pending` when everything holds but `score:`/`comments:`
 * clauses, which may hold later as the counts grow.
 */
export type Verdict = 'no' | 'match' | 'pending';

/** Kleene's three values: a count clause is Unknown while its verdict is left to later. */
export const Truth = { False: 0, True: 1, Unknown: 2 } as const;
export type Truth = (typeof Truth)[keyof typeof Truth];

/**
 * The verdict of a query tree on an item (decisions.md section 13). A query with `score:` or
 * `comments:` is first read with those clauses unknown: true without them is a match, false is
 * no match; unknown is read again with the counts the item has now (true or false; unknown when
 * it carries none): a match if that makes the query true, else pending, as the counts change.
 */
export function evaluateQuery(node: QueryNode, item: QueryItem): Verdict {
  const free = nodeTruth(node, null, item, false);
  if (free !== Truth.Unknown) return free === Truth.True ? 'match' : 'no';
  return nodeTruth(node, null, item, true) === Truth.True ? 'match' : 'pending';
}

/**
 * A node's truth where `scope` applies. `readsCounts`: whether count clauses read the item's
 * counts (else they are Unknown).
 */
export function nodeTruth(
  node: QueryNode,
  scope: Scope | null,
  item: QueryItem,
  readsCounts: boolean,
): Truth {
  if (isTextTerm(node)) {
    const fields = item.fields(scope);
    for (let index = 0; index < fields.length; index++) {
      if (termOccurs(node, fields[index])) return Truth.True;
    }
    return Truth.False;
  }
  const { input } = item;
  switch (node.kind) {
    case 'and': {
      // `lang:` last, wherever it is written: detecting a language costs far more than the
      // rest, and an AND's value does not depend on the order of its operands.
      let truthSoFar: Truth = Truth.True;
      let hasLang = false;
      const { operands } = node;
      for (let index = 0; index < operands.length; index++) {
        const operand = operands[index];
        if (operand.kind === 'lang') {
          hasLang = true;
          continue;
        }
        const value = nodeTruth(operand, scope, item, readsCounts);
        if (value === Truth.False) return Truth.False;
        if (value === Truth.Unknown) truthSoFar = Truth.Unknown;
      }
      if (!hasLang) return truthSoFar;
      for (let index = 0; index < operands.length; index++) {
        const operand = operands[index];
        if (operand.kind !== 'lang') continue;
        const value = nodeTruth(operand, scope, item, readsCounts);
        if (value === Truth.False) return Truth.False;
        if (value === Truth.Unknown) truthSoFar = Truth.Unknown;
      }
      return truthSoFar;
    }
    case 'or': {
      let truthSoFar: Truth = Truth.False;
      const { operands } = node;
      for (let index = 0; index < operands.length; index++) {
        const value = nodeTruth(operands[index], scope, item, readsCounts);
        if (value === Truth.True) return Truth.True;
        if (value === Truth.Unknown) truthSoFar = Truth.Unknown;
      }
      return truthSoFar;
    }
    case 'not': {
      const value = nodeTruth(node.operand, scope, item, readsCounts);
      return value === Truth.Unknown ? value : value === Truth.True ? Truth.False : Truth.True;
    }
    case 'scope':
      return nodeTruth(node.operand, node.scope, item, readsCounts);
    case 'near':
      return truthOf(nearHolds(node, item.fields(scope)));
    case 'within':
      return truthOf(withinHoldsIn(node, item.fields(scope)));
    case 'sub':
      return truthOf(node.names.includes(item.subreddit()));
    case 'author':
      return truthOf(node.names.includes(item.author()));
    case 'flair':
      return truthOf(typeof input.flair === 'string' && foldTermText(input.flair) === node.text);
    case 'site':
      return truthOf(linksTo(item.domains(), node.domain));
    case 'type':
      return truthOf(input.type === node.value);
    case 'self':
      return truthOf(input.isSelf === node.value);
    case 'nsfw':
      return truthOf(input.nsfw === node.value);
    case 'lang':
      return truthOf(item.language() === node.code);
    case 'score':
    case 'comments':
      return readsCounts ? countTruth(node, input) : Truth.Unknown;
  }
}

/*
 * Each test over a list has a function of its own: a closure in `truth` would make every call
 * of it allocate the context the closure captures.
 */

function nearHolds(node: NearNode, fields: readonly QueryText[]): boolean {
  return fields.some((field) => nearSpans(node, field).length > 0);
}

function withinHoldsIn(node: WithinNode, fields: readonly QueryText[]): boolean {
  return fields.some((field) => withinHolds(node, field));
}

function linksTo(hosts: readonly string[], domain: string): boolean {
  return hosts.some((host) => isWithinDomain(host, domain));
}

function truthOf(holds: boolean): Truth {
  return holds ? Truth.True : Truth.False;
}

function countTruth(node: CountField, input: MatchInput): Truth {
  const count = node.kind === 'score' ? input.score : input.numComments;
  return typeof count === 'number'
    ? truthOf(compare(count, node.comparison, node.value))
    : Truth.Unknown;
}

function compare(count: number, comparison: Comparison, value: number): boolean {
  switch (comparison) {
    case '>=':
      return count >= value;
    case '>':
      return count > value;
    case '<=':
      return count <= value;
    case '<':
      return count < value;
    case '=':
      return count === value;
  }
}

/** The spans where a NEAR side (text terms, AND, OR, NEAR) holds in one field. */
function spansOf(node: QueryNode, field: QueryText): Span[] {
  if (isTextTerm(node)) return termSpans(node, field);
  switch (node.kind) {
    case 'or':
      return node.operands.flatMap((operand) => spansOf(operand, field));
    case 'and':
      return andSpans(node.operands.map((operand) => spansOf(operand, field)));
    case 'near':
      return nearSpans(node, field);
    case 'not':
    case 'scope':
    case 'within':
    case 'sub':
    case 'author':
    case 'flair':
    case 'site':
    case 'type':
    case 'self':
    case 'nsfw':
    case 'lang':
    case 'score':
    case 'comments':
      throw new Error(`a NEAR side holds no ${node.kind}`);
  }
}

/**
 * An AND inside a NEAR holds where every operand does; its spans are the shortest that start at
 * an occurrence of an operand and hold one occurrence of each.
 */
function andSpans(operands: readonly Span[][]): Span[] {
  if (operands.some((spans) => spans.length === 0)) return [];
  const lists = operands.map((spans) => new SpansByStart(spans));
  const spans: Span[] = [];
  for (const start of new Set(
    operands.flatMap((occurrences) => occurrences.map(([from]) => from)),
  )) {
    let end = -1;
    for (const list of lists) end = Math.max(end, list.earliestEndFrom(start));
    if (end !== Infinity) spans.push([start, end]);
  }
  return spans;
}

/** Spans sorted by start, asked for the earliest end among those starting at or after a token. */
class SpansByStart {
  private readonly starts: number[];
  /** By index in `starts`: the earliest end of the spans from there on. */
  private readonly earliestEnds: number[];

  constructor(spans: readonly Span[]) {
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    this.starts = sorted.map(([start]) => start);
    this.earliestEnds = new Array<number>(sorted.length);
    let earliest = Infinity;
    for (let index = sorted.length - 1; index >= 0; index--) {
      earliest = Math.min(earliest, sorted[index][1]);
      this.earliestEnds[index] = earliest;
    }
  }

  /** Infinity when no span starts at or after `start`. */
  earliestEndFrom(start: number): number {
    const index = firstAtLeast(this.starts, start);
    return index < this.starts.length ? this.earliestEnds[index] : Infinity;
  }
}

/**
 * `a NEAR/n b`: an occurrence of each side with at most n words between them (none when they
 * overlap); ONEAR wants the left one to end before the right one starts. The NEAR's own spans
 * run from the first to the last word of each such pair. At most n words between two spans
 * means: the right one starts at most n + 1 after the left one ends, and ends at most n + 1
 * before the left one starts; so for each left occurrence only the right ones starting near it
 * are read, sorted by start (a right span starting further back would be longer than the
 * longest).
 */
export function nearSpans(node: NearNode, field: QueryText): Span[] {
  const left = spansOf(node.left, field);
  if (left.length === 0) return [];
  const right = spansOf(node.right, field).sort((a, b) => a[0] - b[0]);
  const rightStarts = right.map(([start]) => start);
  let longest = 0;
  for (const [start, end] of right) longest = Math.max(longest, end - start);
  const reach = node.distance + 1;
  const spans: Span[] = [];
  for (const [leftStart, leftEnd] of left) {
    for (
      let index = firstAtLeast(rightStarts, leftStart - reach - longest);
      index < right.length && rightStarts[index] <= leftEnd + reach;
      index++
    ) {
      const [rightStart, rightEnd] = right[index];
      if (rightEnd < leftStart - reach || (node.ordered && leftEnd >= rightStart)) continue;
      spans.push([Math.min(leftStart, rightStart), Math.max(leftEnd, rightEnd)]);
    }
  }
  return spans;
}

/**
 * Every operand in the field, and with a window all inside `window` consecutive words, the
 * window starting where one of them starts (as rules/proximity-rule.ts reads it).
 */
function withinHolds(node: WithinNode, field: QueryText): boolean {
  return withinSpans(node, field).length > 0;
}

/**
 * Where a `within` node holds in the field: without a window, the whole field when every operand
 * occurs in it; with one, the shortest spans holding every operand that fit in the window, one
 * from each start of an operand. None: it does not hold there.
 */
export function withinSpans({ window, operands }: WithinNode, field: QueryText): Span[] {
  const occurrences = operands.map((operand: TextTerm) => termSpans(operand, field));
  if (occurrences.some((spans) => spans.length === 0)) return [];
  if (window === null) return [[0, field.folded.tokens.length - 1]];
  return andSpans(occurrences).filter(([start, end]) => end <= start + window - 1);
}

import type { KeywordDefinition } from '../keyword-definition.js';
import { KeywordMatcher, type KeywordMatcherOptions } from '../keyword-matcher.js';
import type { MatchInput } from '../match-input.js';
import { keywordQuery } from '../query/keyword-query.js';
import { nearSpans, nodeTruth, Truth, withinSpans } from '../query/query-evaluator.js';
import { QueryItem } from '../query/query-item.js';
import { firstAtLeast } from '../query/sorted-search.js';
import { parseQuery } from '../query/query-parser.js';
import type { QueryText } from '../query/query-text.js';
import { isTextTerm, type QueryNode, type Scope, type TextTerm } from '../query/query-tree.js';
import { termOccurrences, type Span } from '../query/term-spans.js';
import { RawOffsets } from '../text/raw-offsets.js';

export type HighlightField = 'title' | 'selftext' | 'comment';

/** A stretch of an item's raw field text: UTF-16 offsets, `end` exclusive. */
export interface Highlight {
  readonly field: HighlightField;
  readonly start: number;
  readonly end: number;
}

/**
 * Where the keyword matched the item (docs/matching.md, "Highlights"): the occurrences of the
 * terms that made it match, in the raw text of the item's own fields, in field order (a post's
 * title, then its selftext; a comment's body) and text order, overlapping or touching ones
 * merged. Empty when the matcher does not match the item (its filters and track flags
 * included, and an item pending its counts). `detectLanguage` as the matcher is given it; an
 * invalid query throws its QueryError, as the matcher does.
 */
export function matchHighlights(
  definition: KeywordDefinition,
  input: MatchInput,
  options: KeywordMatcherOptions = {},
): Highlight[] {
  const matched = new KeywordMatcher([definition], options).match(input);
  if (!matched.some(({ id }) => id === definition.id)) return [];
  const tree =
    definition.query == null
      ? keywordQuery(definition.text, definition.mode)
      : parseQuery(definition.query);
  const item = new QueryItem(options.detectLanguage);
  item.reset(input);
  const collector = new HighlightCollector(item);
  if (nodeTruth(tree, null, item, true) === Truth.True) collector.collect(tree, null);
  return collector.highlights();
}

/** Raw ranges per field of the item, gathered from the nodes that hold. */
class HighlightCollector {
  /** The item's own fields as the evaluator reads them, with their names (not a parent title). */
  private readonly names = new Map<QueryText, HighlightField>();
  private readonly offsets = new Map<QueryText, RawOffsets>();
  private readonly ranges = new Map<QueryText, [number, number][]>();

  constructor(private readonly item: QueryItem) {
    const isPost = item.input.type === 'post';
    if (isPost) for (const field of item.fields('title')) this.names.set(field, 'title');
    for (const field of item.fields('body')) this.names.set(field, isPost ? 'selftext' : 'comment');
  }

  /**
   * Gathers the ranges of a node that holds: every occurrence of its terms, those of an OR's
   * branches that hold, none under NOT; a NEAR's or a window's inside the stretches where it holds.
   */
  collect(node: QueryNode, scope: Scope | null): void {
    if (isTextTerm(node)) {
      for (const field of this.item.fields(scope)) this.addTerm(node, field, null);
    } else if (node.kind === 'and') {
      for (const operand of node.operands) this.collect(operand, scope);
    } else if (node.kind === 'or') {
      for (const operand of node.operands) {
        if (nodeTruth(operand, scope, this.item, true) === Truth.True) this.collect(operand, scope);
      }
    } else if (node.kind === 'scope') {
      this.collect(node.operand, node.scope);
    } else if (node.kind === 'near' || node.kind === 'within') {
      for (const field of this.item.fields(scope)) {
        const stretches = node.kind === 'near' ? nearSpans(node, field) : withinSpans(node, field);
        if (stretches.length === 0) continue;
        const inside = new Stretches(stretches);
        for (const term of textTermsOf(node)) this.addTerm(term, field, inside);
      }
    }
    // Nothing under NOT; item fields have no text.
  }

  /** Merged ranges in field order, then text order. */
  highlights(): Highlight[] {
    const highlights: Highlight[] = [];
    for (const [field, name] of this.names) {
      const ranges = (this.ranges.get(field) ?? []).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      let current: [number, number] | null = null;
      for (const range of ranges) {
        if (current !== null && range[0] <= current[1]) {
          current[1] = Math.max(current[1], range[1]);
          continue;
        }
        if (current !== null) highlights.push({ field: name, start: current[0], end: current[1] });
        current = [range[0], range[1]];
      }
      if (current !== null) highlights.push({ field: name, start: current[0], end: current[1] });
    }
    return highlights;
  }

  /** The term's occurrences in the field (only those inside one of `inside`, when given). */
  private addTerm(term: TextTerm, field: QueryText, inside: Stretches | null): void {
    if (!this.names.has(field)) return;
    for (const { span, from, to } of termOccurrences(term, field)) {
      if (inside !== null && !inside.holds(span)) continue;
      const offsets = this.offsetsOf(field);
      const range =
        term.kind === 'caseSensitive'
          ? offsets.fromCaseKept(from, to)
          : offsets.fromFolded(from, to);
      this.rangesOf(field).push(range);
    }
  }

  private offsetsOf(field: QueryText): RawOffsets {
    let offsets = this.offsets.get(field);
    if (offsets === undefined) {
      offsets = new RawOffsets(field.raw);
      this.offsets.set(field, offsets);
    }
    return offsets;
  }

  private rangesOf(field: QueryText): [number, number][] {
    let ranges = this.ranges.get(field);
    if (ranges === undefined) {
      ranges = [];
      this.ranges.set(field, ranges);
    }
    return ranges;
  }
}

/** The text terms of a NEAR or window (whose sides hold only text terms, AND, OR and NEAR). */
function textTermsOf(node: QueryNode): TextTerm[] {
  if (isTextTerm(node)) return [node];
  if (node.kind === 'and' || node.kind === 'or') return node.operands.flatMap(textTermsOf);
  if (node.kind === 'within') return [...node.operands];
  return node.kind === 'near' ? [...textTermsOf(node.left), ...textTermsOf(node.right)] : [];
}

/** Token spans, asked whether one holds a given span: sorted by start, with running maximum ends. */
class Stretches {
  private readonly starts: number[];
  private readonly furthestEnds: number[];

  constructor(spans: readonly Span[]) {
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    this.starts = sorted.map(([start]) => start);
    this.furthestEnds = [];
    let furthest = -Infinity;
    for (const [, end] of sorted) {
      furthest = Math.max(furthest, end);
      this.furthestEnds.push(furthest);
    }
  }

  /** Whether a stretch starts at or before the span's start and ends at or after its end. */
  holds([first, last]: Span): boolean {
    const starting = firstAtLeast(this.starts, first + 1);
    return starting > 0 && this.furthestEnds[starting - 1] >= last;
  }
}

import { UNNOTED, type TermTable } from '../index/term-table.js';
import type { ScannedField } from '../text/scanned-field.js';
import { parsePhrase } from '../text/phrase.js';
import { nodeTruth, Truth, type Verdict } from './query-evaluator.js';
import type { QueryItem } from './query-item.js';
import { isTextTerm, type QueryNode, type Scope } from './query-tree.js';

/*
 * A query tree compiled to one Int32Array, read by the matcher for its candidates: evaluating a
 * tree read a handful of objects spread over the heap (its nodes, their operand arrays, each
 * term's pattern), most of them cache misses among 20,000 queries' trees. Every instruction is
 * [op, size in ints, ...]; AND, OR and NOT hold their operands after them.
 */
const AND = 1;
const OR = 2;
const NOT = 3;
/** [WORD, 4, term id, scope]: a word the scan notes, looked up by id in the scanned fields. */
const WORD = 4;
/**
 * [NODE, 4 + n, index in `nodes`, scope, ...n term ids]: any other node, left to the tree
 * evaluator. The ids are those of a phrase's or prefix's terms, all noted by the scan: the node
 * is false, without reading it, unless one scanned field holds them all.
 */
const NODE = 5;
const NODE_IDS = 4;
const HEADER = 2;

const NO_SCOPE = 0;
const TITLE = 1;
const BODY = 2;

const SCOPES: readonly (Scope | null)[] = [null, 'title', 'body'];

export interface QueryProgram {
  readonly code: Int32Array;
  readonly nodes: readonly QueryNode[];
}

/** The operand's rank in its AND or OR: word look-ups first, `lang:` (detection) last. */
function costRank(node: QueryNode): number {
  if (node.kind === 'word') return 0;
  return node.kind === 'lang' ? 2 : 1;
}

/**
 * Compiles a query tree, its words looked up in `terms` (the query holds them as noted terms for
 * its life, so their ids stay). AND and OR operands are reordered, cheapest first: neither's
 * value (Kleene's, with Unknown) depends on the order.
 */
export function compileQueryProgram(tree: QueryNode, terms: TermTable): QueryProgram {
  const code: number[] = [];
  const nodes: QueryNode[] = [];
  const emit = (node: QueryNode, scope: number): void => {
    const at = code.length;
    if (node.kind === 'and' || node.kind === 'or') {
      code.push(node.kind === 'and' ? AND : OR, 0);
      const ordered = [...node.operands].sort((left, right) => costRank(left) - costRank(right));
      for (const operand of ordered) emit(operand, scope);
    } else if (node.kind === 'not') {
      code.push(NOT, 0);
      emit(node.operand, scope);
    } else if (node.kind === 'scope') {
      emit(node.operand, node.scope === 'title' ? TITLE : BODY);
      return;
    } else {
      const ids = scope === TITLE ? null : notedTermIds(node, terms);
      if (ids !== null && node.kind === 'word') {
        code.push(WORD, 0, ids[0], scope);
      } else code.push(NODE, 0, nodes.push(node) - 1, scope, ...(ids ?? []));
    }
    code[at + 1] = code.length - at;
  };
  emit(tree, NO_SCOPE);
  return { code: Int32Array.from(code), nodes };
}

/**
 * The ids of a word's, phrase's or prefix's terms (a prefix's whole words, then its prefix term)
 * when the scan notes where each occurs, else null.
 */
function notedTermIds(node: QueryNode, terms: TermTable): number[] | null {
  if (!isTextTerm(node)) return null;
  if (node.kind !== 'word' && node.kind !== 'phrase' && node.kind !== 'prefix') return null;
  const { tokens } = parsePhrase(node.text);
  // A word's truth in the tree evaluator is its first token's term alone.
  if (tokens.length === 0 || (node.kind === 'word' && tokens.length !== 1)) return null;
  const isPrefix = node.kind === 'prefix';
  const ids: number[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const kind = isPrefix && index === tokens.length - 1 ? 'prefix' : 'token';
    const term = terms.find(kind, tokens[index]);
    if (term === undefined || (terms.candidateKinds[term.id] & UNNOTED) !== 0) return null;
    ids.push(term.id);
  }
  return ids;
}

/**
 * The query's verdict, as evaluateQuery's on its tree. `scanned`: the item's fields as the
 * matcher scanned them with the terms the program was compiled with, by index in its input.
 */
export function evaluateProgram(
  program: QueryProgram,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
): Verdict {
  const free = run(program, 0, item, scanned, false);
  if (free !== Truth.Unknown) return free === Truth.True ? 'match' : 'no';
  return run(program, 0, item, scanned, true) === Truth.True ? 'match' : 'pending';
}

function run(
  program: QueryProgram,
  at: number,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
  readsCounts: boolean,
): Truth {
  const { code } = program;
  switch (code[at]) {
    case AND:
    case OR: {
      const isAnd = code[at] === AND;
      const decisive = isAnd ? Truth.False : Truth.True;
      let truthSoFar: Truth = isAnd ? Truth.True : Truth.False;
      const end = at + code[at + 1];
      for (let operand = at + HEADER; operand < end; operand += code[operand + 1]) {
        const value = run(program, operand, item, scanned, readsCounts);
        if (value === decisive) return decisive;
        if (value === Truth.Unknown) truthSoFar = Truth.Unknown;
      }
      return truthSoFar;
    }
    case NOT: {
      const value = run(program, at + HEADER, item, scanned, readsCounts);
      return value === Truth.Unknown ? value : value === Truth.True ? Truth.False : Truth.True;
    }
    case WORD:
      return wordOccurs(code[at + 2], code[at + 3], item, scanned) ? Truth.True : Truth.False;
    default:
      if (!termsMayOccur(code, at, item, scanned)) return Truth.False;
      return nodeTruth(program.nodes[code[at + 2]], SCOPES[code[at + 3]], item, readsCounts);
  }
}

/** Whether one of the node's scanned fields holds all the term ids the node lists (if any). */
function termsMayOccur(
  code: Int32Array,
  at: number,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
): boolean {
  const from = at + NODE_IDS;
  const to = at + code[at + 1];
  if (from === to) return true;
  if (item.input.type !== 'post') return holdsAll(scanned[0], code, from, to);
  if (code[at + 3] === NO_SCOPE && holdsAll(scanned[0], code, from, to)) return true;
  return holdsAll(scanned[1], code, from, to);
}

function holdsAll(field: ScannedField | null, code: Int32Array, from: number, to: number): boolean {
  if (field === null || field === undefined) return false;
  for (let index = from; index < to; index++) {
    if (!field.occursIn(code[index])) return false;
  }
  return true;
}

/**
 * Unscoped: a post's title and selftext, a comment's body; `body:` a post's selftext or a
 * comment's body (QueryItem.fields). A title scope is never compiled to a word look-up.
 */
function wordOccurs(
  termId: number,
  scope: number,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
): boolean {
  if (item.input.type !== 'post') return scanned[0]?.occursIn(termId) ?? false;
  if (scope === NO_SCOPE && scanned[0]?.occursIn(termId) === true) return true;
  return scanned[1]?.occursIn(termId) ?? false;
}

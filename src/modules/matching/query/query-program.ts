import { UNNOTED, type TermTable } from '../index/term-table.js';
import type { ScannedField } from '../text/scanned-field.js';
import { isBareToken, parsePhrase } from '../text/phrase.js';
import { separatorEndsAt, separatorEquals, separatorStartsAt } from '../text/separator.js';
import type { NameTable } from '../index/name-table.js';
import type { ParsedPhrase } from '../text/phrase.js';
import { PROGRAM_HEADER, type ProgramArena, type QueryProgram } from './program-arena.js';
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
/*
 * A leaf is [op, size, scope, ...]. WORD: [WORD, 4, scope, term id], a word the scan notes,
 * looked up by id in the scanned fields, or a bare prefix (`acme*`), whose prefix term the scan
 * notes at every token it starts.
 */
const WORD = 4;
/**
 * [PHRASE, 3 + n, scope, ...n term ids]: words one after the other with whitespace between
 * (`"acme crm"`), found from the scan's positions of the first.
 */
const PHRASE = 5;
/**
 * [NODE, 4 + n, scope, index in `nodes`, ...n term ids]: any other node, left to the tree
 * evaluator. The ids are those of a phrase's or prefix's terms, or those a NEAR needs
 * (requiredTerms), all noted by the scan: the node is false, without reading it, unless one
 * scanned field holds them all.
 */
const NODE = 6;
/**
 * Item fields read straight from the item, without the tree: [TYPE, 4, scope, 1 post / 0
 * comment], [SELF or NSFW, 4, scope, 1 yes / 0 no], [SUB or AUTHOR, 3 + n, scope, ...n NameTable
 * ids]. Their nodes were cache misses of their own (the node, its kind, its names) for a check
 * that reads one field of the item.
 */
const TYPE = 7;
const SELF = 8;
const NSFW = 9;
const SUB = 10;
const AUTHOR = 11;
/**
 * [SEPARATED_PHRASE, 6 + 2n - 1, scope, n, prefix, suffix, ...n term ids, ...n - 1 gaps]: a
 * phrase with symbols around or between its words (`"wi-fi router"`, `"c++ jobs"`), found like
 * PHRASE, its separators NameTable ids (0: none). Its tree node, the node's pattern, the pattern's
 * phrase and its gaps were cache misses of their own, one after the other, for each candidate.
 */
const SEPARATED_PHRASE = 12;
/** Where a SEPARATED_PHRASE's word count, prefix, suffix and term ids are. */
const WORD_COUNT = 3;
const PREFIX = 4;
const SUFFIX = 5;
const SEPARATED_TERM_IDS = 6;
const SCOPE = 2;
/** Where an item field op's value, or its first name id, is. */
const VALUE = 3;
/** Where a leaf's term ids start: after its scope, and a NODE's after its node's index. */
const TERM_IDS = 3;
const NODE_TERM_IDS = 4;
const HEADER = 2;

const NO_SCOPE = 0;
const TITLE = 1;
const BODY = 2;

const SCOPES: readonly (Scope | null)[] = [null, 'title', 'body'];

export type { QueryProgram } from './program-arena.js';

/** The item's subreddit and author as NameTable ids (0: a name no one holds). */
export interface ItemNameIds {
  subredditId(): number;
  authorId(): number;
}

/** Acquires a name in the matcher's NameTable for the query's life; returns its id. */
export type AcquireName = (name: string) => number;

const CHEAPEST_KINDS: ReadonlySet<QueryNode['kind']> = new Set<QueryNode['kind']>([
  'word',
  'type',
  'self',
  'nsfw',
  'sub',
  'author',
]);

/**
 * The operand's rank in its AND or OR: word look-ups and item fields read from the item first,
 * `lang:` (detection) last.
 */
function costRank(node: QueryNode): number {
  if (CHEAPEST_KINDS.has(node.kind)) return 0;
  return node.kind === 'lang' ? 2 : 1;
}

/**
 * Compiles a query tree, its words looked up in `terms` (the query holds them as noted terms for
 * its life, so their ids stay) and its `sub:` and `author:` names acquired with `acquireName`
 * (without it, they are left to the tree evaluator). AND and OR operands are reordered,
 * cheapest first: neither's value (Kleene's, with Unknown) depends on the order.
 */
export function compileQueryProgram(
  tree: QueryNode,
  terms: TermTable,
  acquireName: AcquireName | null = null,
): QueryProgram {
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
    } else if (node.kind === 'type') {
      code.push(TYPE, 0, scope, node.value === 'post' ? 1 : 0);
    } else if (node.kind === 'self' || node.kind === 'nsfw') {
      code.push(node.kind === 'self' ? SELF : NSFW, 0, scope, node.value ? 1 : 0);
    } else if ((node.kind === 'sub' || node.kind === 'author') && acquireName !== null) {
      code.push(node.kind === 'sub' ? SUB : AUTHOR, 0, scope, ...node.names.map(acquireName));
    } else {
      const noted = scope === TITLE ? null : notedTerms(node, terms);
      if (noted?.shape === 'word') code.push(WORD, 0, scope, noted.ids[0]);
      else if (noted?.shape === 'phrase') code.push(PHRASE, 0, scope, ...noted.ids);
      else if (noted?.shape === 'separated' && acquireName !== null) {
        const { prefix, suffix, gaps } = noted.phrase;
        const separator = (text: string): number => (text === '' ? 0 : acquireName(text));
        code.push(SEPARATED_PHRASE, 0, scope, noted.ids.length, separator(prefix));
        code.push(separator(suffix), ...noted.ids, ...gaps.map(separator));
      } else {
        const ids = noted?.ids ?? (scope === TITLE ? [] : requiredTerms(node, terms));
        code.push(NODE, 0, scope, nodes.push(node) - 1, ...ids);
      }
    }
    code[at + 1] = code.length - at;
  };
  emit(tree, NO_SCOPE);
  return { code: Int32Array.from(code), nodes };
}

/**
 * How the program reads a text term whose terms the scan notes: as one term (a word, a bare
 * prefix), as words in a row (a phrase of words with only spaces between), or as a node whose
 * terms (its whole words, then a prefix's prefix term) must all occur.
 */
interface NotedTerms {
  readonly shape: 'word' | 'phrase' | 'separated' | 'node';
  readonly ids: number[];
  readonly phrase: ParsedPhrase;
}

/**
 * Noted terms a NEAR (or a keyword's WITHIN) needs in the one field where it holds: those of every
 * text term among its operands and its NEARs' (an AND or OR operand, or a term some of whose words
 * are not noted, adds none). Most NEAR candidates lack one, and the prefilter spares them the tree.
 */
function requiredTerms(node: QueryNode, terms: TermTable): number[] {
  if (isTextTerm(node)) return notedTerms(node, terms)?.ids ?? [];
  if (node.kind === 'near') {
    return [...requiredTerms(node.left, terms), ...requiredTerms(node.right, terms)];
  }
  if (node.kind === 'within') {
    return node.operands.flatMap((operand) => requiredTerms(operand, terms));
  }
  return [];
}

/** The term's noted terms, or null when one of them is not noted (or it is no text term). */
function notedTerms(node: QueryNode, terms: TermTable): NotedTerms | null {
  if (!isTextTerm(node)) return null;
  if (node.kind !== 'word' && node.kind !== 'phrase' && node.kind !== 'prefix') return null;
  const phrase = parsePhrase(node.text);
  const { tokens } = phrase;
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
  if (node.kind === 'word' || (isPrefix && isBareToken(phrase))) {
    return { shape: 'word', ids, phrase };
  }
  if (node.kind !== 'phrase') return { shape: 'node', ids, phrase };
  const spaced = phrase.prefix === '' && phrase.suffix === '' && phrase.gaps.every(isSpace);
  return { shape: spaced ? 'phrase' : 'separated', ids, phrase };
}

function isSpace(gap: string): boolean {
  return gap === ' ';
}

/**
 * The verdict of the program placed at `start` in the arena, as evaluateQuery's on its tree.
 * `scanned`: the item's fields as the matcher scanned them with the terms the program was
 * compiled with, by index in its input.
 */
export function evaluateProgram(
  arena: ProgramArena,
  start: number,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
  names: ItemNameIds,
): Verdict {
  const at = start + PROGRAM_HEADER;
  const free = run(arena, start, at, item, scanned, names, false);
  if (free !== Truth.Unknown) return free === Truth.True ? 'match' : 'no';
  return run(arena, start, at, item, scanned, names, true) === Truth.True ? 'match' : 'pending';
}

function run(
  arena: ProgramArena,
  start: number,
  at: number,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
  names: ItemNameIds,
  readsCounts: boolean,
): Truth {
  const { code } = arena;
  switch (code[at]) {
    case AND:
    case OR: {
      const isAnd = code[at] === AND;
      const decisive = isAnd ? Truth.False : Truth.True;
      let truthSoFar: Truth = isAnd ? Truth.True : Truth.False;
      const end = at + code[at + 1];
      for (let operand = at + HEADER; operand < end; operand += code[operand + 1]) {
        const value = run(arena, start, operand, item, scanned, names, readsCounts);
        if (value === decisive) return decisive;
        if (value === Truth.Unknown) truthSoFar = Truth.Unknown;
      }
      return truthSoFar;
    }
    case NOT: {
      const value = run(arena, start, at + HEADER, item, scanned, names, readsCounts);
      return value === Truth.Unknown ? value : value === Truth.True ? Truth.False : Truth.True;
    }
    case WORD:
    case PHRASE:
    case SEPARATED_PHRASE:
      return holdsInScope(arena, at, item, scanned) ? Truth.True : Truth.False;
    case TYPE:
      return (item.input.type === 'post') === (code[at + VALUE] === 1) ? Truth.True : Truth.False;
    case SELF:
      return item.input.isSelf === (code[at + VALUE] === 1) ? Truth.True : Truth.False;
    case NSFW:
      return item.input.nsfw === (code[at + VALUE] === 1) ? Truth.True : Truth.False;
    case SUB:
      return listsName(code, at, names.subredditId()) ? Truth.True : Truth.False;
    case AUTHOR:
      return listsName(code, at, names.authorId()) ? Truth.True : Truth.False;
    default: {
      const listsIds = code[at + 1] > NODE_TERM_IDS;
      if (listsIds && !holdsInScope(arena, at, item, scanned)) return Truth.False;
      const node = arena.nodesOf(start)[code[at + 3]];
      return nodeTruth(node, SCOPES[code[at + SCOPE]], item, readsCounts);
    }
  }
}

/** Whether a SUB or AUTHOR op lists the item's name (0, a name no one holds, is never listed). */
function listsName(code: Int32Array, at: number, id: number): boolean {
  const end = at + code[at + 1];
  for (let index = at + VALUE; index < end; index++) if (code[index] === id) return true;
  return false;
}

/**
 * Whether a leaf's terms are in a scanned field its scope reads: unscoped, a post's title or
 * selftext, a comment's body; `body:`, a post's selftext or a comment's body (QueryItem.fields).
 * A title scope is compiled to NODE without ids: a comment reads it in its parent post's title.
 */
function holdsInScope(
  arena: ProgramArena,
  at: number,
  item: QueryItem,
  scanned: readonly (ScannedField | null)[],
): boolean {
  const { code } = arena;
  const isPost = item.input.type === 'post';
  const unscoped = code[at + SCOPE] === NO_SCOPE;
  const first = isPost && !unscoped ? scanned[1] : scanned[0];
  if (first !== null && first !== undefined && holdsIn(first, arena, at)) return true;
  const second = isPost && unscoped ? scanned[1] : null;
  return second !== null && second !== undefined && holdsIn(second, arena, at);
}

/**
 * WORD: the term occurs; PHRASE, SEPARATED_PHRASE: its words in a row, with its separators; NODE:
 * all the terms it lists occur.
 */
function holdsIn(field: ScannedField, arena: ProgramArena, at: number): boolean {
  const { code } = arena;
  const op = code[at];
  if (op === SEPARATED_PHRASE) {
    return wordsInRow(field, code, at, at + SEPARATED_TERM_IDS, code[at + WORD_COUNT], arena.names);
  }
  const from = at + (op === NODE ? NODE_TERM_IDS : TERM_IDS);
  const to = at + code[at + 1];
  if (op === WORD) return field.occursIn(code[from]);
  for (let index = from; index < to; index++) {
    if (!field.occursIn(code[index])) return false;
  }
  return op !== PHRASE || wordsInRow(field, code, at, from, to - from, null);
}

/**
 * Whether the field holds the `length` words code[from, from + length) one after the other:
 * scannedPhraseOccurs, tried at each occurrence of the first word, last first. A PHRASE's words
 * have whitespace between them (`names` null); a SEPARATED_PHRASE's have the separators its ids
 * name in `names`, between and around them.
 */
function wordsInRow(
  field: ScannedField,
  code: Int32Array,
  at: number,
  from: number,
  length: number,
  names: NameTable | null,
): boolean {
  const gaps = from + length;
  const { tokenIds, starts, ends, text } = field;
  for (
    let start = field.lastPosition(code[from]);
    start >= 0;
    start = field.previousPosition(start)
  ) {
    if (start + length > field.tokenCount) continue;
    let word = 1;
    while (
      word < length &&
      tokenIds[start + word] === code[from + word] &&
      separatorEquals(
        text,
        ends[start + word - 1],
        starts[start + word],
        names === null ? ' ' : names.nameOf(code[gaps + word - 1]),
      )
    ) {
      word++;
    }
    if (word < length) continue;
    if (names === null) return true;
    const prefix = code[at + PREFIX];
    if (prefix !== 0 && !separatorEndsAt(text, starts[start], names.nameOf(prefix))) continue;
    const suffix = code[at + SUFFIX];
    const end = ends[start + length - 1];
    if (suffix === 0 || separatorStartsAt(text, end, names.nameOf(suffix))) return true;
  }
  return false;
}

/*
 * Recursive-descent parser for the query language of decisions.md section 13.
 *
 *   query   := or END
 *   or      := and ("OR" and)*
 *   and     := unary (["AND"] unary)*            a space means AND
 *   unary   := ("NOT" | "-") unary | near
 *   near    := primary (("NEAR/n" | "ONEAR/n") primary)*
 *   primary := term | field | scope primary | "(" or ")"
 *
 * Precedence, tightest first: NEAR/ONEAR, NOT, AND, OR. NEAR binds tighter than every other
 * operator: its sides are single terms or parenthesised groups, so `a b NEAR/3 c d` is
 * `a (b NEAR/3 c) d`, `-a NEAR/3 b` is `-(a NEAR/3 b)`, and a chain `a NEAR/3 b NEAR/5 c` groups
 * from the left. A NEAR side holds only text terms with AND, OR and NEAR (no NOT, field or
 * scope: a NEAR matches inside one field); write `title:(a NEAR/3 b)` to scope one. A scope
 * applies to the term or group right after it, which holds no item field or other scope.
 *
 * Refusals are QueryErrors, and cost stays linear in the query: the length is checked before
 * lexing, recursion only deepens with parentheses (at most 8 levels), and the term limit stops
 * long queries early.
 */
import { hasAnchor } from './query-anchor.js';
import { QueryError, queryErrorAt } from './query-error.js';
import { itemField } from './query-fields.js';
import { lexQuery, type Token } from './query-lexer.js';
import { caseSensitiveTerm, literalTerm, textTerm } from './query-terms.js';
import type { QueryNode } from './query-tree.js';

export const MAX_QUERY_CHARACTERS = 1000;
export const MAX_QUERY_TERMS = 100;
export const MAX_QUERY_NESTING = 8;

const ANCHOR = 'a word, phrase, prefix, literal, sub:, author: or site: outside NOT';

/** Parses a query into its tree; any refusal is a QueryError, and nothing else is thrown. */
export function parseQuery(query: string): QueryNode {
  checkLength(query);
  const parser = new QueryParser(query, lexQuery(query));
  const { node } = parser.query();
  if (!hasAnchor(node)) {
    const onlyNegations =
      node.kind === 'not' || (node.kind === 'and' && node.operands.every(isNot));
    throw new QueryError(1, onlyNegations ? `${ANCHOR} (only negations match nothing)` : ANCHOR);
  }
  return node;
}

function isNot(node: QueryNode): boolean {
  return node.kind === 'not';
}

/** Code points, counted only once the UTF-16 length says the limit may hold. */
function checkLength(query: string): void {
  const tooLong =
    query.length > MAX_QUERY_CHARACTERS &&
    (query.length > 2 * MAX_QUERY_CHARACTERS || [...query].length > MAX_QUERY_CHARACTERS);
  if (tooLong) {
    throw new QueryError(MAX_QUERY_CHARACTERS + 1, `at most ${MAX_QUERY_CHARACTERS} characters`);
  }
}

/** A node with where it starts and the first thing in it a NEAR side or a scope refuses. */
interface Parsed {
  readonly node: QueryNode;
  readonly at: number;
  readonly firstNegation?: number;
  readonly firstField?: number;
  readonly firstScope?: number;
}

class QueryParser {
  private next = 0;
  private nesting = 0;
  private terms = 0;
  /** Inside an odd number of NOTs, where OR branches need no anchor. */
  private negated = false;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  /** An OR stops only before `)` or the end of the query. */
  query(): Parsed {
    const parsed = this.or();
    const token = this.peek();
    if (token.type === 'close') throw this.error(token.at, 'an opening ( for this )');
    return parsed;
  }

  private or(): Parsed {
    const branches = [this.and()];
    while (this.peek().type === 'or') {
      this.take();
      this.requireOperand('a term after OR');
      branches.push(this.and());
    }
    if (branches.length === 1) return branches[0];
    if (!this.negated) {
      const unanchored = branches.find((branch) => !hasAnchor(branch.node));
      if (unanchored !== undefined) throw this.error(unanchored.at, `${ANCHOR} in each OR branch`);
    }
    return combine('or', branches);
  }

  private and(): Parsed {
    const operands = [this.unary()];
    for (;;) {
      const token = this.peek();
      if (token.type === 'and') {
        this.take();
        this.requireOperand('a term after AND');
      } else if (!startsOperand(token)) {
        break;
      }
      operands.push(this.unary());
    }
    return operands.length === 1 ? operands[0] : combine('and', operands);
  }

  /** Negations are counted in a loop, not by recursion: `-------a` costs no stack. */
  private unary(): Parsed {
    const first = this.peek();
    let negations = 0;
    for (let token = first; token.type === 'not' || token.type === 'minus'; token = this.peek()) {
      this.take();
      if (token.type === 'minus') {
        this.requireAdjacent(token.at + 1, 'a term right after -');
      } else {
        this.requireOperand('a term after NOT');
      }
      negations++;
    }
    if (negations === 0) return this.near();
    const odd = negations % 2 === 1;
    if (odd) this.negated = !this.negated;
    const operand = this.near();
    if (odd) this.negated = !this.negated;
    return {
      ...operand,
      node: odd ? negate(operand.node) : operand.node,
      at: first.at,
      firstNegation: first.at,
    };
  }

  private near(): Parsed {
    let left = this.primary();
    for (let token = this.peek(); token.type === 'near'; token = this.peek()) {
      this.take();
      const operator = `${token.ordered ? 'ONEAR' : 'NEAR'}/${token.distance}`;
      this.requireNearSide(left, operator);
      const next = this.peek();
      if (!startsTextOrGroup(next)) throw this.error(next.at, `a term or group after ${operator}`);
      const right = this.primary();
      this.requireNearSide(right, operator);
      const { ordered, distance } = token;
      left = {
        node: { kind: 'near', ordered, distance, left: left.node, right: right.node },
        at: left.at,
      };
    }
    return left;
  }

  private primary(): Parsed {
    const token = this.take();
    switch (token.type) {
      case 'open':
        return this.group(token.at);
      case 'scope': {
        const end = token.at + token.scope.length + 1;
        this.requireAdjacent(end, `a term or group right after ${token.scope}:`);
        if (!startsTextOrGroup(this.peek())) {
          throw this.error(end, `a term or group right after ${token.scope}:`);
        }
        const operand = this.primary();
        const offence = operand.firstField ?? operand.firstScope;
        if (offence !== undefined) {
          throw this.error(
            offence,
            `only terms inside ${token.scope}:(…), no field or other scope`,
          );
        }
        const node: QueryNode = { kind: 'scope', scope: token.scope, operand: operand.node };
        return { node, at: token.at, firstNegation: operand.firstNegation, firstScope: token.at };
      }
      case 'field':
        this.countTerm(token.at);
        return {
          node: itemField(this.source, token.name, token.value),
          at: token.at,
          firstField: token.at,
        };
      case 'bare':
      case 'quoted':
        this.countTerm(token.at);
        return { node: textTerm(this.source, token), at: token.at };
      case 'caseSensitive':
        this.countTerm(token.at);
        return { node: caseSensitiveTerm(this.source, token), at: token.at };
      case 'literal':
        this.countTerm(token.at);
        return { node: literalTerm(this.source, token), at: token.at };
      case 'close':
        throw this.error(token.at, 'a term before )');
      case 'or':
        throw this.error(token.at, 'a term before OR');
      case 'and':
        throw this.error(token.at, 'a term before AND');
      case 'near':
        throw this.error(token.at, `a term before ${token.ordered ? 'ONEAR' : 'NEAR'}`);
      case 'not':
      case 'minus':
      case 'end':
        throw this.error(token.at, 'a term');
    }
  }

  private group(openAt: number): Parsed {
    this.nesting++;
    if (this.nesting > MAX_QUERY_NESTING) {
      throw this.error(openAt, `at most ${MAX_QUERY_NESTING} levels of parentheses`);
    }
    if (this.peek().type === 'close') throw this.error(this.peek().at, 'a term inside ( )');
    const inner = this.or();
    if (this.peek().type === 'end') throw this.error(openAt, 'a closing ) for this (');
    this.take();
    this.nesting--;
    return { ...inner, at: openAt };
  }

  private requireNearSide(side: Parsed, operator: string): void {
    const offence = side.firstNegation ?? side.firstField ?? side.firstScope;
    if (offence !== undefined) {
      throw this.error(
        offence,
        `only terms and groups of terms beside ${operator}, no NOT, field or scope`,
      );
    }
  }

  /** That the next token can start an operand. */
  private requireOperand(expected: string): void {
    const token = this.peek();
    if (!startsOperand(token)) throw this.error(token.at, expected);
  }

  /** That the next token starts at `offset`, with no space before it. */
  private requireAdjacent(offset: number, expected: string): void {
    const token = this.peek();
    if (token.at !== offset || token.type === 'end') throw this.error(offset, expected);
  }

  private countTerm(at: number): void {
    this.terms++;
    if (this.terms > MAX_QUERY_TERMS) throw this.error(at, `at most ${MAX_QUERY_TERMS} terms`);
  }

  private peek(): Token {
    return this.tokens[this.next];
  }

  private take(): Token {
    const token = this.tokens[this.next];
    if (token.type !== 'end') this.next++;
    return token;
  }

  private error(offset: number, expected: string): QueryError {
    return queryErrorAt(this.source, offset, expected);
  }
}

function startsOperand(token: Token): boolean {
  return (
    token.type === 'not' ||
    token.type === 'minus' ||
    token.type === 'field' ||
    token.type === 'scope' ||
    startsTextOrGroup(token)
  );
}

const TEXT_OR_GROUP_STARTS: ReadonlySet<Token['type']> = new Set<Token['type']>([
  'open',
  'bare',
  'quoted',
  'caseSensitive',
  'literal',
]);

function startsTextOrGroup(token: Token): boolean {
  return TEXT_OR_GROUP_STARTS.has(token.type);
}

function negate(node: QueryNode): QueryNode {
  return node.kind === 'not' ? node.operand : { kind: 'not', operand: node };
}

/** AND or OR of the operands, those of the same kind spliced in (the operator is associative). */
function combine(kind: 'and' | 'or', operands: readonly Parsed[]): Parsed {
  const nodes = operands.flatMap(({ node }) => (node.kind === kind ? node.operands : [node]));
  return {
    node: { kind, operands: nodes },
    at: operands[0].at,
    firstNegation: firstOf(operands, (operand) => operand.firstNegation),
    firstField: firstOf(operands, (operand) => operand.firstField),
    firstScope: firstOf(operands, (operand) => operand.firstScope),
  };
}

function firstOf(
  operands: readonly Parsed[],
  offset: (operand: Parsed) => number | undefined,
): number | undefined {
  for (const operand of operands) {
    const found = offset(operand);
    if (found !== undefined) return found;
  }
  return undefined;
}

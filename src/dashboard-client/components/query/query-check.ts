import { QueryError } from '../../../modules/matching/query/query-error';
import { isWhitespaceCode } from '../../../modules/matching/text/character-classes';
import { lexQuery, type Token } from '../../../modules/matching/query/query-lexer';
import { MAX_QUERY_CHARACTERS, parseQuery } from '../../../modules/matching/query/query-parser';

/*
 * A query as the keyword form shows it while it is typed: cut into coloured parts, with the
 * parser's refusal marked where it points. The server's own lexer and parser, bundled: what the
 * form marks is what POST /keywords and updateKeyword refuse, with the same message.
 */

export type PartKind =
  | 'operator'
  | 'paren'
  | 'field'
  | 'value'
  | 'phrase'
  | 'case'
  | 'literal'
  | 'prefix'
  | 'term'
  | 'error';

/** A run of the query's text; `kind` null for the whitespace between tokens. */
export interface QueryPart {
  text: string;
  kind: PartKind | null;
}

export interface QueryProblem {
  /** The parser's message: `query: expected … at character N`. */
  message: string;
  /** Its 1-based character position, and the UTF-16 offset of that character. */
  position: number;
  offset: number;
}

export interface QueryCheck {
  /** The whole query, in order; an error at its very end is an empty `error` part there. */
  parts: QueryPart[];
  problem: QueryProblem | null;
}

interface Run {
  start: number;
  end: number;
  kind: PartKind;
}

export function checkQueryText(query: string): QueryCheck {
  const problem = problemOf(query);
  if (problem === null) return { parts: partsOf(query, runsOf(query, 0, tryLex(query))), problem };
  const { offset } = problem;
  if (problem.position === MAX_QUERY_CHARACTERS + 1 && offset < query.length) {
    // Too long: the part past the limit is marked, and only the rest is lexed (a pasted 100 KB
    // stays quick to colour at every keystroke).
    const runs = runsOf(query, 0, tryLex(query.slice(0, offset)));
    return { parts: partsOf(query, marked(runs, offset, query.length)), problem };
  }
  const tokens = tryLex(query);
  let runs: Run[];
  let end: number;
  if (tokens) {
    runs = runsOf(query, 0, tokens);
    end = refusedTokenEnd(runs, query, offset);
  } else {
    // The lexer refused it: what it could not read is marked, what is around it still coloured.
    end = unreadableEnd(query, offset);
    runs = [
      ...runsOf(query, 0, tryLex(query.slice(0, offset))),
      ...runsOf(query, end, tryLex(query.slice(end))),
    ];
  }
  return { parts: partsOf(query, marked(runs, offset, end)), problem };
}

/** A piece of a query (valid alone or not), coloured as the lexer reads it; nothing marked. */
export function colouredParts(text: string): QueryPart[] {
  return partsOf(text, runsOf(text, 0, tryLex(text)));
}

function problemOf(query: string): QueryProblem | null {
  try {
    parseQuery(query);
    return null;
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return {
      message: error.message,
      position: error.position,
      offset: offsetOf(query, error.position),
    };
  }
}

/** The UTF-16 offset of a 1-based code point position (the query's length past its end). */
function offsetOf(query: string, position: number): number {
  let offset = 0;
  for (let remaining = position - 1; remaining > 0 && offset < query.length; remaining--) {
    offset += (query.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  }
  return Math.min(offset, query.length);
}

function tryLex(query: string): Token[] | null {
  try {
    return lexQuery(query);
  } catch (error) {
    if (error instanceof QueryError) return null;
    throw error;
  }
}

/**
 * The runs of the tokens of the query's text from `from` on (none when it did not lex): each
 * token runs to the next one's start, its trailing whitespace left out.
 */
function runsOf(query: string, from: number, tokens: readonly Token[] | null): Run[] {
  const runs: Run[] = [];
  if (tokens === null) return runs;
  for (let index = 0; index < tokens.length - 1; index++) {
    const token = tokens[index];
    const start = from + token.at;
    let end = from + tokens[index + 1].at;
    while (end > start && isWhitespaceCode(query.charCodeAt(end - 1))) end--;
    if (token.type === 'field') {
      const nameEnd = start + token.name.length + 1;
      runs.push({ start, end: nameEnd, kind: 'field' });
      if (end > nameEnd) runs.push({ start: nameEnd, end, kind: 'value' });
      continue;
    }
    runs.push({ start, end, kind: kindOf(token, query.slice(start, end)) });
  }
  return runs;
}

function kindOf(token: Token, text: string): PartKind {
  switch (token.type) {
    case 'open':
    case 'close':
      return 'paren';
    case 'or':
    case 'and':
    case 'not':
    case 'minus':
    case 'near':
      return 'operator';
    case 'scope':
    case 'field':
      return 'field';
    case 'quoted':
      return 'phrase';
    case 'caseSensitive':
      return 'case';
    case 'literal':
      return 'literal';
    case 'bare':
    case 'end':
      return text.endsWith('*') ? 'prefix' : 'term';
  }
}

/** The token a parser refusal points at, or one character when none starts there. */
function refusedTokenEnd(runs: readonly Run[], query: string, offset: number): number {
  const run = runs.find((candidate) => candidate.start <= offset && offset < candidate.end);
  return run ? run.end : nextCharacter(query, offset);
}

const OPENERS = new Set(['"', '`', '{', '(']);

/** An unclosed quote, brace, backtick or list runs to the end; any other refusal to the next space. */
function unreadableEnd(query: string, offset: number): number {
  if (OPENERS.has(query[offset])) return query.length;
  let end = nextCharacter(query, offset);
  while (end < query.length && !isWhitespaceCode(query.charCodeAt(end))) end++;
  return end;
}

function nextCharacter(query: string, offset: number): number {
  if (offset >= query.length) return offset;
  return offset + ((query.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1);
}

/** The runs with [offset, end) cut out of them and marked as the error. */
function marked(runs: readonly Run[], offset: number, end: number): Run[] {
  const kept: Run[] = [{ start: offset, end, kind: 'error' }];
  for (const run of runs) {
    if (run.start < offset) kept.push({ ...run, end: Math.min(run.end, offset) });
    if (run.end > end) kept.push({ ...run, start: Math.max(run.start, end) });
  }
  return kept.sort((a, b) => a.start - b.start);
}

function partsOf(query: string, runs: readonly Run[]): QueryPart[] {
  const parts: QueryPart[] = [];
  let at = 0;
  for (const run of runs) {
    if (run.start > at) parts.push({ text: query.slice(at, run.start), kind: null });
    parts.push({ text: query.slice(run.start, run.end), kind: run.kind });
    at = Math.max(at, run.end);
  }
  if (at < query.length) parts.push({ text: query.slice(at), kind: null });
  return parts;
}

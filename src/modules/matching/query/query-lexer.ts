import { isWhitespaceCode } from '../text/character-classes.js';
import { queryErrorAt } from './query-error.js';
import type { Scope } from './query-tree.js';

const ITEM_FIELD_NAMES = [
  'sub',
  'author',
  'flair',
  'site',
  'type',
  'self',
  'nsfw',
  'lang',
  'score',
  'comments',
] as const;

export type ItemFieldName = (typeof ITEM_FIELD_NAMES)[number];

const SCOPES: readonly Scope[] = ['title', 'body'];

const MAX_NEAR_DISTANCE = 50;

/** Part of a query's text, `at` its UTF-16 offset in the query. */
export interface Span {
  readonly at: number;
  readonly text: string;
}

export type FieldValue =
  | (Span & { readonly form: 'bare' | 'quoted' })
  | { readonly form: 'list'; readonly at: number; readonly items: readonly Span[] };

export type Token =
  | {
      readonly type: 'open' | 'close' | 'or' | 'and' | 'not' | 'minus' | 'end';
      readonly at: number;
    }
  | {
      readonly type: 'near';
      readonly at: number;
      readonly ordered: boolean;
      readonly distance: number;
    }
  | { readonly type: 'scope'; readonly at: number; readonly scope: Scope }
  /** A term written without quotes; `text` as written. */
  | (Span & { readonly type: 'bare' })
  /** The text between double quotes. */
  | (Span & { readonly type: 'quoted' })
  | (Span & { readonly type: 'caseSensitive'; readonly quoted: boolean })
  | (Span & { readonly type: 'literal' })
  | {
      readonly type: 'field';
      readonly at: number;
      readonly name: ItemFieldName;
      readonly value: FieldValue;
    };

const OPEN = 0x28;
const CLOSE = 0x29;
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const BACKTICK = 0x60;
const MINUS = 0x2d;
const COLON = 0x3a;
const COMMA = 0x2c;

function isDelimiter(code: number): boolean {
  return (
    isWhitespaceCode(code) ||
    code === OPEN ||
    code === CLOSE ||
    code === QUOTE ||
    code === OPEN_BRACE ||
    code === CLOSE_BRACE ||
    code === BACKTICK
  );
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * Cuts a query into tokens in one pass, without regular expressions. Item fields are read here
 * with their values, as a value follows rules of its own (`sub:(a,b)`, `score:>=25`).
 */
export function lexQuery(query: string): Token[] {
  return new QueryLexer(query).tokens();
}

class QueryLexer {
  private index = 0;

  constructor(private readonly query: string) {}

  tokens(): Token[] {
    const tokens: Token[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.index >= this.query.length) break;
      tokens.push(this.next());
    }
    tokens.push({ type: 'end', at: this.query.length });
    return tokens;
  }

  private next(): Token {
    const at = this.index;
    switch (this.query.charCodeAt(at)) {
      case OPEN:
        this.index++;
        return { type: 'open', at };
      case CLOSE:
        this.index++;
        return { type: 'close', at };
      case MINUS:
        this.index++;
        return { type: 'minus', at };
      case QUOTE:
        return { type: 'quoted', ...this.quoted() };
      case OPEN_BRACE:
        return this.caseSensitive();
      case BACKTICK:
        return { type: 'literal', ...this.enclosed(BACKTICK, 'a closing ` for this literal') };
      case CLOSE_BRACE:
        throw queryErrorAt(this.query, at, 'a term, found }');
      default:
        return this.named() ?? this.word();
    }
  }

  /** An operator or a bare term. */
  private word(): Token {
    const { at, text } = this.bare();
    if (text === 'OR') return { type: 'or', at };
    if (text === 'AND') return { type: 'and', at };
    if (text === 'NOT') return { type: 'not', at };
    if (isOperator(text, 'NEAR')) return this.near(at, text, false, 'NEAR'.length);
    if (isOperator(text, 'ONEAR')) return this.near(at, text, true, 'ONEAR'.length);
    return { type: 'bare', at, text };
  }

  private near(at: number, text: string, ordered: boolean, nameLength: number): Token {
    const digits = text.slice(nameLength + 1);
    const distance = Number(digits);
    const valid =
      text.charCodeAt(nameLength) === 0x2f &&
      digits.length > 0 &&
      digits.length <= 2 &&
      Number.isInteger(distance) &&
      distance >= 1 &&
      distance <= MAX_NEAR_DISTANCE;
    if (!valid) {
      const operator = text.slice(0, nameLength);
      throw queryErrorAt(this.query, at, `${operator}/n with n from 1 to ${MAX_NEAR_DISTANCE}`);
    }
    return { type: 'near', at, ordered, distance };
  }

  /** A scope or item field (`title:`, `sub:rust`), or null when the text is no field name. */
  private named(): Token | null {
    const at = this.index;
    let end = at;
    while (end < this.query.length && isAsciiLetter(this.query.charCodeAt(end))) end++;
    if (end === at || this.query.charCodeAt(end) !== COLON) return null;
    const name = this.query.slice(at, end).toLowerCase();
    this.index = end + 1;
    const scope = SCOPES.find((known) => known === name);
    if (scope !== undefined) return { type: 'scope', at, scope };
    const field = ITEM_FIELD_NAMES.find((known) => known === name);
    if (field !== undefined) return { type: 'field', at, name: field, value: this.fieldValue() };
    const names = [...SCOPES, ...ITEM_FIELD_NAMES].join(', ');
    throw queryErrorAt(this.query, at, `a field name (${names}), or quotes around "${name}:"`);
  }

  private fieldValue(): FieldValue {
    const code = this.query.charCodeAt(this.index);
    if (code === QUOTE) return { form: 'quoted', ...this.quoted() };
    if (code === OPEN) return this.list();
    return { form: 'bare', ...this.bare() };
  }

  private list(): FieldValue {
    const at = this.index;
    const { text } = this.enclosed(CLOSE, 'a closing ) for this list');
    const items: Span[] = [];
    let start = 0;
    for (let index = 0; index <= text.length; index++) {
      if (index < text.length && text.charCodeAt(index) !== COMMA) continue;
      items.push(trimmed(text.slice(start, index), at + 1 + start));
      start = index + 1;
    }
    return { form: 'list', at, items };
  }

  private caseSensitive(): Token {
    const at = this.index;
    this.index++;
    const quoted = this.query.charCodeAt(this.index) === QUOTE;
    const { text } = quoted ? this.quoted() : this.bare();
    if (this.query.charCodeAt(this.index) !== CLOSE_BRACE) {
      throw queryErrorAt(this.query, this.index, 'a closing } for the term opened with {');
    }
    this.index++;
    return { type: 'caseSensitive', at, text, quoted };
  }

  private quoted(): Span {
    return this.enclosed(QUOTE, 'a closing " for this phrase');
  }

  /** The text from the opening character at `index` to the next `closing` character. */
  private enclosed(closing: number, expected: string): Span {
    const at = this.index;
    const end = this.query.indexOf(String.fromCharCode(closing), at + 1);
    if (end < 0) throw queryErrorAt(this.query, at, expected);
    this.index = end + 1;
    return { at, text: this.query.slice(at + 1, end) };
  }

  private bare(): Span {
    const at = this.index;
    while (this.index < this.query.length && !isDelimiter(this.query.charCodeAt(this.index))) {
      this.index++;
    }
    return { at, text: this.query.slice(at, this.index) };
  }

  private skipWhitespace(): void {
    while (this.index < this.query.length && isWhitespaceCode(this.query.charCodeAt(this.index))) {
      this.index++;
    }
  }
}

/** `NEAR`, `NEAR/…`: an operator, right or wrong; `NEARBY` is a word. */
function isOperator(text: string, name: string): boolean {
  return text === name || text.startsWith(`${name}/`);
}

function trimmed(text: string, at: number): Span {
  let start = 0;
  let end = text.length;
  while (start < end && isWhitespaceCode(text.charCodeAt(start))) start++;
  while (end > start && isWhitespaceCode(text.charCodeAt(end - 1))) end--;
  return { at: at + start, text: text.slice(start, end) };
}

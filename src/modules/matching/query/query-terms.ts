import { foldCase } from '../text/text-normalization.js';
import { tokenize } from '../text/tokenizer.js';
import { queryErrorAt } from './query-error.js';
import type { Span } from './query-lexer.js';
import type { CaseSensitiveTerm, LiteralTerm, TextTerm } from './query-tree.js';

/** Letters (word characters) a prefix needs before its `*`. */
const MIN_PREFIX_LETTERS = 3;

const WHITESPACE_RUN = /\s+/g;

function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ');
}

/** The comparison form of section 4 (NFKC, lower case), whitespace runs as single spaces. */
export function foldTermText(text: string): string {
  return collapseWhitespace(foldCase(text)).trim();
}

/** Whether the text is one token of letters and digits and nothing else: a word. */
export function isBareWord(text: string): boolean {
  const { tokens } = tokenize(text);
  return tokens.length === 1 && tokens[0].length === text.length;
}

/**
 * A term written without quotes (`acme`, `plug*`, `node.js`) or between quotes: a prefix when it
 * ends with `*`, else a word when it is one, else a phrase (symbols give word boundaries as in
 * `exact` mode).
 */
export function textTerm(query: string, span: Span): TextTerm {
  const text = foldTermText(span.text);
  if (text.endsWith('*')) return { kind: 'prefix', text: prefixText(query, span, text) };
  requireLetterOrDigit(query, span, text, 'a letter or digit in a term');
  requireNoCharacter(query, span, text, '"', 'a term without "');
  return { kind: isBareWord(text) ? 'word' : 'phrase', text };
}

function prefixText(query: string, span: Span, text: string): string {
  const stem = text.slice(0, -1);
  const { tokens, ends } = tokenize(stem);
  const last = tokens.length - 1;
  const letters = last < 0 || ends[last] !== stem.length ? 0 : [...tokens[last]].length;
  if (letters < MIN_PREFIX_LETTERS) {
    throw queryErrorAt(query, span.at, `at least ${MIN_PREFIX_LETTERS} letters before *`);
  }
  requireNoCharacter(query, span, stem, '"', 'a prefix without "');
  return stem;
}

/** `{ACME}` or `{"Acme Corp"}`: NFKC without lower-casing. */
export function caseSensitiveTerm(query: string, span: Span): CaseSensitiveTerm {
  const text = collapseWhitespace(span.text.normalize('NFKC')).trim();
  requireLetterOrDigit(query, span, text, 'a letter or digit between { and }');
  if (text.endsWith('*')) {
    throw queryErrorAt(query, span.at, 'a word or phrase between { and }, not a prefix');
  }
  requireNoCharacter(query, span, text, '"', 'a case-sensitive term without "');
  return { kind: 'caseSensitive', text };
}

/** `` `c++20` ``: folded, whitespace runs as single spaces (kept at the ends: they count). */
export function literalTerm(query: string, span: Span): LiteralTerm {
  const text = collapseWhitespace(foldCase(span.text));
  if (text.trim() === '') throw queryErrorAt(query, span.at, 'a character between ` and `');
  requireNoCharacter(query, span, text, '`', 'a literal without `');
  return { kind: 'literal', text };
}

function requireLetterOrDigit(query: string, span: Span, text: string, expected: string): void {
  if (tokenize(text).tokens.length === 0) {
    throw queryErrorAt(query, span.at, `${expected} (write symbols as a \`literal\`)`);
  }
}

/**
 * Folding maps full-width quotes and backticks to ASCII ones, which the canonical form could not
 * hold inside the delimiters it prints.
 */
function requireNoCharacter(
  query: string,
  span: Span,
  text: string,
  character: string,
  expected: string,
): void {
  if (text.includes(character)) throw queryErrorAt(query, span.at, expected);
}

import { stemmer } from 'stemmer';

import { UNNOTED, type TermTable } from '../index/term-table.js';
import { parsePhrase, type ParsedPhrase } from '../text/phrase.js';
import type { TokenizedText } from '../text/tokenizer.js';
import type { QueryText, ScannedText } from './query-text.js';
import { separatorEndAfter, separatorStartBefore } from '../text/separator.js';
import {
  scannedPhraseOccurs,
  scannedPhraseSpans,
  separatorsAt,
  type Span,
} from './scanned-spans.js';
import type { TextTerm } from './query-tree.js';

export type { Span } from './scanned-spans.js';

/** What a term needs, worked out once per term node and kept with it. */
interface TermPattern {
  readonly phrase: ParsedPhrase;
  readonly literal: RegExp | null;
  readonly stem: string | null;
  /** The term table `ids` were looked up in, and the phrase's token term ids there. */
  idsIn: TermTable | null;
  ids: Int32Array | null;
}

/**
 * A term node's pattern is kept on the node under a symbol, not enumerable, so trees compare and
 * print as parsed: a WeakMap look-up per evaluated term cost a hash probe into a table of every
 * query's terms, a cache miss of its own for each of a candidate's terms.
 */
const PATTERN = Symbol('term pattern');
type PatternedTerm = TextTerm & { [PATTERN]?: TermPattern };
const REGEXP_SYNTAX = /[.*+?^${}()|[\]\\/]/g;

function patternOf(term: TextTerm): TermPattern {
  const kept = (term as PatternedTerm)[PATTERN];
  if (kept !== undefined) return kept;
  const pattern: TermPattern = {
    phrase: parsePhrase(term.text),
    literal: term.kind === 'literal' ? literalExpression(term.text) : null,
    stem: term.kind === 'stem' ? stemmer(term.text) : null,
    idsIn: null,
    ids: null,
  };
  Object.defineProperty(term, PATTERN, { value: pattern });
  return pattern;
}

/** A space stands for any whitespace run; everything else as written. */
function literalExpression(text: string): RegExp {
  const source = text
    .split(' ')
    .map((part) => part.replace(REGEXP_SYNTAX, '\\$&'))
    .join('\\s+');
  return new RegExp(source, 'gu');
}

/**
 * The term ids of a word's or phrase's tokens, or of a prefix's whole words and then its prefix
 * term, among the matcher's terms; null when one is not a term whose occurrences the scan notes.
 * A query's matcher holds them for the query's life (query-term-keys.ts), so they are looked up
 * once.
 */
function termIds(term: TextTerm, pattern: TermPattern, terms: TermTable): Int32Array | null {
  if (pattern.idsIn !== terms) {
    const { tokens } = pattern.phrase;
    const isPrefix = term.kind === 'prefix';
    const words = isPrefix ? tokens.slice(0, -1) : tokens;
    const ids = words.map((token) => terms.find('token', token)?.id ?? 0);
    const noted = ids.every((id) => id !== 0 && (terms.candidateKinds[id] & UNNOTED) === 0);
    if (isPrefix && tokens.length > 0) {
      ids.push(terms.find('prefix', tokens[tokens.length - 1])?.id ?? 0);
    }
    pattern.ids = noted && tokens.length > 0 && !ids.includes(0) ? Int32Array.from(ids) : null;
    pattern.idsIn = terms;
  }
  return pattern.ids;
}

/** The scan's term ids of a term (termIds), or null when it is to be read from the tokens. */
function scannedIds(term: TextTerm, pattern: TermPattern, field: QueryText): Int32Array | null {
  if (field.scanned === null) return null;
  if (term.kind !== 'word' && term.kind !== 'phrase' && term.kind !== 'prefix') return null;
  return termIds(term, pattern, field.scanned.terms);
}

/** Whether the term occurs in the field at all. */
export function termOccurs(term: TextTerm, field: QueryText): boolean {
  const pattern = patternOf(term);
  const ids = scannedIds(term, pattern, field);
  if (ids !== null) {
    const scanned = (field.scanned as ScannedText).field;
    if (term.kind === 'word') return scanned.occursIn(ids[0]);
    const isPrefix = term.kind === 'prefix';
    return scannedPhraseOccurs(scanned, ids, pattern.phrase, isPrefix);
  }
  return term.kind === 'word' ? field.has(term.text) : termSpans(term, field).length > 0;
}

/** Where the term occurs in the field, in text order. */
export function termSpans(term: TextTerm, field: QueryText): Span[] {
  const pattern = patternOf(term);
  const ids = scannedIds(term, pattern, field);
  if (ids !== null) {
    const scanned = (field.scanned as ScannedText).field;
    return scannedPhraseSpans(scanned, ids, pattern.phrase, term.kind === 'prefix');
  }
  switch (term.kind) {
    case 'word':
    case 'phrase':
      if (!pattern.phrase.tokens.every((token) => field.has(token))) return [];
      return phraseSpans(field.folded, pattern.phrase, false);
    case 'prefix':
      return phraseSpans(field.folded, pattern.phrase, true);
    case 'caseSensitive':
      return phraseSpans(field.caseSensitive, pattern.phrase, false);
    case 'stem': {
      const { stem } = pattern;
      const spans: Span[] = [];
      field.stems.forEach((tokenStem, position) => {
        if (tokenStem === stem) spans.push([position, position]);
      });
      return spans;
    }
    case 'literal':
      return literalOccurrences(field.folded, pattern.literal as RegExp).map(({ span }) => span);
  }
}

/**
 * One occurrence of a term: its token positions (a span of termSpans) and its UTF-16 range in
 * the text it is compared in, the field's case-kept text (QueryText.caseSensitive) for a
 * case-sensitive term and its folded text for any other. A phrase's range takes the symbols
 * written around its words (`c++`, `.net`), a prefix's the whole word it starts.
 */
export interface TermOccurrence {
  readonly span: Span;
  readonly from: number;
  readonly to: number;
}

/** Where the term occurs in the field, in text order, with its ranges of text. */
export function termOccurrences(term: TextTerm, field: QueryText): TermOccurrence[] {
  const pattern = patternOf(term);
  if (term.kind === 'literal') return literalOccurrences(field.folded, pattern.literal as RegExp);
  const { text, starts, ends } = term.kind === 'caseSensitive' ? field.caseSensitive : field.folded;
  const { prefix, suffix } = pattern.phrase;
  return termSpans(term, field).map((span) => ({
    span,
    from: prefix === '' ? starts[span[0]] : separatorStartBefore(text, starts[span[0]], prefix),
    to: suffix === '' ? ends[span[1]] : separatorEndAfter(text, ends[span[1]], suffix),
  }));
}

/**
 * A phrase's occurrences compared as `exact` keywords are (rules/phrase-pattern.ts): the tokens
 * in a row, the separators between them, and those before and after it touching it. With
 * `lastIsPrefix` its last token need only start the text's token.
 */
function phraseSpans(text: TokenizedText, phrase: ParsedPhrase, lastIsPrefix: boolean): Span[] {
  const spans: Span[] = [];
  const length = phrase.tokens.length;
  if (length === 0) return spans;
  for (let start = 0; start + length <= text.tokens.length; start++) {
    if (phraseAt(text, start, phrase, lastIsPrefix)) spans.push([start, start + length - 1]);
  }
  return spans;
}

function phraseAt(
  text: TokenizedText,
  start: number,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
): boolean {
  const { tokens } = phrase;
  const last = tokens.length - 1;
  for (let offset = 0; offset <= last; offset++) {
    const token = text.tokens[start + offset];
    const matches =
      lastIsPrefix && offset === last ? token.startsWith(tokens[offset]) : token === tokens[offset];
    if (!matches) return false;
  }
  return separatorsAt(text.text, text.starts, text.ends, start, phrase);
}

/**
 * A literal's occurrences as substrings, each with the tokens it touches (none when it lies
 * between two: the span then ends before it starts). Matches come in text order, so the tokens
 * are walked once.
 */
function literalOccurrences(text: TokenizedText, expression: RegExp): TermOccurrence[] {
  const occurrences: TermOccurrence[] = [];
  let first = 0;
  for (const match of text.text.matchAll(expression)) {
    const from = match.index;
    const to = from + match[0].length;
    while (first < text.tokens.length && text.ends[first] <= from) first++;
    let last = first - 1;
    while (last + 1 < text.tokens.length && text.starts[last + 1] < to) last++;
    occurrences.push({ span: [first, last], from, to });
  }
  return occurrences;
}

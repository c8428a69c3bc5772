import { stemmer } from 'stemmer';

import { UNNOTED, type TermTable } from '../index/term-table.js';
import { parsePhrase, type ParsedPhrase } from '../text/phrase.js';
import type { ScannedField } from '../text/scanned-field.js';
import { separatorEndsAt, separatorEquals, separatorStartsAt } from '../text/separator.js';
import type { TokenizedText } from '../text/tokenizer.js';
import type { QueryText, ScannedText } from './query-text.js';
import type { TextTerm } from './query-tree.js';

/** Token positions of one occurrence, first and last (last < first: between two tokens). */
export type Span = readonly [number, number];

/** What a term needs, worked out once per term node and kept with it. */
interface TermPattern {
  readonly phrase: ParsedPhrase;
  readonly literal: RegExp | null;
  readonly stem: string | null;
  /** The term table `ids` were looked up in, and the phrase's token term ids there. */
  idsIn: TermTable | null;
  ids: Int32Array | null;
}

const patterns = new WeakMap<TextTerm, TermPattern>();
const REGEXP_SYNTAX = /[.*+?^${}()|[\]\\/]/g;

function patternOf(term: TextTerm): TermPattern {
  let pattern = patterns.get(term);
  if (pattern === undefined) {
    pattern = {
      phrase: parsePhrase(term.text),
      literal: term.kind === 'literal' ? literalExpression(term.text) : null,
      stem: term.kind === 'stem' ? stemmer(term.text) : null,
      idsIn: null,
      ids: null,
    };
    patterns.set(term, pattern);
  }
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
 * The term ids of a word's or phrase's tokens among the matcher's terms, or null when one is not
 * a term whose occurrences the scan notes. A query's matcher holds its words as such terms, for
 * the query's life, so the ids are looked up once.
 */
function tokenIds(pattern: TermPattern, terms: TermTable): Int32Array | null {
  if (pattern.idsIn !== terms) {
    const ids = pattern.phrase.tokens.map((token) => terms.find('token', token)?.id ?? 0);
    const noted = ids.every((id) => id !== 0 && (terms.candidateKinds[id] & UNNOTED) === 0);
    pattern.ids = noted && ids.length > 0 ? Int32Array.from(ids) : null;
    pattern.idsIn = terms;
  }
  return pattern.ids;
}

/** The scan's term ids of a word or phrase, or null when it is to be read from the tokens. */
function scannedIds(term: TextTerm, pattern: TermPattern, field: QueryText): Int32Array | null {
  if (field.scanned === null || (term.kind !== 'word' && term.kind !== 'phrase')) return null;
  return tokenIds(pattern, field.scanned.terms);
}

/** Whether the term occurs in the field at all. */
export function termOccurs(term: TextTerm, field: QueryText): boolean {
  const pattern = patternOf(term);
  const ids = scannedIds(term, pattern, field);
  if (ids !== null) {
    const scanned = (field.scanned as ScannedText).field;
    if (term.kind === 'word') return scanned.occursIn(ids[0]);
    return scannedPhraseSpans(scanned, ids, pattern.phrase).length > 0;
  }
  return term.kind === 'word' ? field.has(term.text) : termSpans(term, field).length > 0;
}

/** Where the term occurs in the field, in text order. */
export function termSpans(term: TextTerm, field: QueryText): Span[] {
  const pattern = patternOf(term);
  const ids = scannedIds(term, pattern, field);
  if (ids !== null) {
    return scannedPhraseSpans((field.scanned as ScannedText).field, ids, pattern.phrase);
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
      return literalSpans(field.folded, pattern.literal as RegExp);
  }
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

/** Whether the separators between, before and after the phrase's tokens at `start` are its own. */
function separatorsAt(
  text: string,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
  start: number,
  { gaps, prefix, suffix }: ParsedPhrase,
): boolean {
  for (let offset = 0; offset < gaps.length; offset++) {
    const from = ends[start + offset];
    const to = starts[start + offset + 1];
    if (!separatorEquals(text, from, to, gaps[offset])) return false;
  }
  if (prefix !== '' && !separatorEndsAt(text, starts[start], prefix)) return false;
  return suffix === '' || separatorStartsAt(text, ends[start + gaps.length], suffix);
}

/**
 * A phrase's occurrences read from the scan: where its first token occurs (the scan chains a
 * term's positions, last first), the following tokens' ids, then the separators. The scanned
 * text's separators are those of the folded text (folding touches letters only).
 */
function scannedPhraseSpans(field: ScannedField, ids: Int32Array, phrase: ParsedPhrase): Span[] {
  for (let index = 0; index < ids.length; index++) {
    if (!field.occursIn(ids[index])) return [];
  }
  const spans: Span[] = [];
  const last = ids.length - 1;
  for (let start = field.lastPosition(ids[0]); start >= 0; start = field.previousPosition(start)) {
    if (start + last >= field.tokenCount || !tokensAt(field.tokenIds, start, ids)) continue;
    if (separatorsAt(field.text, field.starts, field.ends, start, phrase)) {
      spans.push([start, start + last]);
    }
  }
  return spans.reverse();
}

function tokensAt(tokenIds: Int32Array, start: number, ids: Int32Array): boolean {
  for (let offset = 1; offset < ids.length; offset++) {
    if (tokenIds[start + offset] !== ids[offset]) return false;
  }
  return true;
}

/** A literal's occurrences as substrings, each as the tokens it touches. */
function literalSpans(text: TokenizedText, expression: RegExp): Span[] {
  const spans: Span[] = [];
  for (const match of text.text.matchAll(expression)) {
    const from = match.index;
    const to = from + match[0].length;
    let first = 0;
    while (first < text.tokens.length && text.ends[first] <= from) first++;
    let last = first - 1;
    while (last + 1 < text.tokens.length && text.starts[last + 1] < to) last++;
    spans.push([first, last]);
  }
  return spans;
}

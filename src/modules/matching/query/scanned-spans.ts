import type { ParsedPhrase } from '../text/phrase.js';
import type { ScannedField } from '../text/scanned-field.js';
import { separatorEndsAt, separatorEquals, separatorStartsAt } from '../text/separator.js';

/** Token positions of one occurrence, first and last (last < first: between two tokens). */
export type Span = readonly [number, number];

const UPPER_A = 0x41;
const UPPER_Z = 0x5a;
const ASCII_LOWER_CASE_BIT = 0x20;

/** Whether the separators between, before and after the phrase's tokens at `start` are its own. */
export function separatorsAt(
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
 * A phrase's occurrences read from the matcher's scan of a field, as term-spans.ts reads them
 * from its tokens. `ids` are the term ids of its tokens; with `lastIsPrefix`, of its whole words
 * and then of the prefix term of its last word, which a token need only start. Positions come
 * from the scan, which chains a token term's occurrences (last first) and knows a prefix term's
 * last one; the scanned text's separators are the folded text's.
 */
export function scannedPhraseSpans(
  field: ScannedField,
  ids: Int32Array,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
): Span[] {
  const spans: Span[] = [];
  const last = phrase.tokens.length - 1;
  for (
    let start = lastStart(field, ids, phrase, lastIsPrefix);
    start >= 0;
    start = previousStart(
      field,
      ids,
      phrase,
      lastIsPrefix,
      candidateBefore(field, ids, lastIsPrefix, start),
    )
  ) {
    spans.push([start, start + last]);
  }
  return spans.reverse();
}

/** Whether the phrase occurs in the field (scannedPhraseSpans' last span, found alone). */
export function scannedPhraseOccurs(
  field: ScannedField,
  ids: Int32Array,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
): boolean {
  return lastStart(field, ids, phrase, lastIsPrefix) >= 0;
}

/** Where the phrase's last occurrence starts, or -1. */
function lastStart(
  field: ScannedField,
  ids: Int32Array,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
): number {
  for (let index = 0; index < ids.length; index++) {
    if (!field.occursIn(ids[index])) return -1;
  }
  return previousStart(field, ids, phrase, lastIsPrefix, field.lastPosition(ids[0]));
}

/**
 * Where the phrase may start before `start`: a prefix alone at any token (every token it starts
 * is at or before its prefix term's last occurrence), a phrase starting with a word at that
 * word's previous occurrence, chained by the scan. -1: nowhere.
 */
function candidateBefore(
  field: ScannedField,
  ids: Int32Array,
  lastIsPrefix: boolean,
  start: number,
): number {
  return lastIsPrefix && ids.length === 1 ? start - 1 : field.previousPosition(start);
}

/** Where the phrase's last occurrence starting at or before `from` (a candidate) starts, or -1. */
function previousStart(
  field: ScannedField,
  ids: Int32Array,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
  from: number,
): number {
  const last = phrase.tokens.length - 1;
  const words = lastIsPrefix ? ids.length - 1 : ids.length;
  for (let start = from; start >= 0; start = candidateBefore(field, ids, lastIsPrefix, start)) {
    if (
      start + last < field.tokenCount &&
      wordsAt(field.tokenIds, start, ids, words) &&
      (!lastIsPrefix || startsToken(field, start + last, phrase.tokens[last])) &&
      separatorsAt(field.text, field.starts, field.ends, start, phrase)
    ) {
      return start;
    }
  }
  return -1;
}

function wordsAt(tokenIds: Int32Array, start: number, ids: Int32Array, words: number): boolean {
  for (let offset = 1; offset < words; offset++) {
    if (tokenIds[start + offset] !== ids[offset]) return false;
  }
  return true;
}

/**
 * Whether the field's token at `position` starts with the (folded) prefix. The scanned text is
 * folded, or read in place when folding would only lower-case its ASCII letters: those are
 * lower-cased as they are compared.
 */
function startsToken(field: ScannedField, position: number, prefix: string): boolean {
  const start = field.starts[position];
  if (field.ends[position] - start < prefix.length) return false;
  const { text } = field;
  for (let index = 0; index < prefix.length; index++) {
    const code = text.charCodeAt(start + index);
    const folded = code >= UPPER_A && code <= UPPER_Z ? code | ASCII_LOWER_CASE_BIT : code;
    if (folded !== prefix.charCodeAt(index)) return false;
  }
  return true;
}

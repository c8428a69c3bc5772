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
 * and then of the prefix term its last word is filed under, which that word need only start.
 * Positions come from the scan, which chains a token term's occurrences (last first) and knows
 * a prefix term's last one; the scanned text's separators are the folded text's. With
 * `firstOnly`, at most one span: whether it occurs.
 */
export function scannedPhraseSpans(
  field: ScannedField,
  ids: Int32Array,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
  firstOnly = false,
): Span[] {
  for (let index = 0; index < ids.length; index++) {
    if (!field.occursIn(ids[index])) return [];
  }
  const spans: Span[] = [];
  const last = phrase.tokens.length - 1;
  const words = lastIsPrefix ? ids.length - 1 : ids.length;
  const occursAt = (start: number) =>
    start + last < field.tokenCount &&
    wordsAt(field.tokenIds, start, ids, words) &&
    (!lastIsPrefix || startsToken(field, start + last, phrase.tokens[last])) &&
    separatorsAt(field.text, field.starts, field.ends, start, phrase);
  if (words === 0) {
    // A prefix alone: every token it starts is at or before its prefix term's last occurrence.
    for (let start = field.lastPosition(ids[0]); start >= 0; start--) {
      if (!occursAt(start)) continue;
      spans.push([start, start]);
      if (firstOnly) break;
    }
  } else {
    for (
      let start = field.lastPosition(ids[0]);
      start >= 0;
      start = field.previousPosition(start)
    ) {
      if (!occursAt(start)) continue;
      spans.push([start, start + last]);
      if (firstOnly) break;
    }
  }
  return spans.reverse();
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

import { stemmer } from 'stemmer';
import { foldCase } from '../../matching/text/text-normalization.js';
import { tokenize } from '../../matching/text/tokenizer.js';
import { isStopWord } from './stop-words.js';

/** This many description words found in the item give the full description overlap. */
export const DESCRIPTION_WORDS_FOR_FULL_OVERLAP = 5;

/** The distinct English stems of a text's words, compared as matching compares text. */
export function stemsOf(text: string): Set<string> {
  return new Set(tokenize(foldCase(text)).tokens.map((token) => stemmer(token)));
}

/** A description's stems without stop words: what the search is about, beyond its keywords. */
export function descriptionStemsOf(description: string | null): Set<string> {
  if (description === null) return new Set();
  const words = tokenize(foldCase(description)).tokens.filter((token) => !isStopWord(token));
  return new Set(words.map((token) => stemmer(token)));
}

/** Share of the keyword's words found in a field (by stem); 0 for a keyword without words. */
export function wordCoverage(keyword: ReadonlySet<string>, field: ReadonlySet<string>): number {
  if (keyword.size === 0) return 0;
  let found = 0;
  for (const stem of keyword) if (field.has(stem)) found += 1;
  return found / keyword.size;
}

/**
 * Share of the description's words the item contains, the keyword's own words left out (they are
 * there by definition); 5 shared words, or all of a shorter description, count as full overlap.
 */
export function descriptionOverlap(
  description: ReadonlySet<string>,
  item: ReadonlySet<string>,
  keyword: ReadonlySet<string>,
): number {
  let considered = 0;
  let shared = 0;
  for (const stem of description) {
    if (keyword.has(stem)) continue;
    considered += 1;
    if (item.has(stem)) shared += 1;
  }
  if (considered === 0) return 0;
  return Math.min(1, shared / Math.min(DESCRIPTION_WORDS_FOR_FULL_OVERLAP, considered));
}

import type { FieldView } from '../text/field-view.js';
import { separatorEndsAt, separatorEquals, separatorStartsAt } from '../text/separator.js';

/**
 * Word boundaries come for free: text tokens are maximal runs of word characters, so a
 * phrase starting or ending with a letter or digit can only align with whole text tokens
 * ("acme" never matches inside "acmecorp"), while a leading or trailing symbol is just a
 * separator that must touch the match ("c++" matches "c++!", ".net" matches "asp.net").
 */
export interface PhrasePattern {
  readonly termIds: readonly number[];
  readonly gaps: readonly string[];
  readonly prefix: string;
  readonly suffix: string;
  /** One token and nothing around it: its term's occurrences are the phrase's. */
  readonly bare: boolean;
}

export function phraseMatchesAt(field: FieldView, start: number, pattern: PhrasePattern): boolean {
  const { termIds, gaps } = pattern;
  const { text, tokenIds, starts, ends } = field;
  const last = start + termIds.length - 1;
  if (start < 0 || last >= field.tokenCount) return false;
  for (let offset = 0; offset < termIds.length; offset++) {
    if (tokenIds[start + offset] !== termIds[offset]) return false;
  }
  for (let offset = 0; offset < gaps.length; offset++) {
    const gapStart = ends[start + offset];
    const gapEnd = starts[start + offset + 1];
    if (!separatorEquals(text, gapStart, gapEnd, gaps[offset])) return false;
  }
  if (pattern.prefix !== '' && !separatorEndsAt(text, starts[start], pattern.prefix)) return false;
  return pattern.suffix === '' || separatorStartsAt(text, ends[last], pattern.suffix);
}

/** Token positions where the phrase starts in the field, last first. */
export function phraseStartsIn(field: FieldView, pattern: PhrasePattern): number[] {
  const starts: number[] = [];
  for (
    let position = field.lastPosition(pattern.termIds[0]);
    position >= 0;
    position = field.previousPosition(position)
  ) {
    if (pattern.bare || phraseMatchesAt(field, position, pattern)) starts.push(position);
  }
  return starts;
}

export function phraseOccursIn(field: FieldView, pattern: PhrasePattern): boolean {
  for (
    let position = field.lastPosition(pattern.termIds[0]);
    position >= 0;
    position = field.previousPosition(position)
  ) {
    if (phraseMatchesAt(field, position, pattern)) return true;
  }
  return false;
}

/** Whether the phrase occurs in the field, found along its token ids (UNNOTED terms included). */
export function phraseFoundIn(field: FieldView, pattern: PhrasePattern): boolean {
  const first = pattern.termIds[0];
  for (let position = 0; position < field.tokenCount; position++) {
    if (field.tokenIds[position] === first && phraseMatchesAt(field, position, pattern))
      return true;
  }
  return false;
}

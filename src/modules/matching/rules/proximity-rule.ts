import type { FieldView } from '../text/field-view.js';
import type { MatchRule } from './match-rule.js';
import { phraseStartsIn, type PhrasePattern } from './phrase-pattern.js';

/** Extra text tokens a proximity window may hold beyond the keyword's own. */
export const PROXIMITY_SLACK = 5;

/**
 * `proximity` mode (docs/matching.md): every word, in any order, within n + PROXIMITY_SLACK
 * consecutive text tokens, n the keyword's token count ("node.js" is two); a word with symbols
 * must occur as written.
 */
export class ProximityRule implements MatchRule {
  static readonly perField = true;
  readonly perField = ProximityRule.perField;

  constructor(
    private readonly words: readonly PhrasePattern[],
    private readonly window: number,
  ) {}

  matches(field: FieldView): boolean {
    if (!this.words.every((word) => field.occursIn(word.termIds[0]))) return false;
    const starts = this.words.map((word) => phraseStartsIn(field, word));
    if (starts.some((wordStarts) => wordStarts.length === 0)) return false;
    // The tightest window starts where one of the words starts.
    return starts.some((wordStarts) => wordStarts.some((left) => this.fitsFrom(starts, left)));
  }

  private fitsFrom(starts: readonly (readonly number[])[], left: number): boolean {
    const right = left + this.window - 1;
    return this.words.every((word, index) =>
      starts[index].some((start) => start >= left && start + word.termIds.length - 1 <= right),
    );
  }
}

import type { FieldView } from './field-view.js';
import type { MatchRule } from './match-rule.js';
import { phraseMatchesAt, type PhrasePattern } from './phrase-pattern.js';

/** `exact` mode: the whole keyword as a phrase, verified where its anchor token occurs. */
export class ExactRule implements MatchRule {
  readonly perField = false;

  constructor(
    private readonly pattern: PhrasePattern,
    private readonly anchorOffset: number,
  ) {}

  matches(field: FieldView, anchorPosition: number): boolean {
    return phraseMatchesAt(field, anchorPosition - this.anchorOffset, this.pattern);
  }
}

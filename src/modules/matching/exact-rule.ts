import type { FieldView } from './field-view.js';
import type { MatchRule } from './match-rule.js';
import { phraseMatchesAt, type Phrase } from './phrase.js';

/** `exact` mode: the whole keyword as a phrase, anchored on one of its tokens. */
export class ExactRule implements MatchRule {
  readonly perField = false;

  constructor(
    private readonly phrase: Phrase,
    private readonly anchorOffset: number,
  ) {}

  matches(field: FieldView, anchorPosition: number): boolean {
    return phraseMatchesAt(field, anchorPosition - this.anchorOffset, this.phrase);
  }
}

import type { FieldView } from '../text/field-view.js';
import type { MatchRule } from './match-rule.js';
import { phraseMatchesAt, type PhrasePattern } from './phrase-pattern.js';
import type { ParsedPhrase } from '../text/phrase.js';

/**
 * `exact` mode: the whole keyword as a phrase, verified where its anchor token occurs. The rule
 * is its own pattern: one object per exact keyword, not two.
 */
export class ExactRule implements MatchRule, PhrasePattern {
  static readonly perField = false;
  readonly perField = ExactRule.perField;
  readonly gaps: readonly string[];
  readonly prefix: string;
  readonly suffix: string;
  readonly bare = false;

  constructor(
    phrase: ParsedPhrase,
    readonly termIds: readonly number[],
    private readonly anchorOffset: number,
  ) {
    this.gaps = phrase.gaps;
    this.prefix = phrase.prefix;
    this.suffix = phrase.suffix;
  }

  matches(field: FieldView, anchorPosition: number): boolean {
    return phraseMatchesAt(field, anchorPosition - this.anchorOffset, this);
  }
}

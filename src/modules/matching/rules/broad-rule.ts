import type { FieldView } from '../text/field-view.js';
import type { MatchRule } from './match-rule.js';
import { phraseOccursIn, type PhrasePattern } from './phrase-pattern.js';

/**
 * `broad` mode: every word anywhere in the field, in any order. Plain words compare by
 * English stem ("tracking" ~ "tracked"); words with symbols ("c++", "node.js") have no
 * meaningful stem and must occur as written.
 */
export class BroadRule implements MatchRule {
  static readonly perField = true;
  readonly perField = BroadRule.perField;

  constructor(
    private readonly stemIds: readonly number[],
    private readonly symbolWords: readonly PhrasePattern[],
  ) {}

  matches(field: FieldView): boolean {
    return (
      this.stemIds.every((stemId) => field.occursIn(stemId)) &&
      this.symbolWords.every((word) => phraseOccursIn(field, word))
    );
  }
}

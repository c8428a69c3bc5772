import type { FieldView } from '../text/field-view.js';
import type { MatchRule } from './match-rule.js';

const REGEXP_SYNTAX = /[.*+?^${}()|[\]\\/]/g;

/**
 * `exact` matching for a keyword made only of symbols ("++"): the index finds its phrase in the
 * field text (SymbolPhraseLists); this rule says the same of one field. No word boundaries
 * apply; a space stands for any run of whitespace.
 */
export class PhraseSearchRule implements MatchRule {
  readonly perField = true;
  private readonly pattern: RegExp;

  /** `phrase` is folded, with whitespace runs collapsed to single spaces. */
  constructor(readonly phrase: string) {
    const source = phrase
      .split(' ')
      .map((part) => part.replace(REGEXP_SYNTAX, '\\$&'))
      .join('\\s+');
    this.pattern = new RegExp(source);
  }

  matches(field: FieldView): boolean {
    return this.pattern.test(field.text);
  }
}
